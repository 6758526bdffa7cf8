import BooksTrackCore
import Foundation
import GRDB

/// What inserted entries add to `entry_status_counts` and `entry_totals`, and their marks for the
/// insight counters (`insight_dirty`): collected while the store inserts entries, written by `apply`.
///
/// The same contributions as the update and delete triggers of the migration compute in SQL; the
/// consistency test compares the kept figures with figures recomputed from every book.
struct EntryFigures {
    private var statusCounts: [ReadingStatus: Int] = [:]
    private var ownedCount = 0
    private var favoriteCount = 0
    private var insertedIDs: [LibraryEntry.ID] = []

    /// Counts an inserted entry. An entry whose insight facts the inserter did not write
    /// (`counted` false) is marked for the insight counters.
    mutating func add(_ entry: LibraryEntry, counted: Bool) {
        statusCounts[entry.status, default: 0] += 1
        if !counted { insertedIDs.append(entry.id) }
        if entry.editionID != nil { ownedCount += 1 }
        if entry.isFavorite { favoriteCount += 1 }
    }

    /// Adds the collected figures to the user's rows and starts over.
    mutating func apply(_ db: Database, user: Int64) throws {
        guard !statusCounts.isEmpty else { return }
        for (status, count) in statusCounts {
            try SQLiteLibraryStore.execute(db, """
                INSERT INTO entry_status_counts (userKey, status, entryCount) VALUES (?, ?, ?)
                ON CONFLICT (userKey, status) DO UPDATE SET entryCount = entryCount + excluded.entryCount
                """, [user, status.rawValue, count])
        }
        try SQLiteLibraryStore.execute(db, """
            INSERT INTO entry_totals (userKey, ownedCount, favoriteCount) VALUES (?, ?, ?) ON CONFLICT (userKey) DO UPDATE SET
                ownedCount = ownedCount + excluded.ownedCount, favoriteCount = favoriteCount + excluded.favoriteCount
            """, [user, ownedCount, favoriteCount])
        for start in stride(from: 0, to: insertedIDs.count, by: 500) {
            let ids = insertedIDs[start..<min(start + 500, insertedIDs.count)]
            let values = Array(repeating: "(?, ?)", count: ids.count).joined(separator: ", ")
            let arguments = StatementArguments(ids.flatMap { id -> [DatabaseValue] in [user.databaseValue, id.databaseValue] })
            try SQLiteLibraryStore.execute(db, "INSERT INTO insight_dirty (userKey, entryID) VALUES \(values)", arguments)
        }
        self = EntryFigures()
    }
}
