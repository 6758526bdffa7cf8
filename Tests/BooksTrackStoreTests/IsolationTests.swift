import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// One user's library is invisible to another: their identifiers behave like missing rows.
@Suite struct IsolationTests {
    let library: TestLibrary
    /// Alice's book, with a quote, a session and a photo.
    let aliceBook: LibraryBook
    let alicePhoto: PagePhoto

    init() throws {
        library = try TestLibrary()
        aliceBook = try library.addBook("The Word for World Is Forest", status: .read, isbn: LibraryFixtures.isbn(serial: 1), tags: ["mine"])
        _ = try library.store.updateEntry(id: aliceBook.entry.id) { entry, _ in
            entry.rating = 5
            entry.isFavorite = true
            entry.sessions = [ReadingSession(date: day(-1), durationMinutes: 60, pagesRead: 40)]
        }
        alicePhoto = PagePhoto(imageType: .jpeg, byteCount: 0, dateAdded: day(0))
        try library.store.addPhoto(alicePhoto, data: jpegData(), entryID: aliceBook.entry.id)
    }

    @Test func anotherUserCannotReadAnyOfTheBook() throws {
        // Given Alice's book, when Bob looks it up by every identifier and key
        let bob = library.bobStore
        // Then he finds nothing
        #expect(try bob.entry(id: aliceBook.entry.id) == nil)
        #expect(try bob.entry(workID: aliceBook.work.id) == nil)
        #expect(try bob.book(entryID: aliceBook.entry.id) == nil)
        #expect(try bob.work(id: aliceBook.work.id) == nil)
        #expect(try bob.edition(id: try #require(aliceBook.edition).id) == nil)
        #expect(try bob.editions(ofWork: aliceBook.work.id).isEmpty)
        #expect(try bob.author(id: try #require(aliceBook.authors.first).id) == nil)
        #expect(try bob.authors(named: "Ursula K. Le Guin").isEmpty)
        #expect(try bob.allAuthors().isEmpty)
        #expect(try bob.works(title: aliceBook.work.title, primaryAuthor: "Ursula K. Le Guin").isEmpty)
        #expect(try bob.edition(isbn: try #require(LibraryFixtures.isbn(serial: 1))) == nil)
        #expect(try bob.entries(isbn: try #require(LibraryFixtures.isbn(serial: 1))).isEmpty)
        #expect(try bob.entries(idPrefix: String(aliceBook.entry.id.description.prefix(8))).isEmpty)
        #expect(try bob.entries(titleContaining: "forest", limit: 10).isEmpty)
        #expect(try bob.books(EntryQuery()).isEmpty)
        #expect(try bob.photos(entryID: aliceBook.entry.id).isEmpty)
        #expect(try bob.photoData(id: alicePhoto.id) == nil)
    }

    @Test func anotherUsersCountsAndStatisticsLeaveOutTheBook() throws {
        // Given Alice's book, and one to-read book of Bob's
        try library.addBook("Bob's Book", by: "Someone Else", to: library.bobStore)
        // When Bob counts
        let counts = try library.bobStore.countByStatus()
        let insights = try library.bobStore.insights(year: nil, now: day(0))
        // Then only his own book counts
        #expect(counts[.toRead] == 1)
        #expect(counts[.read] == 0)
        #expect(try library.bobStore.count(EntryQuery()) == 1)
        #expect(try library.bobStore.count(EntryQuery(tag: "mine")) == 0)
        #expect(insights.library.total == 1)
        #expect(insights.reading.booksFinished == 0)
        #expect(insights.library.favorites == 0)
        #expect(insights.reading.sessionCount == 0)
        #expect(insights.reading.averageRating == nil)
        // And Alice's figures are untouched by Bob's book
        #expect(try library.store.insights(year: nil, now: day(0)).library.total == 1)
    }

    @Test func anotherUserCannotDeleteTheBookOrItsParts() throws {
        // Given Alice's book, when Bob tries to delete every part of it
        let bob = library.bobStore
        #expect(throws: LibraryError.entryNotFound(aliceBook.entry.id)) { try bob.deleteEntry(id: aliceBook.entry.id) }
        #expect(throws: LibraryError.workNotFound(aliceBook.work.id)) { try bob.deleteWork(id: aliceBook.work.id) }
        let editionID = try #require(aliceBook.edition?.id)
        #expect(throws: LibraryError.editionNotFound(editionID)) { try bob.deleteEdition(id: editionID) }
        #expect(throws: LibraryError.photoNotFound(alicePhoto.id)) { try bob.deletePhoto(id: alicePhoto.id) }
        // Then all of it is still in Alice's library
        let book = try #require(try library.store.book(entryID: aliceBook.entry.id))
        #expect(book.edition?.id == editionID)
        #expect(book.entry.pagePhotos.map(\.id) == [alicePhoto.id])
        #expect(try library.store.allAuthors().count == 1)
    }

    @Test func anotherUserCannotUpdateTheEntry() throws {
        // Given Alice's entry, when Bob tries to update it
        #expect(throws: LibraryError.entryNotFound(aliceBook.entry.id)) {
            try library.bobStore.updateEntry(id: aliceBook.entry.id) { entry, _ in entry.rating = 1 }
        }
        // And tries to save a copy of it into his library (its work is not his)
        var copy = try #require(try library.store.entry(id: aliceBook.entry.id))
        copy.rating = 1
        #expect(throws: LibraryError.workNotFound(aliceBook.work.id)) { try library.bobStore.save(copy) }
        // And tries to add a photo to it
        #expect(throws: LibraryError.entryNotFound(aliceBook.entry.id)) {
            try library.bobStore.addPhoto(PagePhoto(imageType: .jpeg, byteCount: 0, dateAdded: day(0)), data: jpegData(), entryID: aliceBook.entry.id)
        }
        // Then Alice's entry is unchanged
        #expect(try library.store.entry(id: aliceBook.entry.id)?.rating == 5)
    }

    @Test func savingAWorkWithTheSameIdentifierInAnotherLibraryMakesAnIndependentCopy() throws {
        // Given Alice's work, when Bob saves a work with the same identifier and another title
        var work = aliceBook.work
        work.title = "Bob's Title"
        work.authorIDs = []
        try library.bobStore.save(work)
        // Then each library sees its own work
        #expect(try library.bobStore.work(id: work.id)?.title == "Bob's Title")
        #expect(try library.store.work(id: work.id)?.title == "The Word for World Is Forest")
    }

    @Test func anotherUserCannotOwnAnEditionOfTheBook() throws {
        // Given Bob's own work and Alice's edition identifier
        let bobBook = try library.addBook("Bob's Book", by: "Someone Else", owned: false, to: library.bobStore)
        let aliceEdition = try #require(aliceBook.edition?.id)
        // When Bob's entry claims Alice's edition
        var entry = bobBook.entry
        entry.editionID = aliceEdition
        // Then the edition is not found in his library
        #expect(throws: LibraryError.editionNotFound(aliceEdition)) { try library.bobStore.save(entry) }
    }
}
