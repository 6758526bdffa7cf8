import BooksTrackCore
@testable import BooksTrackStore
import BooksTrackTesting
import Foundation
import GRDB
import Testing

/// The figures the database keeps up to date stay equal to figures recomputed from every book,
/// whatever changes the library goes through.
/// Entries per status, owned and favorite entries: what the triggers and the store keep.
struct KeptFigures: Equatable {
    var counts: [ReadingStatus: Int]
    var owned: Int
    var favorites: Int
}

@Suite struct StatisticsConsistencyTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    /// The kept figures worked out in Swift from every book of the library: entries per status,
    /// owned and favorite entries.
    func recomputed() throws -> KeptFigures {
        let entries = try library.store.books(EntryQuery()).map(\.entry)
        var counts = Dictionary(uniqueKeysWithValues: ReadingStatus.allCases.map { ($0, 0) })
        for entry in entries { counts[entry.status, default: 0] += 1 }
        return KeptFigures(counts: counts, owned: entries.count(where: \.isOwned), favorites: entries.count(where: \.isFavorite))
    }

    /// The kept figures as the store reads them.
    func kept(now: Date) throws -> KeptFigures {
        let library = try library.store.insights(year: nil, now: now).library
        return KeptFigures(counts: try self.library.store.countByStatus(), owned: library.owned, favorites: library.favorites)
    }

    @Test func keptFiguresMatchFiguresRecomputedFromEveryBookAfterManyChanges() throws {
        // Given 300 generated books
        let books = LibraryFixtures.books(count: 300, userID: library.alice.id, seed: 5)
        try library.store.add(books)
        let now = LibraryFixtures.referenceDate
        #expect(try kept(now: now) == recomputed())

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
        #expect(try kept(now: now) == recomputed())
    }
}

/// The insight counters, kept up to date change by change, stay equal to counters rebuilt from
/// every entry at once.
@Suite struct InsightCountersConsistencyTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    static let counterTables = [
        "insight_periods", "insight_lengths", "insight_formats", "insight_authors", "insight_genres", "insight_groups",
        "insight_session_days",
    ]

    /// Every row of every counter and of the facts, as text, table by table.
    func snapshot() throws -> [String: [String]] {
        try library.database.writer.read { db in
            var tables: [String: [String]] = [:]
            for table in Self.counterTables + ["insight_facts"] {
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table)")
                tables[table] = rows.map { row in row.databaseValues.map(Self.text).joined(separator: "|") }.sorted()
            }
            return tables
        }
    }

    private static func text(_ value: DatabaseValue) -> String {
        guard case .blob(let data) = value.storage else { return value.description }
        return data.map { String(format: "%02x", $0) }.joined()
    }

    /// The counters rebuilt from nothing: every entry marked, the sessions counted again.
    func rebuilt() throws -> [String: [String]] {
        try library.database.writer.write { db in
            for table in Self.counterTables + ["insight_facts"] { try db.execute(sql: "DELETE FROM \(table)") }
            try db.execute(sql: """
                INSERT INTO insight_dirty (userKey, entryID) SELECT userKey, id FROM entries;
                INSERT INTO insight_session_days (userKey, day, sessions, minutes, pages)
                SELECT userKey, CAST((date + 978307200) / 86400 AS INTEGER), COUNT(*), SUM(durationMinutes), SUM(pagesRead)
                FROM reading_sessions GROUP BY 1, 2;
                """)
            try InsightFigures.refresh(db, writer: library.database.writer)
        }
        return try snapshot()
    }

    @Test func booksAddedInBulkAreCountedAsTheyAreWrittenNotByTheNextInsights() throws {
        // Given 300 generated books added in one call, to a library that already has 40
        try library.store.add(LibraryFixtures.books(count: 40, userID: library.alice.id, seed: 12))
        try library.store.add(LibraryFixtures.books(count: 300, userID: library.alice.id, seed: 13))

        // Then no entry waits to be counted, and the counters are those rebuilt from every entry
        let waiting = try library.database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM insight_dirty") }
        #expect(waiting == 0)
        let kept = try snapshot()
        #expect(kept["insight_facts"]?.count ?? 0 >= 340)
        let fresh = try rebuilt()
        for table in Self.counterTables + ["insight_facts"] {
            #expect(kept[table] == fresh[table], "\(table)")
        }
    }

    @Test func keptCountersMatchCountersRebuiltFromEveryEntryAfterManyChanges() throws {
        // Given 300 generated books (and 40 of Bob's), whose insights have been read once
        let now = LibraryFixtures.referenceDate
        let books = LibraryFixtures.books(count: 300, userID: library.alice.id, seed: 7)
        try library.store.add(books)
        try library.bobStore.add(LibraryFixtures.books(count: 40, userID: library.bob.id, seed: 8))
        _ = try library.store.insights(year: nil, now: now)
        #expect(try snapshot() == rebuilt())

        // When entries are finished, re-read, abandoned, rated, deleted, saved again as new rows and
        // given sessions; authors' demographics, works' genres and languages, author links and editions change; with the
        // insights read now and then in between
        var generator = SeededGenerator(seed: 11)
        let authors = try library.store.allAuthors()
        for (offset, book) in books.enumerated() {
            let id = book.entry.id
            switch Int.random(in: 0..<13, using: &generator) {
            case 0: _ = try library.store.updateEntry(id: id) { entry, pages in entry.finish(pageCount: pages, now: now) }
            case 1:
                _ = try library.store.updateEntry(id: id) { entry, _ in
                    entry.readHistory.append(ReadPeriod(started: now.addingTimeInterval(-86_400 * 9), ended: now, outcome: .read))
                    entry.readHistory.append(ReadPeriod(ended: now.addingTimeInterval(-86_400 * 400), outcome: .dnf))
                }
            case 2: _ = try library.store.updateEntry(id: id) { entry, _ in entry.rating = Double(offset % 20 + 1) / 4 }
            case 3: try library.store.deleteEntry(id: id)
            case 4:
                _ = try library.store.updateEntry(id: id) { entry, _ in
                    entry.sessions.append(ReadingSession(date: now.addingTimeInterval(Double(offset) * -3_600), durationMinutes: 30,
                                                         pagesRead: 12))
                }
            case 5:
                _ = try library.store.updateEntry(id: id) { entry, _ in
                    if !entry.sessions.isEmpty { entry.sessions.removeFirst() }
                }
            case 6:
                var author = authors[offset % authors.count]
                author.gender = [.female, .male, .nonBinary, .unknown][offset % 4]
                author.culturalRegion = offset % 3 == 0 ? nil : .africa
                author.nationality = offset % 2 == 0 ? "NG" : nil
                try library.store.save(author)
            case 7:
                if var work = try library.store.work(id: book.work.id) {
                    work.genres = offset % 2 == 0 ? ["Poetry", "poetry", "Essays"] : []
                    work.originalLanguage = offset % 3 == 0 ? "ko" : nil
                    work.authorIDs = [authors[(offset * 7) % authors.count].id] + work.authorIDs
                    try library.store.save(work)
                }
            case 8:
                if let edition = book.edition { try library.store.deleteEdition(id: edition.id) }
            case 9:
                try library.store.save(Edition(workID: book.work.id, isbns: [], pageCount: 50 + offset, format: .audiobook,
                                               language: "fr", translator: "T. Ranslator", dateCreated: now))
            case 10: try library.store.deleteWork(id: book.work.id)
            case 11:
                // Removed and saved again: a new row through save(_:), marked by the store.
                if var entry = try library.store.entry(id: id) {
                    try library.store.deleteEntry(id: id)
                    entry.id = LibraryEntry.ID()
                    entry.readHistory.append(ReadPeriod(ended: now, outcome: .read))
                    try library.store.save(entry)
                }
            default: _ = try library.store.updateEntry(id: id) { entry, _ in entry.stop(now: now) }
            }
            if offset % 37 == 0 { _ = try library.store.insights(year: 2024, now: now) }
        }
        _ = try library.store.insights(year: nil, now: now)
        let marked = try library.database.writer.read { db in 
            try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM insight_dirty) + (SELECT COUNT(*) FROM insight_marked)")
        }

        // Then nothing waits to be counted, and the kept counters equal the rebuilt ones
        #expect(marked == 0)
        let kept = try snapshot()
        let fresh = try rebuilt()
        for table in Self.counterTables + ["insight_facts"] {
            #expect(kept[table] == fresh[table], "\(table)")
        }
    }

    @Test func aLibraryFromBeforeTheCountersGetsThemWhenOpenedAgain() throws {
        // Given a library with books and its insights
        let now = LibraryFixtures.referenceDate
        try library.store.add(LibraryFixtures.books(count: 120, userID: library.alice.id, seed: 3))
        let before = try library.store.insights(year: nil, now: now)
        #expect(before.reading.booksFinished > 0)

        // When the counters are taken out, as a file from before them, and the file is opened again
        try library.database.writer.write { db in
            let objects = try Row.fetchAll(db, sql: """
                SELECT type, name FROM sqlite_master
                WHERE name LIKE 'insight%' OR name LIKE '%insight_%' OR name = 'entries_cultural_goal'
                ORDER BY type = 'table'
                """)
            for object in objects {
                let type: String = object["type"]
                let name: String = object["name"]
                try db.execute(sql: "DROP \(type) \(name)")
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier IN ('v4-insight-figures', 'v11-insight-facts-version', 'v26-audiobook-minutes')")
        }
        let reopened = try LibraryDatabase(path: library.directory.path("data/library.sqlite"))

        // Then its insights are the same
        #expect(try reopened.library(for: library.alice.id).insights(year: nil, now: now) == before)
    }
}
