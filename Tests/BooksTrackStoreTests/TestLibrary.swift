import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation

/// A real SQLite library file in a temporary folder with two users, Alice and Bob.
final class TestLibrary {
    let directory: TemporaryDirectory
    let database: LibraryDatabase
    let alice: User
    let bob: User
    /// Alice's library: the one most tests use.
    let store: SQLiteLibraryStore
    /// Bob's library, for isolation tests.
    let bobStore: SQLiteLibraryStore

    init() throws {
        directory = try TemporaryDirectory(prefix: "bookstrack-store-tests")
        database = try LibraryDatabase(path: directory.path("data/library.sqlite"))
        alice = try database.ensureUser(named: "alice", now: LibraryFixtures.referenceDate)
        bob = try database.ensureUser(named: "bob", now: LibraryFixtures.referenceDate)
        store = database.library(for: alice.id)
        bobStore = database.library(for: bob.id)
    }

    /// Adds a minimal book to Alice's library.
    @discardableResult
    func addBook(
        _ title: String,
        by authorName: String = "Ursula K. Le Guin",
        status: ReadingStatus = .toRead,
        pageCount: Int? = 300,
        isbn: ISBN? = nil,
        owned: Bool = true,
        dateAdded: Date = LibraryFixtures.referenceDate,
        tags: [String] = [],
        to store: SQLiteLibraryStore? = nil
    ) throws -> LibraryBook {
        let target = store ?? self.store
        let author = try target.authors(named: authorName).first ?? LibraryFixtures.author(authorName)
        let book = LibraryFixtures.book(
            title: title, authors: [author], userID: target.userID, status: status, pageCount: pageCount, isbn: isbn,
            owned: owned, dateAdded: dateAdded, tags: tags
        )
        return try target.add(book)
    }
}

/// A date `days` days after the fixtures' reference date.
func day(_ days: Double) -> Date {
    LibraryFixtures.referenceDate.addingTimeInterval(days * 86_400)
}

/// The smallest JPEG header the photo checks accept, followed by `size` filler bytes.
func jpegData(size: Int = 64) -> Data {
    Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x42, count: size))
}
