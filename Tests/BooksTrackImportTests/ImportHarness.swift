import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// A real library database in a temporary folder, and files to import into it.
struct ImportHarness {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    let directory: TemporaryDirectory
    let database: LibraryDatabase
    let store: SQLiteLibraryStore

    init() throws {
        directory = try TemporaryDirectory(prefix: "bookstrack-import")
        database = try LibraryDatabase(path: directory.path("library.sqlite"))
        let user = try database.ensureUser(named: "local", now: Self.now)
        store = database.library(for: user.id)
    }

    /// Writes `text` (or raw bytes) to a file in the folder.
    func file(_ name: String, _ text: String) throws -> URL {
        try file(name, bytes: Data(text.utf8))
    }

    func file(_ name: String, bytes: Data) throws -> URL {
        let url = directory.url.appendingPathComponent(name)
        try bytes.write(to: url)
        return url
    }

    func importer(_ store: (any LibraryStore)? = nil) -> LibraryImporter {
        LibraryImporter(store: store ?? self.store, now: { Self.now })
    }

    /// Every book, by title, without identifiers or timestamps: what a reader would compare.
    func snapshot() throws -> [BookSnapshot] {
        let books = try store.books(EntryQuery(sort: .title, descending: false))
        let editions = try store.editions(ofWorks: books.map(\.work.id))
        return books.map { BookSnapshot($0, editions: editions[$0.work.id] ?? []) }
    }

    func count() throws -> Int { try store.count(EntryQuery()) }
}

/// A book's content, comparable across libraries.
struct BookSnapshot: Hashable, CustomStringConvertible {
    var title: String
    var authors: [String]
    var series: String?
    var isbns: [[String]]
    var status: ReadingStatus
    var rating: Double?
    var review: String?
    var spoilers: Bool
    var notes: String?
    var tags: [String]
    var owned: Bool
    var dateAdded: Date
    var dateCompleted: Date?
    var earlierReads: Int
    var pages: [Int?]

    init(_ book: LibraryBook, editions: [Edition]) {
        title = book.work.title
        authors = book.authors.map(\.name)
        series = book.work.seriesName
        isbns = editions.map { $0.isbns.map(\.isbn13) }.sorted { $0.description < $1.description }
        status = book.entry.status
        rating = book.entry.rating
        review = book.entry.review
        spoilers = book.entry.reviewHasSpoilers
        notes = book.entry.notes
        tags = book.entry.tags
        owned = book.entry.isOwned
        dateAdded = book.entry.dateAdded
        dateCompleted = book.entry.dateCompleted
        earlierReads = book.entry.readHistory.count
        pages = editions.map(\.pageCount).sorted { ($0 ?? 0) < ($1 ?? 0) }
    }

    var description: String { "\(title) [\(status.rawValue)]" }
}

/// Goodreads export text (the 2021–2025 header) from rows of cells.
enum GoodreadsText {
    static let header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    /// One row; ISBNs are wrapped the way Goodreads writes them.
    static func row(
        id: Int, title: String, author: String, isbn13: String = "", rating: Int = 0, pages: String = "",
        dateRead: String = "", dateAdded: String = "2020/01/01", shelves: String = "", shelf: String = "to-read",
        review: String = "", notes: String = "", readCount: Int = 0, owned: Int = 0
    ) -> String {
        let cells = [
            "\(id)", quoted(title), quoted(author), "", "", "\"=\"\"\"\"\"", "\"=\"\"\(isbn13)\"\"\"", "\(rating)", "4.01", "Tor",
            "Paperback", pages, "2019", "2019", dateRead, dateAdded, quoted(shelves), "", shelf, quoted(review), "", quoted(notes),
            "\(readCount)", "\(owned)",
        ]
        return cells.joined(separator: ",")
    }

    static func file(_ rows: [String]) -> String {
        ([header] + rows).joined(separator: "\n") + "\n"
    }

    private static func quoted(_ text: String) -> String {
        text.isEmpty ? "" : "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// An import during which another writer changes a book between two batches: what that writer
/// committed must not be lost to work the import did ahead of the batch.
struct EditBetweenBatches {
    /// Who writes notes on the book between the batches.
    enum Writer: CaseIterable, Sendable {
        /// The import's own store.
        case thisProcess
        /// A second opener of the file, whose commits are seen only through SQLite's data version.
        case anotherProcess

        func writeNotes(_ harness: ImportHarness, _ id: LibraryEntry.ID) throws {
            switch self {
            case .thisProcess:
                _ = try harness.store.updateEntry(id: id) { entry, _ in entry.notes = "Lent to Sam" }
            case .anotherProcess:
                let other = try LibraryDatabase(path: harness.directory.path("library.sqlite"))
                _ = try other.library(for: harness.store.userID).updateEntry(id: id) { entry, _ in entry.notes = "Lent to Sam" }
                try other.close()
            }
        }
    }

    /// Read books "Book n" by "Author n", the eighth rated `ratingOfEighth` (0 is no rating).
    static func file(_ harness: ImportHarness, _ name: String, _ numbers: ClosedRange<Int>, ratingOfEighth: Int) throws -> URL {
        try harness.file(name, GoodreadsText.file(numbers.map { number in
            GoodreadsText.row(
                id: number, title: "Book \(number)", author: "Author \(number)", rating: number == 8 ? ratingOfEighth : 0,
                dateRead: "2024/01/0\(number % 9 + 1)", shelf: "read")
        }))
    }

    /// Imports the books `held` into a new library, then the books `numbers` (the eighth rated 4)
    /// in batches of `batchSize` while `writer` writes notes on "Book 8" after `editAfter` rows
    /// (the first batch by default); returns that book's entry and the second import's summary.
    static func run(
        held: ClosedRange<Int>, then numbers: ClosedRange<Int>, batchSize: Int = 5, editAfter: Int? = nil, writer: Writer
    ) throws -> (entry: LibraryEntry, summary: ImportSummary) {
        let harness = try ImportHarness()
        let options = ImportOptions(batchSize: batchSize)
        _ = try harness.importer().importFile(at: try file(harness, "held.csv", held, ratingOfEighth: 0), options: options)
        let eighth = try #require(try harness.store.entries(titleContaining: "Book 8", limit: 2).first)
        var edited: Result<Void, any Error> = .success(())
        let again = try file(harness, "again.csv", numbers, ratingOfEighth: 4)
        let summary = try harness.importer().importFile(at: again, options: options) { progress in
            if progress.processed == (editAfter ?? batchSize) { edited = Result { try writer.writeNotes(harness, eighth) } }
        }
        try edited.get()
        return (try #require(try harness.store.entry(id: eighth)), summary)
    }
}
