import BooksTrackCore
import Foundation
import GRDB

/// Counts and statistics, computed by SQLite without loading any entry.
extension SQLiteLibraryStore {
    /// Entries per status, every status present; read from the counts the triggers keep.
    public func countByStatus() throws -> [ReadingStatus: Int] {
        try read { db, user in try statusCounts(db, user) }
    }

    /// Works waiting for review (pending), counted in SQL.
    public func reviewQueueCount() throws -> Int {
        try read { db, user in try reviewQueueCount(db, user) }
    }

    /// Library-wide figures; `now` sets "this year" (its calendar year in UTC).
    ///
    /// The entry figures come from the rows the triggers keep (`entry_status_counts`,
    /// `entry_totals`, `entry_finished_years`); the reading sessions are summed with one scan
    /// (`NOT INDEXED`: every index starts with the user, and following one to each row costs more
    /// than reading the small table).
    public func readingStatistics(now: Date) throws -> ReadingStatistics {
        let year = PartialDate.gregorianUTC.component(.year, from: now)
        return try read { db, user in
            let counts = try statusCounts(db, user)
            let totals = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT ownedCount, favoriteCount, ratingSum, ratedCount, earlierReads, finishedPages, finishedWithPageCount
                FROM entry_totals WHERE userKey = ?
                """), arguments: [user])
            var entries = totals.map { RowReader($0, table: "entry_totals") }
            let ownedCount = try entries?.int() ?? 0
            let favoriteCount = try entries?.int() ?? 0
            let ratingSum = try entries?.double() ?? 0
            let ratedCount = try entries?.int() ?? 0
            let earlierReads = try entries?.int() ?? 0
            let pagesRead = try entries?.int() ?? 0
            let finishedWithPageCount = try entries?.int() ?? 0
            let finishedThisYear = try Self.fetchInt(db, "SELECT entryCount FROM entry_finished_years WHERE userKey = ? AND year = ?",
                                                     [user, year])
            let sessionRow = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT COALESCE(SUM(durationMinutes), 0), COUNT(*) FROM reading_sessions NOT INDEXED WHERE userKey = ?
                """), arguments: [user])
            var sessions = sessionRow.map { RowReader($0, table: "reading_sessions") }
            return ReadingStatistics(
                totalEntries: counts.values.reduce(0, +),
                countsByStatus: counts,
                ownedCount: ownedCount,
                favoriteCount: favoriteCount,
                reviewQueueCount: try reviewQueueCount(db, user),
                totalReads: (counts[.read] ?? 0) + earlierReads,
                pagesRead: pagesRead,
                finishedWithPageCount: finishedWithPageCount,
                averageRating: ratedCount == 0 ? nil : ratingSum / Double(ratedCount),
                ratedCount: ratedCount,
                totalReadingMinutes: try sessions?.int() ?? 0,
                sessionCount: try sessions?.int() ?? 0,
                finishedThisYear: finishedThisYear
            )
        }
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

    func reviewQueueCount(_ db: Database, _ user: Int64?) throws -> Int {
        try Self.fetchInt(db, "SELECT COUNT(*) FROM works WHERE userKey = ? AND reviewStatus = 'pending'", [user])
    }
}
