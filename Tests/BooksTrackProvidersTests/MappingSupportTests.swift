import BooksTrackCore
import BooksTrackProviders
import Testing

@Suite struct MappingSupportTests {
    @Test func openLibraryLanguageLinksBecomeBCP47Tags() {
        #expect(MappingSupport.languageTag(fromOpenLibraryKey: "/languages/eng") == "en")
        #expect(MappingSupport.languageTag(fromOpenLibraryKey: "/languages/ger") == "de")
        #expect(MappingSupport.languageTag(fromOpenLibraryKey: "/languages/und") == nil)
        #expect(MappingSupport.languageTag(fromOpenLibraryKey: nil) == nil)
    }

    @Test func httpLinksAreUpgradedAndOtherSchemesRefused() {
        #expect(MappingSupport.httpsURL("http://books.google.com/books/content?id=x") == "https://books.google.com/books/content?id=x")
        #expect(MappingSupport.httpsURL("https://covers.openlibrary.org/b/id/1-L.jpg") == "https://covers.openlibrary.org/b/id/1-L.jpg")
        #expect(MappingSupport.httpsURL("javascript:alert(1)") == nil)
    }

    @Test func coverIDsBelowOneMeanNoCover() {
        #expect(MappingSupport.openLibraryCoverURL(id: 8665647) == "https://covers.openlibrary.org/b/id/8665647-L.jpg")
        #expect(MappingSupport.openLibraryCoverURL(id: -1) == nil)
        #expect(MappingSupport.openLibraryCoverURL(id: 0) == nil)
    }

    @Test func openLibraryIDsAreFoundInKeysAndURLs() {
        #expect(MappingSupport.openLibraryID(from: "/works/OL45804W") == "OL45804W")
        #expect(MappingSupport.openLibraryID(from: "https://openlibrary.org/authors/OL269675A/Pascal_Quignard") == "OL269675A")
        #expect(MappingSupport.openLibraryID(from: "/works/../../admin") == nil)
    }

    @Test func htmlBecomesPlainText() {
        let html = "First line.<br/><br/>Second &amp; <b>bold</b> line.<p>Third</p>"
        #expect(MappingSupport.plainText(fromHTML: html) == "First line.\n\nSecond & bold line.\nThird")
    }

    @Test func onlyValidISBNsAreKeptInBothForms() {
        let isbns = MappingSupport.isbns(["0060273224", "9780060273224", "0060273225", "979-10-90636-07-1"])
        #expect(isbns.isbn13 == ["9780060273224", "9791090636071"])
        #expect(isbns.isbn10 == ["0060273224"])
    }

    @Test func requestURLsEncodeQueryValuesStrictly() {
        let url = ProviderRequest.url(base: "https://example.org/", path: "/search.json", query: [("title", "C++ & Rust: a/b")])
        #expect(url == "https://example.org/search.json?title=C%2B%2B%20%26%20Rust:%20a%2Fb")
    }
}
