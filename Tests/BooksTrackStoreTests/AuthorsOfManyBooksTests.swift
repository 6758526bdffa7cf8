import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// A long list of books (an import's candidates, an export's page) and pages of it give every book
/// its authors in order, each author shared by many books.
@Suite struct AuthorsOfManyBooksTests {
    @Test func aLongListAndPagesOfItGiveEachBookItsAuthorsInOrder() throws {
        let database = try LibraryDatabase.inMemory()
        let user = try database.ensureUser(named: "local", now: LibraryFixtures.referenceDate)
        let library = database.library(for: user.id)
        // Seven authors shared by 150 books, two or three each, in a different order per book.
        let authors = (1...7).map { LibraryFixtures.author("Author \($0)") }
        var expected: [String: [String]] = [:]
        for number in 1...150 {
            let names = [authors[number % 7], authors[(number + 3) % 7]] + (number.isMultiple(of: 3) ? [authors[(number + 5) % 7]] : [])
            let title = "Book \(number)"
            try library.add(LibraryFixtures.book(title: title, authors: names, userID: user.id))
            expected[title] = names.map(\.name)
        }

        let whole = try library.books(EntryQuery(limit: 200))
        var paged: [LibraryBook] = []
        for offset in stride(from: 0, to: 150, by: 50) { paged += try library.books(EntryQuery(limit: 50, offset: offset)) }

        #expect(whole.count == 150)
        #expect(Dictionary(uniqueKeysWithValues: whole.map { ($0.work.title, $0.authors.map(\.name)) }) == expected)
        #expect(paged.map(\.work.title) == whole.map(\.work.title))
        #expect(paged.map(\.authors) == whole.map(\.authors))
        #expect(whole.allSatisfy { $0.work.authorIDs == $0.authors.map(\.id) })
    }
}
