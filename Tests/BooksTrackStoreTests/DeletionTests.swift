import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// What deleting a work, an edition, an entry or an author takes with it, and what it keeps.
@Suite struct DeletionTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    /// A book with a second edition, a quote, a session and a photo.
    func richBook() throws -> (book: LibraryBook, secondEdition: Edition, photo: PagePhoto) {
        let book = try library.addBook("The Lathe of Heaven", status: .reading)
        let second = Edition(workID: book.work.id, pageCount: 200, format: .ebook, dateCreated: day(1))
        try library.store.save(second)
        _ = try library.store.updateEntry(id: book.entry.id) { entry, _ in
            entry.quotes = [Quote(text: "Dreams", page: 3, dateAdded: day(1))]
            entry.sessions = [ReadingSession(date: day(1), durationMinutes: 30, pagesRead: 12)]
        }
        let photo = PagePhoto(page: 3, imageType: .jpeg, byteCount: 0, dateAdded: day(1))
        try library.store.addPhoto(photo, data: jpegData(), entryID: book.entry.id)
        return (book, second, photo)
    }

    @Test func deletingAWorkDeletesItsEditionsEntrySessionsQuotesAndPhotos() throws {
        // Given a book with editions, quotes, sessions and a photo
        let (book, second, photo) = try richBook()
        // When its work is deleted
        try library.store.deleteWork(id: book.work.id)
        // Then nothing of it is left
        #expect(try library.store.work(id: book.work.id) == nil)
        #expect(try library.store.edition(id: second.id) == nil)
        #expect(try library.store.editions(ofWork: book.work.id).isEmpty)
        #expect(try library.store.entry(id: book.entry.id) == nil)
        #expect(try library.store.photoData(id: photo.id) == nil)
        #expect(try library.store.insights(year: nil, now: day(0)).reading.sessionCount == 0)
        #expect(try library.store.countByStatus()[.reading] == 0)
        // And the author stays until pruned
        #expect(try library.store.allAuthors().count == 1)
    }

    @Test func deletingAnEntryDeletesItsSessionsQuotesAndPhotosButKeepsTheWork() throws {
        // Given a book with quotes, sessions and a photo
        let (book, _, photo) = try richBook()
        // When the entry is deleted
        try library.store.deleteEntry(id: book.entry.id)
        // Then its children are gone and the work and its editions remain
        #expect(try library.store.entry(id: book.entry.id) == nil)
        #expect(try library.store.photos(entryID: book.entry.id).isEmpty)
        #expect(try library.store.photoData(id: photo.id) == nil)
        let insights = try library.store.insights(year: nil, now: day(0))
        #expect(insights.reading.sessionCount == 0)
        #expect(insights.library.total == 0)
        #expect(try library.store.work(id: book.work.id) != nil)
        #expect(try library.store.editions(ofWork: book.work.id).count == 2)
    }

    @Test func deletingTheOwnedEditionKeepsTheEntryAndItsProgressButNotOwned() throws {
        // Given an owned book being read at page 120
        let book = try library.addBook("Always Coming Home", status: .reading, pageCount: 500)
        let ownedID = try #require(book.entry.editionID)
        _ = try library.store.updateEntry(id: book.entry.id) { entry, pages in
            try entry.updateProgress(page: 120, pageCount: pages, now: day(1))
        }
        // When the owned edition is deleted
        try library.store.deleteEdition(id: ownedID)
        // Then the entry remains with its progress, and owns nothing
        let entry = try #require(try library.store.entry(id: book.entry.id))
        #expect(entry.editionID == nil)
        #expect(entry.currentPage == 120)
        #expect(entry.progress == 120.0 / 500)
        #expect(entry.status == .reading)
    }

    @Test func deletingAPhotoKeepsTheOthers() throws {
        // Given an entry with two photos
        let book = try library.addBook("Voice")
        let kept = PagePhoto(imageType: .jpeg, byteCount: 0, dateAdded: day(1))
        let removed = PagePhoto(imageType: .jpeg, byteCount: 0, dateAdded: day(2))
        try library.store.addPhoto(kept, data: jpegData(), entryID: book.entry.id)
        try library.store.addPhoto(removed, data: jpegData(), entryID: book.entry.id)
        // When one is deleted
        try library.store.deletePhoto(id: removed.id)
        // Then only the other remains
        #expect(try library.store.photos(entryID: book.entry.id).map(\.id) == [kept.id])
    }

    @Test(arguments: ["work", "edition", "entry", "photo"])
    func deletingSomethingMissingSaysWhatWasNotFound(kind: String) throws {
        // Given identifiers that are in no library
        let id = UUID()
        // When each kind is deleted, then the error names the missing thing
        switch kind {
        case "work":
            #expect(throws: LibraryError.workNotFound(Work.ID(id))) { try library.store.deleteWork(id: Work.ID(id)) }
        case "edition":
            #expect(throws: LibraryError.editionNotFound(Edition.ID(id))) { try library.store.deleteEdition(id: Edition.ID(id)) }
        case "entry":
            #expect(throws: LibraryError.entryNotFound(LibraryEntry.ID(id))) { try library.store.deleteEntry(id: LibraryEntry.ID(id)) }
        default:
            #expect(throws: LibraryError.photoNotFound(PagePhoto.ID(id))) { try library.store.deletePhoto(id: PagePhoto.ID(id)) }
        }
    }
}
