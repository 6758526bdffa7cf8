import BooksTrackCore
import Foundation
import GRDB

/// Counts, computed by SQLite without loading any entry.
extension SQLiteLibraryStore {
    /// Entries per status, every status present; read from the counts the triggers keep.
    public func countByStatus() throws -> [ReadingStatus: Int] {
        try read { db, user in try statusCounts(db, user) }
    }

    /// Works waiting for review (pending), counted in SQL.
    public func reviewQueueCount() throws -> Int {
        try read { db, user in try reviewQueueCount(db, user) }
    }

    func statusCounts(_ db: Database, _ user: Int64?) throws -> [ReadingStatus: Int] {
        var counts = Dictionary(uniqueKeysWithValues: ReadingStatus.allCases.map { ($0, 0) })
        let rows = try Self.fetch(db, "SELECT status, entryCount FROM entry_status_counts WHERE userKey = ?", [user],
                                  table: "entry_status_counts") { reader in
            (try reader.value(ReadingStatus.self), try reader.int())
        }
        for (status, count) in rows { counts[status] = count }
        return counts
    }

    /// The books seen on shelf photos that wait for the reader's review.
    func reviewQueueCount(_ db: Database, _ user: Int64?) throws -> Int {
        try Self.fetchInt(db, "SELECT COUNT(*) FROM review_items WHERE userKey = ? AND status = 'pending'", [user])
    }
}
