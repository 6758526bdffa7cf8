import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// `books(sharingISBNs:orTitleKeys:)`, the read of an import's candidates, reads its works 500 at
/// a time and makes each book in place: the books of every part come whole, with the quotes,
/// sessions and photos of their own entries.
@Suite struct CandidateReadTests {
    @Test func booksReadInSeveralPartsAreTheBooksReadOneByOne() throws {
        let library = try TestLibrary()
        let author = LibraryFixtures.author("Ursula K. Le Guin")
        var books: [NewBook] = []
        for index in 0..<1_100 {
            var book = LibraryFixtures.book(
                title: "Book \(index)", authors: [author], userID: library.store.userID,
                isbn: LibraryFixtures.isbn(serial: 7_000 + index), dateAdded: day(Double(index % 7))
            )
            // Children on five books spread over the library.
            if index % 250 == 3 {
                book.entry.quotes = [Quote(text: "Quote of book \(index)", page: index % 300, dateAdded: day(1))]
                book.entry.sessions = [ReadingSession(date: day(2), durationMinutes: 20 + index % 40, pagesRead: 12)]
            }
            books.append(book)
        }
        try library.store.add(books)
        let isbns = (0..<1_100).compactMap { LibraryFixtures.isbn(serial: 7_000 + $0) }
        #expect(isbns.count == 1_100)
        let photographed = try #require(try library.store.entries(isbn: isbns[1_003]).first)
        let photo = PagePhoto(page: 12, imageType: .jpeg, byteCount: jpegData().count, dateAdded: day(3))
        try library.store.addPhoto(photo, data: jpegData(), entryID: photographed)

        let page = try library.store.books(sharingISBNs: isbns, orTitleKeys: [])

        #expect(page.books.count == 1_100)
        #expect(Set(page.books.map(\.work.title)).count == 1_100)
        let sorted = page.books.sorted { LibraryEntry.addedBefore($0.entry, $1.entry) }
        #expect(page.books.map(\.entry.id) == sorted.map(\.entry.id), "in the order added")
        for book in page.books {
            #expect(try library.store.book(entryID: book.entry.id) == book, "\(book.work.title)")
            #expect(page.editions[book.work.id] == (try library.store.editions(ofWorks: [book.work.id]))[book.work.id])
        }
        let withQuotes = page.books.filter { !$0.entry.quotes.isEmpty }.map(\.work.title)
        #expect(Set(withQuotes) == ["Book 3", "Book 253", "Book 503", "Book 753", "Book 1003"])
        #expect(page.books.filter { !$0.entry.sessions.isEmpty }.count == 5)
        #expect(page.books.filter { !$0.entry.pagePhotos.isEmpty }.map(\.work.title) == ["Book 1003"])
    }

    /// The rows come from SQLite in no order and are put in order here: a work's authors by their
    /// place on the work, its editions oldest first, then by ID.
    @Test func authorsAndEditionsComeInTheirOrderWhateverOrderTheyWereStoredIn() throws {
        let library = try TestLibrary()
        // Named by their IDs' order (a, b, c); the work names them c, a, b.
        let made = ["Ann A", "Ben B", "Cy C"].map { LibraryFixtures.author($0) }.sorted { $0.id.bytesPrecede($1.id) }
        let (a, b, c) = (made[0], made[1], made[2])
        let isbn = try #require(LibraryFixtures.isbn(serial: 42))
        let added = try library.store.add(LibraryFixtures.book(
            title: "Three Hands", authors: [c, a, b], userID: library.store.userID, isbn: isbn, dateAdded: day(5)))
        let workID = added.work.id
        // Saved newest first; the last two share a date and are ordered by their IDs.
        let tied = (Edition(workID: workID, format: .ebook, dateCreated: day(1)), Edition(workID: workID, format: .hardcover, dateCreated: day(1)))
        let (first, second) = tied.0.id.bytesPrecede(tied.1.id) ? tied : (tied.1, tied.0)
        let middle = Edition(workID: workID, format: .audiobook, dateCreated: day(3))
        for edition in [middle, second, first] { try library.store.save(edition) }

        let page = try library.store.books(sharingISBNs: [isbn], orTitleKeys: [])
        let book = try #require(page.books.first)
        #expect(book.authors.map(\.id) == [c.id, a.id, b.id])
        #expect(book.work.authorIDs == [c.id, a.id, b.id])
        let editions = try #require(page.editions[workID])
        #expect(editions.map(\.id) == [first.id, second.id, middle.id, try #require(added.edition).id])
        #expect(try library.store.editions(ofWorks: [workID])[workID]?.map(\.id) == editions.map(\.id))
    }

    /// A new book may bring its title's matching key (an import made it while matching): the
    /// store writes it only when it is the key of the work's title, and normalizes the title
    /// itself otherwise, so a key of another title cannot make a book unfindable by its own.
    @Test func aBookIsFoundByItsOwnTitleWhateverKeyItCameWith() throws {
        let library = try TestLibrary()
        let author = LibraryFixtures.author("Frank Herbert")
        var matching = LibraryFixtures.book(title: "The Dune Chronicles", authors: [author], userID: library.store.userID)
        matching.titleKey = TitleKey(of: "The Dune Chronicles")
        var mismatched = LibraryFixtures.book(title: "Children of Dune", authors: [author], userID: library.store.userID)
        mismatched.titleKey = TitleKey(of: "Heretics of Dune")
        try library.store.add([matching, mismatched])

        let byOwnTitles = try library.store.books(sharingISBNs: [], orTitleKeys: ["dune chronicles", "children of dune"])
        #expect(Set(byOwnTitles.books.map(\.work.title)) == ["The Dune Chronicles", "Children of Dune"])
        let byTheOtherKey = try library.store.books(sharingISBNs: [], orTitleKeys: ["heretics of dune"])
        #expect(byTheOtherKey.books.isEmpty)
    }
}
