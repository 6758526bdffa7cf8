import BooksTrackCore
@testable import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// The figures the database keeps up to date stay equal to figures recomputed from every book,
/// whatever changes the library goes through.
@Suite struct StatisticsConsistencyTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    /// The statistics worked out in Swift from every book of the library.
    func recomputed(now: Date) throws -> ReadingStatistics {
        let books = try library.store.books(EntryQuery())
        let entries = books.map(\.entry)
        let finished = books.filter { $0.entry.status == .read }
        let ratings = entries.compactMap(\.rating)
        let year = PartialDate.gregorianUTC.component(.year, from: now)
        let sessions = entries.flatMap(\.sessions)
        var counts = Dictionary(uniqueKeysWithValues: ReadingStatus.allCases.map { ($0, 0) })
        for entry in entries { counts[entry.status, default: 0] += 1 }
        return ReadingStatistics(
            totalEntries: entries.count,
            countsByStatus: counts,
            ownedCount: entries.count(where: \.isOwned),
            favoriteCount: entries.count(where: \.isFavorite),
            reviewQueueCount: try library.store.reviewQueueCount(),
            totalReads: finished.count + entries.reduce(0) { $0 + $1.readHistory.count(where: { $0.outcome == .read }) },
            pagesRead: finished.compactMap(\.pageCount).reduce(0, +),
            finishedWithPageCount: finished.count(where: { $0.pageCount != nil }),
            averageRating: ratings.isEmpty ? nil : ratings.reduce(0, +) / Double(ratings.count),
            ratedCount: ratings.count,
            totalReadingMinutes: sessions.reduce(0) { $0 + $1.durationMinutes },
            sessionCount: sessions.count,
            finishedThisYear: finished.count(where: { entry in
                entry.entry.dateCompleted.map { PartialDate.gregorianUTC.component(.year, from: $0) == year } ?? false
            })
        )
    }

    @Test func keptFiguresMatchFiguresRecomputedFromEveryBookAfterManyChanges() throws {
        // Given 300 generated books
        let books = LibraryFixtures.books(count: 300, userID: library.alice.id, seed: 5)
        try library.store.add(books)
        let now = LibraryFixtures.referenceDate
        #expect(try library.store.readingStatistics(now: now) == recomputed(now: now))

        // When entries are started, finished, rated, re-read, deleted; editions deleted, added
        // and resized; works deleted
        var generator = SeededGenerator(seed: 99)
        for (offset, book) in books.enumerated() {
            let id = book.entry.id
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: _ = try library.store.updateEntry(id: id) { entry, pages in entry.finish(pageCount: pages, now: now) }
            case 1: _ = try library.store.updateEntry(id: id) { entry, _ in entry.start(now: now) }
            case 2: _ = try library.store.updateEntry(id: id) { entry, _ in entry.rating = Double(offset % 20 + 1) / 4 }
            case 3: try library.store.deleteEntry(id: id)
            case 4:
                if let edition = book.edition { try library.store.deleteEdition(id: edition.id) }
            case 5:
                if var edition = book.edition {
                    edition.pageCount = 99
                    try library.store.save(edition)
                }
            case 6:
                try library.store.save(Edition(workID: book.work.id, isbns: [], pageCount: 1_000, format: .ebook,
                                               coverImageURL: URL(string: "https://example.org/\(offset).jpg"), dateCreated: now))
            case 7: try library.store.deleteWork(id: book.work.id)
            case 8 where offset % 2 == 0:
                // Removed and saved again: a new row through save(_:), counted by the store.
                var entry = try #require(try library.store.entry(id: id))
                try library.store.deleteEntry(id: id)
                entry.id = LibraryEntry.ID()
                entry.readHistory.append(ReadPeriod(ended: now, outcome: .read))
                try library.store.save(entry)
            default: _ = try library.store.updateEntry(id: id) { entry, _ in entry.isFavorite.toggle() }
            }
        }

        // Then the kept figures still equal the recomputed ones
        #expect(try library.store.readingStatistics(now: now) == recomputed(now: now))
        #expect(try library.store.countByStatus() == recomputed(now: now).countsByStatus)
    }
}

/// The year the store counts a finished book in is the year SQLite's `strftime` gives.
@Suite struct FinishedYearTests {
    @Test(arguments: [
        LibraryFixtures.date(2025, 1, 1), LibraryFixtures.date(2024, 12, 31, hour: 23, minute: 59),
        LibraryFixtures.date(2000, 2, 29), LibraryFixtures.date(1969, 12, 31, hour: 23), LibraryFixtures.date(1600, 3, 1),
        Date(timeIntervalSinceReferenceDate: -0.5), Date(timeIntervalSinceReferenceDate: 1e12),
    ])
    func theYearOfADateMatchesSQLite(date: Date) throws {
        // Given a date, when its year is computed in Swift and by SQLite
        let database = try LibraryDatabase.inMemory()
        let sqlite = try database.sqliteYear(ofDatabaseSeconds: date.timeIntervalSinceReferenceDate)
        // Then both agree
        #expect(EntryFigures.year(ofDatabaseSeconds: date.timeIntervalSinceReferenceDate) == sqlite)
    }
}

extension LibraryDatabase {
    /// The year SQLite's `strftime` gives a stored date, as the migration's triggers compute it.
    func sqliteYear(ofDatabaseSeconds seconds: Double) throws -> Int {
        try writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COALESCE(CAST(strftime('%Y', ? + 978307200, 'unixepoch') AS INTEGER), 0)",
                             arguments: [seconds]) ?? -1
        }
    }
}
