import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// Two imports of one file into one library at the same moment (a double-click on an upload, or
/// the terminal and the server at once) leave each book once.
@Suite struct ConcurrentImportTests {
    /// The books one import of the file makes in an empty library.
    private func booksFromOneImport(of url: URL) throws -> Int {
        let alone = try ImportHarness()
        return try alone.importer().importFile(at: url).added
    }

    @Test func twoImportsOfOneFileThroughOneDatabaseAddEachBookOnce() throws {
        let harness = try ImportHarness()
        let url = harness.directory.url.appendingPathComponent("goodreads_library_export.csv")
        try GoodreadsExportFixture.write(rows: 2_000, to: url, seed: 11)
        let expected = try booksFromOneImport(of: url)
        let options = ImportOptions(batchSize: 100)

        let results = AtOnce.run(2) { _ in try harness.importer().importFile(at: url, options: options) }

        let summaries = try results.map { try $0.get() }
        #expect(try harness.count() == expected)
        #expect(summaries.map(\.added).reduce(0, +) == expected)
        // Every row of the second import found its book: nothing was added twice.
        #expect(summaries.allSatisfy { $0.rows == 2_000 })
    }

    @Test func twoImportsFromTwoConnectionsAddEachBookOnce() throws {
        let harness = try ImportHarness()
        let url = harness.directory.url.appendingPathComponent("goodreads_library_export.csv")
        try GoodreadsExportFixture.write(rows: 1_500, to: url, seed: 12)
        let expected = try booksFromOneImport(of: url)
        // A second opener of the same file, as another process would be.
        let other = try LibraryDatabase(path: harness.directory.path("library.sqlite"))
        let otherStore = other.library(for: harness.store.userID)
        let stores: [any LibraryStore] = [harness.store, otherStore]
        let options = ImportOptions(batchSize: 100)

        let results = AtOnce.run(2) { index in try harness.importer(stores[index]).importFile(at: url, options: options) }

        let summaries = try results.map { try $0.get() }
        #expect(try harness.count() == expected)
        #expect(summaries.map(\.added).reduce(0, +) == expected)
        // Each author once, whichever import made it.
        let names = try harness.store.allAuthors().map { TextNormalization.normalizeAuthor($0.name) }
        #expect(Set(names).count == names.count)
    }
}
