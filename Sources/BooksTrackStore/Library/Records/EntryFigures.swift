import BooksTrackCore
import Foundation
import GRDB

/// What inserted entries add to `entry_status_counts`, `entry_totals` and
/// `entry_finished_years`, and their marks for the insight counters (`insight_dirty`): collected
/// while the store inserts entries, written by `apply`.
///
/// The same contributions as the update and delete triggers of the migration compute in SQL; the
/// consistency test compares the kept figures with figures recomputed from every book.
struct EntryFigures {
    private var statusCounts: [ReadingStatus: Int] = [:]
    private var ownedCount = 0
    private var favoriteCount = 0
    private var ratingSum = 0.0
    private var ratedCount = 0
    private var earlierReads = 0
    private var finishedPages = 0
    private var finishedWithPageCount = 0
    private var finishedByYear: [Int: Int] = [:]
    private var insertedIDs: [LibraryEntry.ID] = []

    /// Counts an inserted entry; `shownPageCount` as stored on its row.
    mutating func add(_ entry: LibraryEntry, shownPageCount: Int?) {
        statusCounts[entry.status, default: 0] += 1
        insertedIDs.append(entry.id)
        if entry.editionID != nil { ownedCount += 1 }
        if entry.isFavorite { favoriteCount += 1 }
        if let rating = entry.rating {
            ratingSum += rating
            ratedCount += 1
        }
        earlierReads += entry.readHistory.count(where: { $0.outcome == .read })
        guard entry.status == .read else { return }
        if let shownPageCount {
            finishedPages = finishedPages.saturatingAdd(shownPageCount)
            finishedWithPageCount += 1
        }
        if let completed = entry.dateCompleted {
            finishedByYear[Self.year(ofDatabaseSeconds: completed.databaseSeconds), default: 0] += 1
        }
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
            INSERT INTO entry_totals (
                userKey, ownedCount, favoriteCount, ratingSum, ratedCount, earlierReads, finishedPages, finishedWithPageCount
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (userKey) DO UPDATE SET
                ownedCount = ownedCount + excluded.ownedCount, favoriteCount = favoriteCount + excluded.favoriteCount,
                ratingSum = ratingSum + excluded.ratingSum, ratedCount = ratedCount + excluded.ratedCount,
                earlierReads = earlierReads + excluded.earlierReads, finishedPages = finishedPages + excluded.finishedPages,
                finishedWithPageCount = finishedWithPageCount + excluded.finishedWithPageCount
            """, [user, ownedCount, favoriteCount, ratingSum, ratedCount, earlierReads, finishedPages, finishedWithPageCount])
        for (year, count) in finishedByYear {
            try SQLiteLibraryStore.execute(db, """
                INSERT INTO entry_finished_years (userKey, year, entryCount) VALUES (?, ?, ?)
                ON CONFLICT (userKey, year) DO UPDATE SET entryCount = entryCount + excluded.entryCount
                """, [user, year, count])
        }
        for start in stride(from: 0, to: insertedIDs.count, by: 500) {
            let ids = insertedIDs[start..<min(start + 500, insertedIDs.count)]
            let values = Array(repeating: "(?, ?)", count: ids.count).joined(separator: ", ")
            let arguments = StatementArguments(ids.flatMap { id -> [DatabaseValue] in [user.databaseValue, id.databaseValue] })
            try SQLiteLibraryStore.execute(db, "INSERT INTO insight_dirty (userKey, entryID) VALUES \(values)", arguments)
        }
        self = EntryFigures()
    }

    /// The calendar year (UTC, proleptic Gregorian) of a stored date, as the triggers compute it
    /// with `strftime('%Y', seconds + 978307200, 'unixepoch')`; 0 outside SQLite's years 0–9999.
    static func year(ofDatabaseSeconds seconds: Double) -> Int {
        let unixSeconds = seconds + 978_307_200
        guard unixSeconds.isFinite, abs(unixSeconds) < 1e15 else { return 0 }
        // Days to civil date (Howard Hinnant's algorithm).
        let days = Int64((unixSeconds / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let year = yearOfEra + era * 400 + (shiftedMonth >= 10 ? 1 : 0)
        return (0...9_999).contains(year) ? Int(year) : 0
    }
}
