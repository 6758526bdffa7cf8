import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// `books(addedAfter:limit:)`: walking through the whole library page by page, as exports do.
@Suite struct WalkThroughLibraryTests {
    @Test func pagesFollowTheOrderOfAdditionAndNeverOverlapOnTies() throws {
        let library = try TestLibrary()
        // Three books added at the same moment (an import), two on later days, one earlier.
        var added: [LibraryBook] = []
        for title in ["Tie A", "Tie B", "Tie C"] { added.append(try library.addBook(title, dateAdded: day(2))) }
        added.append(try library.addBook("Later", dateAdded: day(3)))
        added.append(try library.addBook("Latest", dateAdded: day(4)))
        added.append(try library.addBook("Earliest", dateAdded: day(1)))
        try library.addBook("Bob's", to: library.bobStore)

        var walked: [LibraryBook] = []
        var cursor: LibraryEntry?
        while true {
            let page = try library.store.books(addedAfter: cursor, limit: 2)
            #expect(page.books.count <= 2)
            guard let last = page.books.last else { break }
            #expect(Set(page.editions.keys) == Set(page.books.map(\.work.id)), "every book here has one edition")
            walked += page.books
            cursor = last.entry
        }

        let titles = walked.map(\.work.title)
        #expect(titles.count == 6)
        #expect(Set(titles) == Set(added.map(\.work.title)))
        #expect(titles.first == "Earliest")
        #expect(Array(titles.suffix(2)) == ["Later", "Latest"])
        #expect(Set(titles[1...3]) == ["Tie A", "Tie B", "Tie C"])
        #expect(walked.first?.authors.first?.name == "Ursula K. Le Guin")
    }

    @Test func anEmptyLibraryHasNoFirstPage() throws {
        let library = try TestLibrary()
        #expect(try library.store.books(addedAfter: nil, limit: 10).books.isEmpty)
    }
}
