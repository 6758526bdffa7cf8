/// Open Library dump lines in the real shape (../shared/samples/openlibrary-dump), made up in
/// number for imports of many lines.
public enum OpenLibraryDumpFixture {
    /// An edition line with a made-up key, title and valid ISBN-13; `work` names its work's key.
    public static func edition(_ index: Int, work: Int? = nil) -> String {
        let body = "978" + String(100_000_000 + index)
        var sum = 0
        for (position, digit) in body.utf8.enumerated() {
            sum += Int(digit - 48) * (position.isMultiple(of: 2) ? 1 : 3)
        }
        let isbn = body + String((10 - sum % 10) % 10)
        let workReference = work.map { #", "works": [{"key": "/works/OL\#($0)W"}]"# } ?? ""
        return "/type/edition\t/books/OL\(index)M\t2\t2010-03-11T23:44:18.987404\t"
            + #"{"publishers": ["Press \#(index % 7)"], "isbn_13": ["\#(isbn)"], "title": "Generated Title \#(index)", "#
            + #""number_of_pages": \#(100 + index), "key": "/books/OL\#(index)M""# + workReference
            + #", "type": {"key": "/type/edition"}, "revision": 2}"#
    }
}
