import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// Changing entries through `updateEntry`, and the data errors every save reports.
@Suite struct UpdateAndValidationTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    struct Refused: Error {}

    @Test func updateEntryAppliesTheRuleWithTheShownEditionsPageCount() throws {
        // Given a 250-page book on the to-read shelf
        let book = try library.addBook("The Fifth Season", status: .toRead, pageCount: 250)
        // When progress is recorded through updateEntry
        var seenPageCount: Int?
        let updated = try library.store.updateEntry(id: book.entry.id) { entry, pageCount in
            seenPageCount = pageCount
            try entry.updateProgress(page: 250, pageCount: pageCount, now: day(2))
        }
        // Then the rule saw the page count, finished the book, and the change is stored
        #expect(seenPageCount == 250)
        #expect(updated.status == .read)
        #expect(updated.dateCompleted == day(2))
        #expect(try library.store.entry(id: book.entry.id) == updated)
    }

    @Test func aThrowingChangeLeavesTheEntryAsItWas() throws {
        // Given a tagged book
        let book = try library.addBook("Parable of the Sower", tags: ["kept"])
        // When a change edits it and then throws
        #expect(throws: Refused.self) {
            try library.store.updateEntry(id: book.entry.id) { entry, _ in
                entry.tags = ["lost"]
                entry.rating = 1
                throw Refused()
            }
        }
        // Then nothing changed
        #expect(try library.store.entry(id: book.entry.id) == book.entry)
    }

    @Test func aChangeThatBreaksALimitIsRefusedAndNothingIsSaved() throws {
        // Given a 100-page book
        let book = try library.addBook("Binti", pageCount: 100)
        // When a change sets a page past the end and a tag
        #expect(throws: LibraryError.pageBeyondLastPage(page: 101, pageCount: 100)) {
            try library.store.updateEntry(id: book.entry.id) { entry, _ in
                entry.tags.append("new")
                entry.currentPage = 101
            }
        }
        // Then the entry is unchanged
        #expect(try library.store.entry(id: book.entry.id)?.tags == [])
    }

    @Test func updatingAMissingEntrySaysItWasNotFound() throws {
        let id = LibraryEntry.ID()
        #expect(throws: LibraryError.entryNotFound(id)) { try library.store.updateEntry(id: id) { _, _ in } }
    }

    @Test func aSecondEntryForTheSameWorkIsRefused() throws {
        // Given a book
        let book = try library.addBook("Ancillary Justice")
        // When another entry for the same work is saved
        let second = LibraryEntry(userID: library.alice.id, workID: book.work.id, dateAdded: day(1))
        // Then it is refused as a duplicate, and the library still has one entry
        #expect(throws: LibraryError.duplicateEntry(book.work.id)) { try library.store.save(second) }
        #expect(try library.store.count(EntryQuery()) == 1)
    }

    @Test func addingABookWhoseWorkHasAnEntryIsRefusedAndAddsNothing() throws {
        // Given a book, and a batch holding a new book and a second entry for the first book's work
        let book = try library.addBook("Ancillary Sword")
        let fresh = LibraryFixtures.book(title: "Fresh", authors: [LibraryFixtures.author("X")], userID: library.alice.id)
        var again = LibraryFixtures.book(title: "Ancillary Sword", authors: book.authors, userID: library.alice.id)
        again.work = book.work
        again.edition = nil
        again.entry.workID = book.work.id
        again.entry.editionID = nil
        // When the batch is added
        #expect(throws: LibraryError.duplicateEntry(book.work.id)) { try library.store.add([fresh, again]) }
        // Then the whole batch is rolled back
        #expect(try library.store.count(EntryQuery()) == 1)
        #expect(try library.store.work(id: fresh.work.id) == nil)
    }

    @Test func invalidValuesAreReportedAsLibraryErrorsNamingTheField() throws {
        // Given a saved work
        let book = try library.addBook("Ninefox Gambit")
        // When values break limits, then each save reports the field
        var work = book.work
        work.title = "   "
        #expect(throws: LibraryError.invalid(.empty(field: "title"))) { try library.store.save(work) }
        var edition = try #require(book.edition)
        edition.pageCount = 0
        #expect(throws: LibraryError.invalid(.outOfRange(field: "pageCount", value: "0", allowed: "1–100,000"))) {
            try library.store.save(edition)
        }
        var author = try #require(book.authors.first)
        author.birthYear = 2000
        author.deathYear = 1990
        #expect(throws: LibraryError.self) { try library.store.save(author) }
        var entry = book.entry
        entry.rating = 4.1
        #expect(throws: LibraryError.invalid(.outOfRange(field: "rating", value: "4.1", allowed: "0.25–5 in quarter steps"))) {
            try library.store.save(entry)
        }
        entry = book.entry
        entry.status = .wishlist
        #expect(throws: LibraryError.wishlistCannotBeOwned) { try library.store.save(entry) }
        entry = book.entry
        entry.tags = [String(repeating: "t", count: 65)]
        #expect(throws: LibraryError.invalid(.tooLong(field: "tag", limit: 64, length: 65))) { try library.store.save(entry) }
        // And the stored book is unchanged
        #expect(try library.store.book(entryID: book.entry.id) == book)
    }

    @Test func referencesToMissingOrForeignRecordsAreReported() throws {
        // Given a book and a second work
        let book = try library.addBook("Gideon the Ninth")
        let other = try library.addBook("Harrow the Ninth")
        // When an entry points at another work's edition, at a missing edition, or a work at a missing author
        var entry = book.entry
        entry.editionID = other.edition?.id
        #expect(throws: LibraryError.editionOfAnotherWork) { try library.store.save(entry) }
        let missingEdition = Edition.ID()
        entry.editionID = missingEdition
        #expect(throws: LibraryError.editionNotFound(missingEdition)) { try library.store.save(entry) }
        var work = book.work
        let missingAuthor = Author.ID()
        work.authorIDs.append(missingAuthor)
        #expect(throws: LibraryError.authorNotFound(missingAuthor)) { try library.store.save(work) }
        let orphan = Edition(workID: Work.ID(), dateCreated: day(0))
        #expect(throws: LibraryError.workNotFound(orphan.workID)) { try library.store.save(orphan) }
    }

    @Test func photosMustBeJPEGOrPNGAndBelongToAnEntry() throws {
        // Given a book
        let book = try library.addBook("Piranesi")
        let photo = PagePhoto(imageType: .jpeg, byteCount: 0, dateAdded: day(0))
        // When photos of other kinds or for missing entries are added, then they are refused
        #expect(throws: LibraryError.unsupportedImage) { try library.store.addPhoto(photo, data: Data("GIF89a".utf8), entryID: book.entry.id) }
        let missing = LibraryEntry.ID()
        #expect(throws: LibraryError.entryNotFound(missing)) { try library.store.addPhoto(photo, data: jpegData(), entryID: missing) }
        #expect(try library.store.photos(entryID: book.entry.id).isEmpty)
    }
}
