import BooksTrackCore
import Foundation
import GRDB

/// Counts and statistics, computed by SQLite without loading any entry.
extension SQLiteLibraryStore {
    /// Entries per status, every status present; read from the counts the triggers keep.
    public func countByStatus() throws -> [ReadingStatus: Int] {
        try read { db in try statusCounts(db) }
    }

    /// Works waiting for review (pending), counted in SQL.
    public func reviewQueueCount() throws -> Int {
        try read { db in try reviewQueueCount(db) }
    }

    /// Library-wide figures; `now` sets "this year" (its calendar year in UTC).
    public func readingStatistics(now: Date) throws -> ReadingStatistics {
        let (yearStart, yearEnd) = Self.utcYear(containing: now)
        return try read { db in
            let counts = try statusCounts(db)
            let entryFigures = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT COUNT(editionID), COALESCE(SUM(isFavorite), 0), AVG(rating), COUNT(rating),
                       COALESCE(SUM(status = 'read' AND dateCompleted >= ? AND dateCompleted < ?), 0)
                FROM entries WHERE userID = ?
                """), arguments: [yearStart.databaseSeconds, yearEnd.databaseSeconds, user])
            var entries = entryFigures.map { RowReader($0, table: "entries") }
            // The page count of the edition a finished book shows: the owned one, else the
            // work's primary edition (the EditionSelection score: cover, ISBN, page count; oldest first).
            let pageFigures = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT COALESCE(SUM(pageCount), 0), COUNT(pageCount) FROM (
                    SELECT CASE WHEN e.editionID IS NOT NULL THEN (
                        SELECT owned.pageCount FROM editions owned WHERE owned.userID = e.userID AND owned.id = e.editionID
                    ) ELSE (
                        SELECT ed.pageCount FROM editions ed WHERE ed.userID = e.userID AND ed.workID = e.workID
                        ORDER BY (ed.coverImageURL IS NOT NULL)
                            + EXISTS (SELECT 1 FROM edition_isbns i WHERE i.userID = ed.userID AND i.editionID = ed.id)
                            + (ed.pageCount IS NOT NULL) DESC, ed.dateCreated, ed.id
                        LIMIT 1
                    ) END AS pageCount
                    FROM entries e WHERE e.userID = ? AND e.status = 'read'
                )
                """), arguments: [user])
            var pages = pageFigures.map { RowReader($0, table: "editions") }
            let earlierReads = try Self.fetchInt(db, """
                SELECT COUNT(*) FROM entries e, json_each(e.readHistory) j
                WHERE e.userID = ? AND e.readHistory IS NOT NULL AND json_extract(j.value, '$.outcome') = 'read'
                """, [user])
            let sessionFigures = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT COALESCE(SUM(durationMinutes), 0), COUNT(*) FROM reading_sessions WHERE userID = ?
                """), arguments: [user])
            var sessions = sessionFigures.map { RowReader($0, table: "reading_sessions") }
            return ReadingStatistics(
                totalEntries: counts.values.reduce(0, +),
                countsByStatus: counts,
                ownedCount: try entries?.int() ?? 0,
                favoriteCount: try entries?.int() ?? 0,
                reviewQueueCount: try reviewQueueCount(db),
                totalReads: (counts[.read] ?? 0) + earlierReads,
                pagesRead: try pages?.int() ?? 0,
                finishedWithPageCount: try pages?.int() ?? 0,
                averageRating: try entries?.optionalDouble(),
                ratedCount: try entries?.int() ?? 0,
                totalReadingMinutes: try sessions?.int() ?? 0,
                sessionCount: try sessions?.int() ?? 0,
                finishedThisYear: try entries?.int() ?? 0
            )
        }
    }

    func statusCounts(_ db: Database) throws -> [ReadingStatus: Int] {
        var counts = Dictionary(uniqueKeysWithValues: ReadingStatus.allCases.map { ($0, 0) })
        let rows = try Self.fetch(db, "SELECT status, entryCount FROM entry_status_counts WHERE userID = ?", [user]) { row in
            var reader = RowReader(row, table: "entry_status_counts")
            return (try reader.value(ReadingStatus.self), try reader.int())
        }
        for (status, count) in rows { counts[status] = count }
        return counts
    }

    func reviewQueueCount(_ db: Database) throws -> Int {
        try Self.fetchInt(db, "SELECT COUNT(*) FROM works WHERE userID = ? AND reviewStatus = 'pending'", [user])
    }

    /// The first instant of `date`'s year and of the next one, in UTC.
    static func utcYear(containing date: Date) -> (start: Date, end: Date) {
        let calendar = PartialDate.gregorianUTC
        let year = calendar.component(.year, from: date)
        let start = calendar.date(from: DateComponents(year: year, month: 1, day: 1)) ?? date
        let end = calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1)) ?? date
        return (start, end)
    }
}
