import BooksTrackCore
@testable import BooksTrackStore
import BooksTrackTesting
import Foundation
import GRDB
import GRDBSQLite
import Testing

/// Opening files, migrations and users.
@Suite struct LibraryDatabaseTests {
    @Test func aNewFileIsCreatedWithItsFoldersInWALModeWithForeignKeys() throws {
        // Given a path in folders that do not exist yet
        let directory = try TemporaryDirectory()
        let path = directory.path("a/b/library.sqlite")
        // When the database is opened
        let database = try LibraryDatabase(path: path)
        // Then the file exists, in WAL mode, with foreign keys enforced, migrated once
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try database.journalMode() == "wal")
        #expect(try database.foreignKeysEnabled())
        #expect(try database.appliedMigrations() == ["v1", "v2-enrichment-queue", "v3-insights", "v4-insight-figures", "v5-main-title-keys", "v6-reading-days-from-use-cases", "v7-enrichment-attempts", "v8-series-ranges", "v9-contributors", "v10-goodreads-book-ids", "v11-insight-facts-version", "v12-drop-statistics-figures", "v13-read-lengths-index", "v14-accounts", "v15-jobs", "v16-browser-sessions", "v17-invitations", "v18-photo-thumbnails", "v19-import-mappings", "v20-shelf-scans", "v21-original-photos", "v22-imported-rows", "v23-jobs-keyed-by-user", "v24-user-name-keys", "v25-reader-edits", "v26-audiobook-minutes"])
    }

    @Test func sqliteKeepsNoCountOfItsMemoryOnceALibraryIsOpen() throws {
        // Given a library file with a book written to it
        let directory = try TemporaryDirectory()
        let database = try LibraryDatabase(path: directory.path("library.sqlite"))
        let user = try database.ensureUser(named: "local", now: day(0))
        _ = try database.library(for: user.id).add(
            LibraryFixtures.book(title: "Hyperion", authors: [LibraryFixtures.author("Dan Simmons")], userID: user.id))
        // Then SQLite counts none of the memory its connections hold: the count, and the lock it
        // takes around every allocation, are off for the whole process
        var current: sqlite3_int64 = 0
        var highest: sqlite3_int64 = 0
        #expect(sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &current, &highest, 0) == SQLITE_OK)
        #expect(current == 0)
    }

    @Test func aNewFileHas8KBPagesAndCopiesItsLogEvery64MB() throws {
        // Given a new library file
        let directory = try TemporaryDirectory()
        let database = try LibraryDatabase(path: directory.path("library.sqlite"))
        // When its writer's settings are read
        let settings = try pageSettings(database)
        // Then its pages are 8 KB, and 8,192 of them (64 MB) make a checkpoint
        #expect(settings.pageSize == 8_192)
        #expect(settings.checkpoint == 8_192)
    }

    /// The page size of the file and the log's pages per checkpoint, as the writer has them.
    private func pageSettings(_ database: LibraryDatabase) throws -> (pageSize: Int?, checkpoint: Int?) {
        try database.writer.writeWithoutTransaction { db in
            (try Int.fetchOne(db, sql: "PRAGMA page_size"), try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint"))
        }
    }

    @Test func aFileMadeWith4KBPagesKeepsThemAndStillCopiesItsLogEvery64MB() throws {
        // Given a file made with 4 KB pages, as libraries made before 8 KB pages were
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        SQLiteProcessSettings.apply()
        do {
            let old = try DatabaseQueue(path: path)
            try old.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA page_size = 4096; PRAGMA journal_mode = WAL; CREATE TABLE notes (text TEXT)")
            }
        }
        // When it is opened as a library and a book is added
        let database = try LibraryDatabase(path: path)
        let user = try database.ensureUser(named: "local", now: day(0))
        let entry = try database.library(for: user.id).add(
            LibraryFixtures.book(title: "Hyperion", authors: [LibraryFixtures.author("Dan Simmons")], userID: user.id)).entry
        // Then the book is there, the pages are still 4 KB, and 16,384 of them (64 MB) make a checkpoint
        #expect(try database.library(for: user.id).book(entryID: entry.id)?.work.title == "Hyperion")
        let settings = try pageSettings(database)
        #expect(settings.pageSize == 4_096)
        #expect(settings.checkpoint == 16_384)
    }

    @Test func reopeningAFileKeepsItsDataAndRunsNoMigrationAgain() throws {
        // Given a library file with a book
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        var entryID: LibraryEntry.ID?
        do {
            let database = try LibraryDatabase(path: path)
            let user = try database.ensureUser(named: "local", now: day(0))
            let book = LibraryFixtures.book(title: "Hyperion", authors: [LibraryFixtures.author("Dan Simmons")], userID: user.id)
            entryID = try database.library(for: user.id).add(book).entry.id
        }
        // When it is opened again
        let reopened = try LibraryDatabase(path: path)
        let user = try #require(try reopened.user(named: "local"))
        // Then the book is there and the migration list is unchanged
        #expect(try reopened.library(for: user.id).book(entryID: try #require(entryID))?.work.title == "Hyperion")
        #expect(try reopened.appliedMigrations() == ["v1", "v2-enrichment-queue", "v3-insights", "v4-insight-figures", "v5-main-title-keys", "v6-reading-days-from-use-cases", "v7-enrichment-attempts", "v8-series-ranges", "v9-contributors", "v10-goodreads-book-ids", "v11-insight-facts-version", "v12-drop-statistics-figures", "v13-read-lengths-index", "v14-accounts", "v15-jobs", "v16-browser-sessions", "v17-invitations", "v18-photo-thumbnails", "v19-import-mappings", "v20-shelf-scans", "v21-original-photos", "v22-imported-rows", "v23-jobs-keyed-by-user", "v24-user-name-keys", "v25-reader-edits", "v26-audiobook-minutes"])
    }

    @Test func aFileFromANewerBooksTrackIsRefusedNamingWhatItDoesNotKnow() throws {
        // Given a library file a newer BooksTrack migrated further
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        do {
            let database = try LibraryDatabase(path: path)
            try database.writer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
            }
        }
        // When it is opened, then it is refused with the migration it does not know
        let error = #expect(throws: StoreError.self) { try LibraryDatabase(path: path) }
        #expect(error?.description.contains("it has migrations v99-from-the-future") == true)
    }

    @Test func aPathThatCannotBeCreatedIsReportedAsAStoreError() throws {
        // Given a path under a regular file
        let directory = try TemporaryDirectory()
        let file = directory.path("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        // When a database is opened there, then a StoreError says it cannot be opened
        #expect(throws: StoreError.self) { try LibraryDatabase(path: file + "/library.sqlite") }
    }

    @Test func theCommitCountMovesWithEachChangeCommittedAndWithNothingElse() throws {
        let directory = try TemporaryDirectory()
        let database = try LibraryDatabase(path: directory.path("library.sqlite"))
        let user = try database.ensureUser(named: "local", now: day(0))
        let library = database.library(for: user.id)
        let start = database.commitCount
        let book = LibraryFixtures.book(title: "Hyperion", authors: [LibraryFixtures.author("Dan Simmons")], userID: user.id)
        let entryID = try library.add(book).entry.id
        let afterAdd = database.commitCount
        #expect(afterAdd > start)
        // Reads, a write that is rolled back, and a write transaction that only reads change nothing.
        _ = try library.book(entryID: entryID)
        _ = try library.books(EntryQuery())
        #expect(throws: (any Error).self) { try library.add(book) }
        try library.blockingTransaction { _ = try library.book(entryID: entryID) }
        #expect(database.commitCount == afterAdd)
        // A change to a WITHOUT ROWID table only (a reading goal) counts like any other.
        try library.setGoal(ReadingGoal(year: 2026, books: 24, pages: nil))
        #expect(database.commitCount == afterAdd + 1)
        // The writes of a second opener of the file are another process's: not counted here.
        let other = try LibraryDatabase(path: directory.path("library.sqlite"))
        _ = try other.library(for: user.id).add(LibraryFixtures.book(title: "Ilium", authors: [LibraryFixtures.author("Dan Simmons")], userID: user.id))
        #expect(database.commitCount == afterAdd + 1)
        #expect(other.commitCount > 0)
    }

    @Test func ensuringAUserTwiceGivesTheSameUser() throws {
        // Given an in-memory database
        let database = try LibraryDatabase.inMemory()
        // When the same name is ensured twice, with surrounding spaces the second time
        let first = try database.ensureUser(named: "local", now: day(0))
        let second = try database.ensureUser(named: " local ", now: day(1))
        _ = try database.ensureUser(named: "another", now: day(2))
        // Then it is one user, created at the first time
        #expect(first == second)
        #expect(first.dateCreated == day(0))
        #expect(try database.users().map(\.name) == ["another", "local"])
        #expect(try database.user(named: "nobody") == nil)
        #expect(throws: LibraryError.invalid(.empty(field: "user name"))) { try database.ensureUser(named: "  ", now: day(0)) }
        #expect(throws: LibraryError.invalid(.notPrintable(field: "user name", character: "\u{202E}"))) {
            try database.ensureUser(named: "\u{202E}", now: day(0))
        }
        #expect(throws: LibraryError.invalid(.tooLong(field: "user name", limit: 64, length: 65))) {
            try database.ensureUser(named: String(repeating: "u", count: 65), now: day(0))
        }
    }

    @Test func aLibraryForAnUnknownUserReportsItWhenWriting() throws {
        // Given a library for a user who was never created
        let database = try LibraryDatabase.inMemory()
        let ghost = User.ID()
        let store = database.library(for: ghost)
        // When a book is added, then the error names the unknown user
        let book = LibraryFixtures.book(title: "Solaris", authors: [LibraryFixtures.author("Stanisław Lem")], userID: ghost)
        #expect(throws: StoreError.unknownUser(ghost)) { try store.add(book) }
    }
}

/// Closing a library file.
@Suite struct LibraryDatabaseClosingTests {
    @Test func closingAfterALargeImportLeavesOneCompleteFile() throws {
        // Given a library file that just took a large batch (checkpointed in the background)
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        let database = try LibraryDatabase(path: path)
        let user = try database.ensureUser(named: "local", now: day(0))
        try database.library(for: user.id).add(LibraryFixtures.books(count: 1_200, userID: user.id, seed: 3))
        // When it is closed
        try database.close()
        // Then the write-ahead log is empty (or gone) and the file alone holds every book
        let logSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(logSize == 0)
        let moved = directory.path("moved.sqlite")
        try FileManager.default.moveItem(atPath: path, toPath: moved)
        let reopened = try LibraryDatabase(path: moved)
        let store = reopened.library(for: try #require(try reopened.user(named: "local")).id)
        #expect(try store.count(EntryQuery()) == 1_200)
    }
}

/// Several openers of one new file at the same moment, as two processes starting together.
@Suite struct ConcurrentOpeningTests {
    @Test func openersOfANewLibraryAtOnceAllSucceedAndMigrateOnce() throws {
        for round in 0..<8 {
            let directory = try TemporaryDirectory()
            let path = directory.path("data/library.sqlite")
            let results = AtOnce.run(3) { _ in try LibraryDatabase(path: path).appliedMigrations() }
            for result in results {
                #expect(throws: Never.self, "round \(round)") { _ = try result.get() }
            }
            let migrations = try LibraryDatabase(path: path).appliedMigrations()
            #expect(migrations.count == 26)
            #expect(results.allSatisfy { (try? $0.get()) == migrations })
        }
    }
}
