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
            // Children on a few books of each part of 500.
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
}
