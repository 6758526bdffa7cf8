import BooksTrackCore
import Foundation
import GRDB

/// What `loadSeedIfNeeded()` did.
public struct CatalogSeedReport: Sendable, Hashable {
    /// True when the seed was (re)loaded now; false when the file already held this version.
    public var loaded: Bool
    /// The seed's version ("goodbooks-10k/" and a fingerprint of the file).
    public var version: String
    /// The number of books loaded (zero when nothing was loaded).
    public var bookCount: Int
    /// How long loading took (zero when nothing was loaded).
    public var duration: Duration
}

extension CatalogDatabase {
    /// The id of the seed's row in `catalog_sources`.
    static let seedSourceID = "seed"

    /// Loads the bundled seed into the catalog unless this version of it is already there,
    /// replacing an older version, in one transaction. Cheap after the first call in a process.
    /// Returns nil when this process already checked.
    @discardableResult
    public func loadSeedIfNeeded() throws -> CatalogSeedReport? {
        if seedChecked.withLock({ $0 }) { return nil }
        let seed = try SeedCatalogFile(url: seedResource ?? SeedCatalogFile.bundledURL())
        let clock = ContinuousClock()
        let start = clock.now
        let current = try read { db in
            try String.fetchOne(db, sql: "SELECT version FROM catalog_sources WHERE id = ?", arguments: [Self.seedSourceID])
        }
        if current == seed.version {
            seedChecked.withLock { $0 = true }
            return CatalogSeedReport(loaded: false, version: seed.version, bookCount: 0, duration: .zero)
        }
        let books = try seed.books()
        let loaded = try write { db -> Bool in
            // Another process may have loaded it meanwhile.
            let current = try String.fetchOne(
                db, sql: "SELECT version FROM catalog_sources WHERE id = ?", arguments: [Self.seedSourceID]
            )
            guard current != seed.version else { return false }
            try removeSeed(db)
            var writer = try CatalogWriter(db)
            var writtenAuthors = Set<String>()
            for (rank, book) in books.enumerated() {
                for author in book.authors where writtenAuthors.insert(author.key).inserted {
                    try writer.write(author)
                }
                try writer.write(book.work, id: Int64(rank + 1))
                try writer.write(book.edition)
            }
            let stamp = now().timeIntervalSinceReferenceDate
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO catalog_sources (id, kind, name, version, lineCount, authorCount, workCount,
                        editionCount, complete, startedAt, updatedAt)
                    VALUES (?, 'seed', 'goodbooks-10k (CC BY-SA 4.0)', ?, ?,
                        (SELECT count(*) FROM catalog_authors WHERE key >= 'goodreads-author:' AND key < 'goodreads-author;'), ?, ?, 1, ?, ?)
                    """,
                arguments: [Self.seedSourceID, seed.version, books.count, books.count, books.count, stamp, stamp]
            )
            return true
        }
        seedChecked.withLock { $0 = true }
        return CatalogSeedReport(
            loaded: loaded, version: seed.version, bookCount: loaded ? books.count : 0,
            duration: loaded ? clock.now - start : .zero
        )
    }

    /// Deletes every row the seed put in: works have ids below `firstDumpWorkID`, and editions and
    /// authors are found through their keys' "goodreads" prefixes.
    private func removeSeed(_ db: Database) throws {
        let firstDumpID = CatalogWriter.firstDumpWorkID
        try db.execute(
            sql: """
                DELETE FROM catalog_isbns WHERE editionID IN
                    (SELECT id FROM catalog_editions WHERE key >= 'goodreads:' AND key < 'goodreads;');
                DELETE FROM catalog_editions WHERE key >= 'goodreads:' AND key < 'goodreads;';
                INSERT INTO catalog_search (catalog_search, rowid, searchTitle, searchSubtitle, searchAuthors, searchSeries)
                    SELECT 'delete', id, searchTitle, searchSubtitle, searchAuthors, searchSeries FROM catalog_works WHERE id < ?;
                DELETE FROM catalog_work_authors WHERE workID < ?;
                DELETE FROM catalog_works WHERE id < ?;
                DELETE FROM catalog_authors WHERE key >= 'goodreads-author:' AND key < 'goodreads-author;';
                """,
            arguments: [firstDumpID, firstDumpID, firstDumpID]
        )
    }
}
