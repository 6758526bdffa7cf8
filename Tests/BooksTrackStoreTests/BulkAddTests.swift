import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// Adding many books at once, as imports do.
@Suite struct BulkAddTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    @Test func aBatchOfGeneratedBooksIsStoredWhole() throws {
        // Given 400 generated books sharing authors
        let books = LibraryFixtures.books(count: 400, userID: library.alice.id, seed: 11)
        // When they are added in one batch
        try library.store.add(books)
        // Then every entry, each shared author once, and every status count are there
        #expect(try library.store.count(EntryQuery()) == 400)
        let authorIDs = Set(books.flatMap { $0.authors.map(\.id) })
        #expect(try library.store.allAuthors().count == authorIDs.count)
        let expectedCounts = Dictionary(grouping: books, by: \.entry.status).mapValues(\.count)
        for status in ReadingStatus.allCases {
            #expect(try library.store.countByStatus()[status] == expectedCounts[status, default: 0])
        }
        // And a book reads back exactly as generated
        let sample = books[123]
        let stored = try #require(try library.store.book(entryID: sample.entry.id))
        #expect(stored.entry == sample.entry)
        #expect(stored.work == sample.work)
        #expect(stored.authors == sample.authors)
        #expect(stored.edition == sample.edition)
    }

    @Test func authorsAlreadyInTheLibraryAreReusedNotOverwritten() throws {
        // Given an author already in the library
        let author = LibraryFixtures.author("Becky Chambers")
        try library.store.save(author)
        // When two books arrive carrying the same author ID with another spelling
        var renamed = author
        renamed.name = "B. Chambers"
        let books = ["The Long Way to a Small, Angry Planet", "Record of a Spaceborn Few"].map {
            LibraryFixtures.book(title: $0, authors: [renamed], userID: library.alice.id)
        }
        try library.store.add(books)
        // Then the library still has one author, as first saved, linked to both works
        #expect(try library.store.allAuthors() == [author])
        for book in books {
            #expect(try library.store.book(entryID: book.entry.id)?.authors == [author])
        }
    }

    @Test func addingOneBookReturnsItAsStored() throws {
        // Given a new book with tags
        let book = LibraryFixtures.book(title: "Exhalation", authors: [LibraryFixtures.author("Ted Chiang")],
                                        userID: library.alice.id, isbn: LibraryFixtures.isbn(serial: 5), tags: ["Stories"])
        // When it is added
        let added = try library.store.add(book)
        // Then the answer is what the store now holds
        #expect(added == (try library.store.book(entryID: book.entry.id)))
        #expect(added.entry.tags == ["Stories"])
        #expect(added.edition?.isbns == book.edition?.isbns)
    }

    @Test func anEditionOfAnotherWorkInABookIsRefused() throws {
        // Given a book whose edition names another work
        var book = LibraryFixtures.book(title: "Station Eleven", authors: [LibraryFixtures.author("Emily St. John Mandel")],
                                        userID: library.alice.id)
        book.edition?.workID = Work.ID()
        // When it is added, then it is refused and nothing is stored
        #expect(throws: LibraryError.editionOfAnotherWork) { try library.store.add(book) }
        #expect(try library.store.count(EntryQuery()) == 0)
    }
}

/// Large batches, checked on a second thread while the first writes.
@Suite struct LargeBatchTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    @Test func aLargeBatchIsStoredWholeInOrderOfAddition() throws {
        // Given 2,500 generated books (several preparation chunks)
        let books = LibraryFixtures.books(count: 2_500, userID: library.alice.id, seed: 21)
        // When they are added in one batch
        try library.store.add(books)
        // Then all are there, and the newest addition is first in the default order
        #expect(try library.store.count(EntryQuery()) == 2_500)
        let newest = try #require(books.max { ($0.entry.dateAdded, $0.entry.id) < ($1.entry.dateAdded, $1.entry.id) })
        #expect(try library.store.books(EntryQuery(limit: 1)).first?.entry.id == newest.entry.id)
    }

    @Test func anInvalidBookLateInALargeBatchAddsNothing() throws {
        // Given 2,000 books, the 1,900th with a rating off the quarter steps
        var books = LibraryFixtures.books(count: 2_000, userID: library.alice.id, seed: 22)
        books[1_899].entry.rating = 3.3
        // When the batch is added, then the rating is refused and nothing is stored
        #expect(throws: LibraryError.invalid(.outOfRange(field: "rating", value: "3.3", allowed: "0.25–5 in quarter steps"))) {
            try library.store.add(books)
        }
        #expect(try library.store.count(EntryQuery()) == 0)
        #expect(try library.store.allAuthors().isEmpty)
    }
}
