import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// Shapes from people's own Goodreads exports that the format documents do not show.
@Suite struct GoodreadsRealShapesTests {
    /// Maps every data row of a Goodreads file.
    static func map(_ text: String) throws -> [ImportedBook] {
        var reader = try CSVReader(data: Data(text.utf8))
        let header = CSVHeader(try #require(try reader.next()).fields)
        let mapper = GoodreadsRowMapper(header: header)
        var problems: [ImportProblem] = []
        var books: [ImportedBook] = []
        while let record = try reader.next() {
            if let book = mapper.book(from: CSVRow(record: record, header: header), problems: &problems) { books.append(book) }
        }
        return books
    }

    @Test func anAuthorWithACommaIsOnePerson() throws {
        // Given rows whose Author holds a comma: inverted, and a generational suffix
        let text = GoodreadsText.file([
            GoodreadsText.row(id: 1, title: "Hobbit", author: "Tolkien, J.R.R."),
            GoodreadsText.row(id: 2, title: "Strength to Love", author: "Martin Luther King, Jr."),
        ])

        // When mapped
        let books = try Self.map(text)

        // Then each book has one author, the name as written
        #expect(books.map(\.authors) == [["Tolkien, J.R.R."], ["Martin Luther King, Jr."]])
    }

    @Test func additionalAuthorsStayAList() throws {
        // Given a row with two additional authors
        let row = GoodreadsText.row(id: 1, title: "Hamilton", author: "Lin-Manuel Miranda")
            .replacingOccurrences(of: "\"Lin-Manuel Miranda\",,", with: "\"Lin-Manuel Miranda\",,\"Jeremy McCarter, Jane Doe\"")

        // When mapped
        let book = try #require(try Self.map(GoodreadsText.file([row])).first)

        // Then the author comes first, then each additional author
        #expect(book.authors == ["Lin-Manuel Miranda", "Jeremy McCarter", "Jane Doe"])
    }

    @Test func privateNotesLoseTheirHTMLLikeTheReview() throws {
        // Given notes and a review with Goodreads' line breaks and entities
        let row = GoodreadsText.row(
            id: 1, title: "Dune", author: "Frank Herbert", review: "Spice<br/>worms", notes: "Lent to Sam<br/><br />back by May &amp; June"
        )

        // When mapped
        let book = try #require(try Self.map(GoodreadsText.file([row])).first)

        // Then both read as plain text with line breaks
        #expect(book.review == "Spice\nworms")
        #expect(book.notes == "Lent to Sam\n\nback by May & June")
    }

    @Test func aNineDigitSBNInTheISBNColumnIsKept() throws {
        // Given a 1966 book whose ISBN cell holds its nine-digit SBN
        let row = GoodreadsText.row(id: 1, title: "The Owl Service", author: "Alan Garner")
            .replacingOccurrences(of: "\"=\"\"\"\"\"", with: "\"=\"\"340013818\"\"\"")

        // When mapped
        let book = try #require(try Self.map(GoodreadsText.file([row])).first)

        // Then it is the ISBN-10 with a leading zero
        #expect(book.isbns.map(\.isbn13) == ["9780340013816"])
    }

    @Test func anOriginalPublicationYearBeforeYearOneIsKept() throws {
        // Given The Odyssey as Goodreads exports it: Original Publication Year -700
        let row = GoodreadsText.row(id: 1381, title: "The Odyssey", author: "Homer").replacingOccurrences(of: ",2019,2019,", with: ",1996,-700,")

        // When mapped
        let book = try #require(try Self.map(GoodreadsText.file([row])).first)

        // Then the work's first publication is 700 BC and the edition's year stays 1996
        #expect(book.firstPublicationYear == -700)
        #expect(book.publicationDate == PartialDate(year: 1996))
    }

    @Test func rolesInAdditionalAuthorsAreKept() throws {
        // Given an audiobook row whose Additional Authors name a narrator and a translator
        let row = GoodreadsText.row(id: 1, title: "The Name of the Rose", author: "Umberto Eco")
            .replacingOccurrences(of: "\"Umberto Eco\",,", with: "\"Umberto Eco\",,\"William Weaver (Translator), Sean Barrett (Narrator), Jane Doe\"")

        // When mapped
        let book = try #require(try Self.map(GoodreadsText.file([row])).first)

        // Then the translator and narrator are on the edition and only writers are authors
        #expect(book.authors == ["Umberto Eco", "Jane Doe"])
        #expect(book.translator == "William Weaver")
        #expect(book.narrator == "Sean Barrett")
    }
}
