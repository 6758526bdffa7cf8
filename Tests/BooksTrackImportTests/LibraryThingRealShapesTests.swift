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
