import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// An import reads the candidates of its next batch while it merges the current one, after a
/// batch that wrote nothing (a re-import). What another writer commits in between must not be
/// lost to that early read: the batch then reads its candidates again.
@Suite struct ReadAheadTests {
    private let options = ImportOptions(batchSize: 5)

    /// Ten read books, two batches of five; `ratingOfEighth` 0 is no rating.
    private func file(_ harness: ImportHarness, _ name: String, ratingOfEighth: Int) throws -> URL {
        let rows = (1...10).map { number in
            GoodreadsText.row(
                id: number, title: "Book \(number)", author: "Author \(number)", rating: number == 8 ? ratingOfEighth : 0,
                dateRead: "2024/01/0\(number % 9 + 1)", shelf: "read")
        }
        return try harness.file(name, GoodreadsText.file(rows))
    }

    /// Imports the file without a rating for the eighth book, then the file with one, while
    /// `edit` changes the eighth book between the two batches; returns the eighth entry.
    private func reimport(
        editingBetweenBatches edit: @escaping (ImportHarness, LibraryEntry.ID) throws -> Void
    ) throws -> (entry: LibraryEntry, summary: ImportSummary) {
        let harness = try ImportHarness()
        _ = try harness.importer().importFile(at: try file(harness, "first.csv", ratingOfEighth: 0), options: options)
        let eighth = try #require(try harness.store.entries(titleContaining: "Book 8", limit: 2).first)
        var edited: Result<Void, any Error> = .success(())
        let again = try file(harness, "again.csv", ratingOfEighth: 4)
        let summary = try harness.importer().importFile(at: again, options: options) { progress in
            if progress.processed == 5 { edited = Result { try edit(harness, eighth) } }
        }
        try edited.get()
        return (try #require(try harness.store.entry(id: eighth)), summary)
    }

    @Test func notesWrittenBetweenTwoBatchesOfAReimportAreKept() throws {
        let (entry, summary) = try reimport { harness, id in
            _ = try harness.store.updateEntry(id: id) { entry, _ in entry.notes = "Lent to Sam" }
        }
        #expect(summary.unchanged == 9)
        #expect(summary.merged == 1)
        #expect(entry.rating == 4)
        #expect(entry.notes == "Lent to Sam")
    }

    @Test func notesWrittenByAnotherProcessBetweenTwoBatchesOfAReimportAreKept() throws {
        let (entry, summary) = try reimport { harness, id in
            // A second opener of the file: its commits are seen only through SQLite's data version.
            let other = try LibraryDatabase(path: harness.directory.path("library.sqlite"))
            _ = try other.library(for: harness.store.userID).updateEntry(id: id) { entry, _ in entry.notes = "Lent to Sam" }
            try other.close()
        }
        #expect(summary.merged == 1)
        #expect(entry.rating == 4)
        #expect(entry.notes == "Lent to Sam")
    }

    @Test func candidatesReadInPartsComeInTheOrderOfOneRead() throws {
        let harness = try ImportHarness()
        // Ten books added at one date: their order is that of their entry IDs.
        _ = try harness.importer().importFile(at: try file(harness, "first.csv", ratingOfEighth: 0), options: options)
        let titles = (1...10).map { TextNormalization.normalizeTitle("Book \($0)") }

        let whole = try harness.store.books(sharingISBNs: [], orTitleKeys: titles)
        var parts = try harness.store.booksAhead(sharingISBNs: [], orTitleKeys: Array(titles[5...]))
        parts.formUnion(try harness.store.booksAhead(sharingISBNs: [], orTitleKeys: Array(titles[..<6])))
        parts.sortByDateAdded()

        #expect(whole.books.count == 10)
        #expect(parts.books.map(\.entry.id) == whole.books.map(\.entry.id))
        #expect(parts == whole)
    }
}
