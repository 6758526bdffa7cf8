import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// Shapes from people's own LibraryThing exports that the format documents do not show.
@Suite struct LibraryThingRealShapesTests {
    static func books(_ json: String) throws -> [ImportedBook] {
        var problems: [ImportProblem] = []
        return try LibraryThingJSONReader.books(from: Data(json.utf8), limits: ImportLimits(), problems: &problems)
    }

    @Test func htmlEntitiesInTitlesAndNamesAreDecoded() throws {
        // Given a book as LibraryThing's JSON writes it: named and numeric references
        let json = #"""
            {"1": {"books_id": "1", "title": "The Hobbit, or There and Back Again &amp; Tolkien&#039;s Letters",
              "primaryauthor": "Bront&euml;, Charlotte",
              "authors": [{"lf": "Bront&euml;, Charlotte", "fl": "Charlotte Bront&euml;"},
                          {"lf": "O&rsquo;Brien, Flann", "fl": "Flann O&#x27;Brien", "role": "Editor"}],
              "publication": "Edici&oacute;n &laquo;Austral&raquo; (1999), Paperback",
              "tags": ["caf&eacute;", "AT&T", "R&D &unknown; stays"]}}
            """#

        // When read
        let book = try #require(try Self.books(json).first)

        // Then the characters are there; a bare & and an unknown name stay as written
        #expect(book.title == "The Hobbit, or There and Back Again & Tolkien's Letters")
        #expect(book.authors == ["Charlotte Brontë"])
        #expect(book.contributors == [Contributor(name: "Flann O'Brien", role: "editor")])
        #expect(book.publisher == "Edición «Austral»")
        #expect(book.tags == ["café", "AT&T", "R&D &unknown; stays"])
    }

    @Test func theTSVExportIsDecodedToo() throws {
        // Given the TSV export's shape (tab-separated, HTML in the title)
        let header = "Book Id\tTitle\tPrimary Author\tPrimary Author Role\tSecondary Author\tSecondary Author Roles\tPublication"
        let row = "7\tL&rsquo;&Eacute;tranger\tCamus, Albert\t\t\t\tGallimard (1942)"
        var reader = try CSVReader(data: Data((header + "\n" + row + "\n").utf8))
        let csvHeader = CSVHeader(try #require(try reader.next()).fields)
        var problems: [ImportProblem] = []

        // When mapped
        let record = try #require(try reader.next())
        let book = try #require(LibraryThingRowMapper(header: csvHeader).book(from: CSVRow(record: record, header: csvHeader), problems: &problems))

        // Then the title reads as printed
        #expect(book.title == "L’Étranger")
    }

    @Test(arguments: [
        ("&#0;", "&#0;"), ("&#xD800;", "&#xD800;"), ("&#99999999999;", "&#99999999999;"), ("&;", "&;"), ("&", "&"),
        ("&amp", "&amp"), ("&#128218;", "📚"), ("&nbsp;x", "\u{A0}x"), ("&yuml;&iexcl;", "ÿ¡"),
    ])
    func referencesThatAreNoCharacterStayAsWritten(text: String, decoded: String) {
        #expect(HTMLEntities.decode(text) == decoded)
    }
}

/// LibraryThing's publication field, whose publisher may hold parentheses and commas.
@Suite struct LibraryThingPublicationTests {
    @Test(arguments: [
        ("Puffin Books (Penguin) (2007), Edition: 2nd, Paperback, 36 pages", "Puffin Books (Penguin)", 2007, "2nd", 36),
        ("Harper Collins (Children's Books) (1999), Edition: 0, 320 pages", "Harper Collins (Children's Books)", 1999, nil, 320),
        ("Gallimard, Folio (1979), Poche", "Gallimard, Folio", 1979, nil, nil),
        ("Tor (Macmillan) (?), 448 pages", "Tor (Macmillan)", nil, nil, 448),
        ("Publisher Unknown (2001)", nil, 2001, nil, nil),
        ("Some Press (Imprint)", "Some Press (Imprint)", nil, nil, nil),
    ] as [(String, String?, Int?, String?, Int?)])
    func theYearIsTheFirstParenthesisHoldingAYear(text: String, publisher: String?, year: Int?, edition: String?, pages: Int?) {
        let publication = LibraryThingRowMapper.publication(text)

        #expect(publication.publisher == publisher)
        #expect(publication.year == year)
        #expect(publication.edition == edition)
        #expect(publication.pages == pages)
    }

    @Test func anImportedPublicationFillsTheEdition() throws {
        // Given a book whose publication names an imprint in parentheses and an edition
        let json = #"{"1": {"books_id": "1", "title": "Matilda", "primaryauthor": "Dahl, Roald", "publication": "Puffin Books (Penguin) (2007), Edition: 2nd, Paperback, 36 pages"}}"#
        var problems: [ImportProblem] = []

        // When read
        let book = try #require(try LibraryThingJSONReader.books(from: Data(json.utf8), limits: ImportLimits(), problems: &problems).first)

        // Then publisher, year, edition, binding and pages each land in their field
        #expect(book.publisher == "Puffin Books (Penguin)")
        #expect(book.publicationDate == PartialDate(year: 2007))
        #expect(book.editionTitle == "2nd")
        #expect(book.format == .paperback)
        #expect(book.pageCount == 36)
    }
}

/// The export read one book at a time: file order, odd strings, and files refused whole.
@Suite struct LibraryThingStreamingTests {
    static func entries(_ json: String) throws -> [(String, String)] {
        let data = Data(json.utf8)
        var found: [(String, String)] = []
        try LibraryThingJSONEntries(data).forEach { entry in
            found.append((entry.key, String(decoding: data.subdata(in: entry.range), as: UTF8.self)))
        }
        return found
    }

    @Test func entriesComeInFileOrderWithBracesAndQuotesInsideStrings() throws {
        let json = #"\#u{FEFF}{"9": {"title": "a } ] { [ \" tricky"}, "10": {"title": "b"},"2":{"x":[1,{"y":"}"}]}, "k\u0065y": 5 }"#
        let found = try Self.entries(json)
        #expect(found.map(\.0) == ["9", "10", "2", "key"])
        #expect(found[0].1 == #"{"title": "a } ] { [ \" tricky"}"#)
        #expect(found[3].1 == "5")
    }

    @Test func aListOfBooksIsNumberedFromOne() throws {
        #expect(try Self.entries(#"[{"title": "a"}, {"title": "b"}]"#).map(\.0) == ["1", "2"])
        #expect(try Self.entries("  {}  ").isEmpty)
    }

    @Test(arguments: [
        #"{"1": {"title": "a"}"#, #"{"1": {"title": "a"}} junk"#, #"{"1": {"title": "a"} "2": {}}"#, #"{"1" {"title": "a"}}"#,
        #"{"1": {"title": "a}}"#, "", "null", #"{1: {}}"#,
    ])
    func aMalformedDocumentIsInvalidJSON(json: String) {
        #expect(throws: ImportError.self) { try Self.entries(json) }
    }

    @Test func aBadBookLateInTheFileRefusesTheWholeFileBeforeAnythingIsWritten() throws {
        // Given 3,000 good books then one whose value does not parse
        let harness = try ImportHarness()
        let good = (1...3_000).map { #""\#($0)": {"title": "Book \#($0)", "primaryauthor": "Writer, A"}"# }
        let file = try harness.file("librarything.json", "{" + (good + [#""3001": {"title": tru}"#]).joined(separator: ",\n") + "}")

        // When imported in batches of 1,000
        // Then it is refused naming the book, and the library stays empty
        let error = #expect(throws: ImportError.self) {
            try harness.importer().importFile(at: file, options: ImportOptions(batchSize: 1_000))
        }
        #expect(String(describing: error!).contains("3001"))
        #expect(try harness.count() == 0)
    }

    @Test func booksComeInBatchesInFileOrder() throws {
        // Given 2,500 books
        let json = "{" + (1...2_500).map { #""\#($0)": {"title": "Book \#($0)"}"# }.joined(separator: ",") + "}"
        var sizes: [Int] = []
        var titles: [String] = []

        // When mapped 1,000 at a time
        try LibraryThingJSONReader.forEachBatch(of: Data(json.utf8), batchSize: 1_000) { books, _ in
            sizes.append(books.count)
            titles += books.map(\.title)
        }

        // Then three batches come, in the file's order
        #expect(sizes == [1_000, 1_000, 500])
        #expect(titles.first == "Book 1")
        #expect(titles.last == "Book 2500")
    }
}
