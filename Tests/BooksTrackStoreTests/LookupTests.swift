import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// Finding books by ISBN, by title and author, by identifier prefix and by a piece of the title.
@Suite struct LookupTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    @Test func anEditionAndItsEntryAreFoundByISBNWrittenEitherWay() throws {
        // Given a book whose edition carries an ISBN
        let isbn = try ISBN(parsing: "978-0-441-17271-9")
        let book = try library.addBook("Dune", by: "Frank Herbert", isbn: isbn)
        // When looked up by the ISBN-10 form of the same number
        let asTen = try ISBN(parsing: "0441172717")
        // Then the edition and the entry are found
        #expect(try library.store.edition(isbn: asTen)?.id == book.edition?.id)
        #expect(try library.store.entries(isbn: asTen) == [book.entry.id])
        #expect(try library.store.entries(isbn: try ISBN(parsing: "9780441478125")).isEmpty)
    }

    @Test func anEntryIsFoundByTheISBNOfItsPrimaryEditionOnlyWhenNotOwned() throws {
        // Given an owned book, and a second edition of it with another ISBN
        let ownedISBN = try #require(LibraryFixtures.isbn(serial: 1))
        let otherISBN = try #require(LibraryFixtures.isbn(serial: 2))
        let book = try library.addBook("Kindred", by: "Octavia E. Butler", isbn: ownedISBN)
        try library.store.save(Edition(workID: book.work.id, isbns: [otherISBN], pageCount: 10, dateCreated: day(1)))
        // When looked up by the other edition's ISBN, then the owned entry is not found by it
        #expect(try library.store.entries(isbn: otherISBN).isEmpty)
        #expect(try library.store.entries(isbn: ownedISBN) == [book.entry.id])
    }

    @Test func worksAreFoundByTheirDedupeKeyWhateverTheSpelling() throws {
        // Given a work by Ursula K. Le Guin
        let book = try library.addBook("The Left Hand of Darkness", by: "Ursula K. Le Guin")
        // When searched with another spelling of title and author
        let found = try library.store.works(title: "Left Hand of Darkness (Hainish Cycle #4)", primaryAuthor: "Le Guin, Ursula K.")
        // Then the work is found, and another author does not match
        #expect(found.map(\.id) == [book.work.id])
        #expect(try library.store.works(title: "The Left Hand of Darkness", primaryAuthor: "Someone Else").isEmpty)
        #expect(try library.store.works(title: "The Left Hand of Darkness", primaryAuthor: nil).isEmpty)
    }

    @Test func aWorkWithoutAuthorsIsFoundWithoutAnAuthor() throws {
        // Given a work with no author
        let work = Work(title: "Beowulf", dateCreated: day(0))
        try library.store.save(work)
        // When searched without an author, then it is found
        #expect(try library.store.works(title: "beowulf", primaryAuthor: nil).map(\.id) == [work.id])
        #expect(try library.store.works(title: "beowulf", primaryAuthor: "").map(\.id) == [work.id])
    }

    @Test func authorsAreFoundByTheirNameInEitherOrder() throws {
        // Given an author saved as "Ursula K. Le Guin"
        try library.addBook("Tehanu", by: "Ursula K. Le Guin")
        // When searched as "Le Guin, Ursula K.", then she is found
        #expect(try library.store.authors(named: "Le Guin, Ursula K.").map(\.name) == ["Ursula K. Le Guin"])
        #expect(try library.store.authors(named: "Ursula Le Guin").isEmpty)
    }

    @Test func entriesAreFoundByAnIdentifierPrefixWithOrWithoutHyphens() throws {
        // Given a book
        let book = try library.addBook("Lagoon", by: "Nnedi Okorafor")
        let id = book.entry.id.description
        // When looked up by prefixes in several spellings
        let hyphenless = String(id.replacingOccurrences(of: "-", with: "").prefix(12)).uppercased()
        // Then each finds it, and text that is no hex prefix finds nothing
        #expect(try library.store.entries(idPrefix: String(id.prefix(4))) == [book.entry.id])
        #expect(try library.store.entries(idPrefix: String(id.prefix(8))) == [book.entry.id])
        #expect(try library.store.entries(idPrefix: hyphenless) == [book.entry.id])
        #expect(try library.store.entries(idPrefix: id) == [book.entry.id])
        #expect(try library.store.entries(idPrefix: String(id.prefix(5))) == [book.entry.id])
        #expect(try library.store.entries(idPrefix: "").isEmpty)
        #expect(try library.store.entries(idPrefix: "zz").isEmpty)
        #expect(try library.store.entries(idPrefix: "%").isEmpty)
    }

    @Test func entriesAreFoundByAPieceOfTheTitleIgnoringCaseAndAccents() throws {
        // Given books with accented and similar titles
        let cafe = try library.addBook("Café Society", by: "A")
        let exact = try library.addBook("Society", by: "B")
        let other = try library.addBook("The Society of Mind", by: "C")
        try library.addBook("Unrelated", by: "D")
        // When searched by a plain piece of a title
        // Then all matches come back, the exact title first, then titles starting with it
        #expect(try library.store.entries(titleContaining: "SOCIETY", limit: 10) == [exact.entry.id, other.entry.id, cafe.entry.id])
        #expect(try library.store.entries(titleContaining: "cafe", limit: 10) == [cafe.entry.id])
        #expect(try library.store.entries(titleContaining: "society", limit: 1) == [exact.entry.id])
        #expect(try library.store.entries(titleContaining: "  ", limit: 10).isEmpty)
    }
}
