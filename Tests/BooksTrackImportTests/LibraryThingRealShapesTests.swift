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
        #expect(book.authors == ["Charlotte Brontë", "Flann O'Brien"])
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
