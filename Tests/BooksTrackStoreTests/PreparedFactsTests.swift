import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackStore

/// The insight facts of books added in bulk are computed and summed while the books are prepared,
/// with each book's first author as the book gives it. Where that does not hold, the writer counts
/// the book again: an author already stored with other demographics, or a work already in the
/// library. The counters must then be those of the stored rows, counted once.
@Suite struct PreparedFactsTests {
    /// Read books by one author, in a batch large enough to be prepared on a thread of its own.
    static func books(by author: Author, count: Int, userID: User.ID, workIDs: [Work.ID] = []) -> [NewBook] {
        (0..<count).map { index in
            var book = LibraryFixtures.book(
                title: "Book \(index)", authors: [author], userID: userID, status: .read, pageCount: 200,
                dateAdded: day(1))
            if index < workIDs.count {
                book.work.id = workIDs[index]
                book.edition?.workID = workIDs[index]
            }
            return book
        }
    }

    @Test func anAuthorStoredWithOtherDemographicsIsCountedAsStored() throws {
        let library = try TestLibrary()
        var stored = LibraryFixtures.author("Chimamanda Ngozi Adichie")
        stored.nationality = "NG"
        stored.gender = .female
        try library.store.save(stored)
        // The books carry the author as a file knew it: no nationality, no gender.
        let given = LibraryFixtures.author("Chimamanda Ngozi Adichie", id: stored.id)

        try library.store.add(Self.books(by: given, count: 1_500, userID: library.store.userID))

        let whole = try library.store.insights(year: nil, now: day(30)).diversity.library
        #expect(whole.books == 1_500)
        #expect(whole.nationality.first { $0.key == "NG" }?.count == 1_500)
        #expect(whole.gender.first { $0.key == "female" }?.count == 1_500)
    }

    @Test func anEntryForAWorkAlreadyInTheLibraryIsCountedOnce() throws {
        let library = try TestLibrary()
        let author = LibraryFixtures.author("Octavia E. Butler")
        // Two works already in the library without an entry, as the review queue keeps them.
        var works: [Work.ID] = []
        for title in ["Book 0", "Book 1"] {
            var work = Work(title: title, dateCreated: day(0))
            work.authorIDs = [author.id]
            works.append(work.id)
            try library.store.save(author)
            try library.store.save(work)
        }

        try library.store.add(Self.books(by: author, count: 1_200, userID: library.store.userID, workIDs: works))

        let insights = try library.store.insights(year: nil, now: day(30))
        #expect(insights.library.total == 1_200)
        #expect(insights.diversity.library.books == 1_200)
        #expect(insights.reading.booksFinished == 1_200)
        #expect(insights.reading.pagesFinished == 1_200 * 200)
    }
}
