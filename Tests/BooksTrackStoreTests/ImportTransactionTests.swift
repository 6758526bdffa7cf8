import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// An import's batch transaction, which leaves SQLite's foreign keys off while `apply` checks
/// the references it writes itself.
@Suite struct ImportTransactionTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    @Test func booksWrittenInAnImportTransactionReferenceOnlyRowsThatExist() throws {
        // Given a book already in the library, and 300 generated books sharing authors
        let earlier = try library.addBook("The Dispossessed", by: "Ursula K. Le Guin")
        let books = LibraryFixtures.books(count: 300, userID: library.alice.id, seed: 7)
        // And a change to the earlier book: a second edition it now owns, and a new author for its work
        let translator = LibraryFixtures.author("Ana Torres")
        var work = earlier.work
        work.authorIDs.append(translator.id)
        let edition = Edition(
            workID: work.id, isbns: [try #require(LibraryFixtures.isbn(serial: 901))], pageCount: 400, format: .hardcover,
            dateCreated: day(1))
        var entry = earlier.entry
        entry.editionID = edition.id
        // When they are written in one import transaction
        try library.store.blockingImportTransaction {
            try library.store.apply(LibraryChanges(
                newBooks: books, authors: [translator], works: [work], editions: [edition], entries: [entry],
                enrichmentQueue: books.map(\.work.id)))
        }
        // Then every book is there, and no row of the file points at a row that is not
        #expect(try library.store.count(EntryQuery()) == 301)
        #expect(try library.database.danglingReferences() == [])
        let changed = try #require(try library.store.book(entryID: earlier.entry.id))
        #expect(changed.work.authorIDs == work.authorIDs)
        #expect(changed.entry.editionID == edition.id)
        // And the writer enforces foreign keys again
        #expect(try library.database.writerEnforcesForeignKeys())
    }

    @Test func aNewWorkNamingAnAuthorMissingFromTheLibraryIsRefusedWithNothingWritten() throws {
        // Given a new book whose work names, besides its own author, one the library does not have
        let missing = Author.ID()
        var book = LibraryFixtures.book(title: "Kindred", authors: [LibraryFixtures.author("Octavia E. Butler")], userID: library.alice.id)
        book.work.authorIDs.append(missing)
        let others = LibraryFixtures.books(count: 20, userID: library.alice.id, seed: 3)
        // When it is written with others in an import transaction, then the author is reported missing
        #expect(throws: LibraryError.authorNotFound(missing)) {
            try library.store.blockingImportTransaction { try library.store.apply(LibraryChanges(newBooks: others + [book])) }
        }
        // And the whole batch was rolled back, with foreign keys enforced again
        #expect(try library.store.count(EntryQuery()) == 0)
        #expect(try library.store.allAuthors() == [])
        #expect(try library.database.writerEnforcesForeignKeys())
    }

    @Test func aWorkQueuedForEnrichmentThatIsNotInTheLibraryIsRefused() throws {
        // Given a book in the library and a new one, and a queue naming both and a work that is in neither
        let earlier = try library.addBook("The Word for World Is Forest")
        let book = LibraryFixtures.book(title: "Parable of the Sower", authors: [LibraryFixtures.author("Octavia E. Butler")], userID: library.alice.id)
        let missing = Work.ID()
        // When they are written in an import transaction, then the missing work is reported
        #expect(throws: LibraryError.workNotFound(missing)) {
            try library.store.blockingImportTransaction {
                try library.store.apply(LibraryChanges(newBooks: [book], enrichmentQueue: [earlier.work.id, book.work.id, missing]))
            }
        }
        // And nothing of the batch was written
        #expect(try library.store.count(EntryQuery()) == 1)
        #expect(try library.store.countQueuedForEnrichment() == 0)
        // While the two works that are there are queued
        let applied = try library.store.blockingImportTransaction {
            try library.store.apply(LibraryChanges(newBooks: [book], enrichmentQueue: [earlier.work.id, book.work.id]))
        }
        #expect(applied.newlyQueuedForEnrichment == 2)
        #expect(try library.database.danglingReferences() == [])
    }

    @Test func aNewBookOwningAnEditionOfAnotherWorkIsRefusedInAnImportTransaction() throws {
        // Given a book in the library, and a new book whose entry owns that book's edition
        let earlier = try library.addBook("The Lathe of Heaven")
        var book = LibraryFixtures.book(title: "Always Coming Home", authors: [LibraryFixtures.author("Ursula K. Le Guin")], userID: library.alice.id)
        book.entry.editionID = try #require(earlier.edition?.id)
        book.edition = nil
        // When it is written in an import transaction, then it is refused and nothing is written
        #expect(throws: LibraryError.editionOfAnotherWork) {
            try library.store.blockingImportTransaction { try library.store.apply(LibraryChanges(newBooks: [book])) }
        }
        #expect(try library.store.count(EntryQuery()) == 1)
        #expect(try library.database.danglingReferences() == [])
    }

    @Test func anImportTransactionInsideAUseCaseTransactionJoinsIt() async throws {
        // Given a use case's transaction that writes a book, then an import transaction inside it
        let store = library.store
        let userID = library.alice.id
        let books = LibraryFixtures.books(count: 5, userID: userID, seed: 9)
        // When the use case fails after both
        await #expect(throws: LibraryError.self) {
            try await store.transaction {
                try store.blockingImportTransaction { try store.apply(LibraryChanges(newBooks: books)) }
                throw LibraryError.duplicateEntry(books[0].work.id)
            }
        }
        // Then the import's books went with it, and foreign keys were never switched off
        #expect(try store.count(EntryQuery()) == 0)
        #expect(try library.database.writerEnforcesForeignKeys())
    }
}
