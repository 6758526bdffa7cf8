import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// `entryOrderKeys(every:)` and `books(after:through:)`: walking through the whole library page by
/// page, as exports do.
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

        let bounds = try library.store.entryOrderKeys(every: 2)
        // Six books of Alice's (Bob's is not hers): full pages end at the 2nd, 4th and 6th.
        #expect(bounds.count == 3)
        var walked: [LibraryBook] = []
        for (start, end) in zip([nil] + bounds, bounds.map(Optional.some) + [nil]) {
            let page = try library.store.books(after: start, through: end)
            #expect(page.books.count == (end == nil ? 0 : 2))
            #expect(page.books.last.map { EntryOrderKey(dateAdded: $0.entry.dateAdded, id: $0.entry.id) } == end)
            #expect(Set(page.editions.keys) == Set(page.books.map(\.work.id)), "every book here has one edition")
            walked += page.books
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
        #expect(try library.store.entryOrderKeys(every: 10).isEmpty)
        #expect(try library.store.books(after: nil, through: nil).books.isEmpty)
    }
}
