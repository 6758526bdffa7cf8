import BooksTrackCore
import Foundation
import GRDB

/// One SQLite library file: its connections, its schema, its users, and a `LibraryStore` per user.
///
/// Files are opened as a GRDB `DatabasePool` in WAL mode (readers never wait for the writer) with
/// foreign keys on; the schema is brought up to date on opening.
public final class LibraryDatabase: Sendable {
    /// The connection (a pool for files, a queue for in-memory databases).
    let writer: any DatabaseWriter
    /// The file's path, or nil for an in-memory database.
    public let path: String?
    private let commits = CommitCounter()

    /// How many transactions with changes this process has committed to the file since it was
    /// opened: a value kept from a read is out of date once this moves. Another process's
    /// changes are not counted.
    public var commitCount: UInt64 { commits.value }

    /// Opens the library file at `path`, creating it and its parent folders when missing, and
    /// migrates it to the current schema.
    public convenience init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try OwnerOnly.makeFolder(url.deletingLastPathComponent())
        } catch {
            throw StoreError.cannotOpen(path: path, reason: error.localizedDescription)
        }
        let pool: DatabasePool
        do {
            // A new file is switched to WAL as it is created, which SQLite refuses while another
            // opener creates it too ("database is locked", whatever the busy timeout): openers of a
            // file that is not there yet take the folder's lock in turn. A file that is there may
            // still be one another opener is creating: told "locked", the opener tries again
            // holding the lock, a few times 50 ms apart.
            var tries = 0
            while true {
                do {
                    if tries == 0, FileManager.default.fileExists(atPath: path) {
                        pool = try DatabasePool(path: path, configuration: Self.configuration)
                    } else {
                        pool = try DirectoryLock.holding(url.deletingLastPathComponent()) {
                            try DatabasePool(path: path, configuration: Self.configuration)
                        }
                    }
                    break
                } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_BUSY && tries < 10 {
                    tries += 1
                    Thread.sleep(forTimeInterval: 0.05)
                }
            }
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        }
        OwnerOnly.restrictFile(path, database: true)
        try self.init(writer: pool, path: path)
    }

    /// A private database in memory, gone when the value is released; for tests and previews.
    public static func inMemory() throws -> LibraryDatabase {
        do {
            return try LibraryDatabase(writer: DatabaseQueue(configuration: configuration), path: nil)
        } catch let error as DatabaseError {
            throw StoreError(error)
        }
    }

    private init(writer: any DatabaseWriter, path: String?) throws {
        self.writer = writer
        self.path = path
        try migrate()
        writer.add(transactionObserver: commits, extent: .databaseLifetime)
    }

    /// The library of one user.
    public func library(for userID: User.ID) -> SQLiteLibraryStore {
        SQLiteLibraryStore(writer: writer, userID: userID, commits: commits)
    }

    /// Waits for pending work (such as the checkpoint after a large import), folds the
    /// write-ahead log into the file and closes every connection. Nothing may use the database
    /// or its stores afterwards; releasing the value closes it too, without the wait.
    public func close() throws {
        do {
            try writer.barrierWriteWithoutTransaction { db in try db.checkpoint(.truncate) }
            if let pool = writer as? DatabasePool {
                try pool.close()
            } else if let queue = writer as? DatabaseQueue {
                try queue.close()
            }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// The size of a new file's pages, in bytes.
    static let pageSize = 8_192

    /// How large the write-ahead log grows before a commit copies it into the file.
    static let autocheckpointBytes = 64 << 20

    /// `autocheckpointBytes` in pages of the connection's file.
    static func autocheckpointPages(_ db: Database) throws -> Int {
        autocheckpointBytes / max(512, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096)
    }

    private static var configuration: Configuration {
        SQLiteProcessSettings.apply()
        var configuration = Configuration()
        configuration.label = "BooksTrack library"
        configuration.foreignKeysEnabled = true
        // The CLI and the server may share a file: wait for the other writer instead of failing at once.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // Pages of 8 KB instead of SQLite's 4 KB: the b-trees of a large library are shallower
            // and split half as often; an import of 100,000 books took 5.8 s instead of 6.1 s
            // (medians of five). SQLite takes the size only while the file is still empty, before
            // the switch to WAL writes its first page: a file made with 4 KB pages keeps them.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA page_size = \(pageSize)") }
            // SQLite's default 2 MB page cache spills a large import to the WAL page by page while
            // the transaction is still open; 32 MB (an upper bound, allocated as used) keeps most
            // of it in memory. With 64 MB a first import of 100,000 books peaked at 238 MB instead
            // of 190 MB and was no faster (medians of eight, alternated).
            try db.execute(sql: "PRAGMA cache_size = -32768")
            // Statements with triggers keep a statement journal; in memory it costs a copy, on disk a write.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // In WAL mode NORMAL syncs at checkpoints, not at every commit: a crash cannot corrupt
            // the file, and a power cut can lose only the last commits, which imports re-run safely.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // A checkpoint copies the log's pages into the file and waits for the disk: every
            // 64 MB of log instead of SQLite's 1,000 pages, the pages an import rewrites batch
            // after batch (the indexes' inner pages) are copied once instead of each time.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(autocheckpointPages(db))")
            // Readers read pages a few at a time (a page of books, the insights' counters), and an
            // export walks the whole file once on two or three of them: an 8 MB cache each keeps
            // what a query reuses without holding the library in memory. (A memory map made the
            // walk's pages resident once per reader: 230 MB at the peak of exporting 100,000 books,
            // 76 MB without; a 64 MB map per reader still peaked at 215 MB.)
            if db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -8192") }
        }
        return configuration
    }

    /// Brings the schema up to date under the folder's lock: a second opener of a new file waits
    /// for the first, then finds every migration applied. A file already up to date (most
    /// openings) costs one read: no lock and no write transaction.
    private func migrate() throws {
        if try isUpToDate() { return }
        guard let path else { return try migrateNow() }
        try DirectoryLock.holding(URL(fileURLWithPath: path).deletingLastPathComponent()) { try migrateNow() }
    }

    private func isUpToDate() throws -> Bool {
        let migrator = Self.migrator
        do {
            return try writer.read { db in
                guard try migrator.hasCompletedMigrations(db), try !migrator.hasBeenSuperseded(db) else { return false }
                return try InsightFigures.factsAreCurrent(db)
            }
        } catch {
            throw StoreError.translating(error)
        }
    }

    private func migrateNow() throws {
        let migrator = Self.migrator
        do {
            let superseded = try writer.read { db in try migrator.hasBeenSuperseded(db) }
            if superseded {
                let unknown = try writer.read { db in
                    try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
                }
                throw StoreError.newerSchema(unknownMigrations: unknown)
            }
            try migrator.migrate(writer)
            // Facts counted by other rules are counted again by the next insights.
            try writer.write { db in _ = try InsightFigures.recountIfRulesChanged(db) }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw StoreError.migrationFailed(reason: error.message ?? "\(error.resultCode)")
        }
    }
}

extension LibraryDatabase {
    /// The names of the migrations applied to this file, oldest first.
    package func appliedMigrations() throws -> [String] {
        do {
            return try writer.read { db in try Self.migrator.appliedMigrations(db) }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// SQLite's journal mode for this file ("wal" for files).
    package func journalMode() throws -> String {
        do {
            return try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// Whether SQLite enforces foreign keys on this connection.
    package func foreignKeysEnabled() throws -> Bool {
        do {
            return try writer.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// Whether SQLite enforces foreign keys on the writer's connection, which an import's
    /// transaction switches off while it runs (`blockingImportTransaction`).
    package func writerEnforcesForeignKeys() throws -> Bool {
        do {
            return try writer.writeWithoutTransaction { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// The rows whose reference finds no row in the table it names, as `table → parent`
    /// (SQLite's `foreign_key_check` over the whole file).
    package func danglingReferences() throws -> [String] {
        do {
            return try writer.read { db in
                try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { row in
                    "\(row[0] as String? ?? "?") → \(row[2] as String? ?? "?")"
                }
            }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// Rows per table with `userKey` = `key`, any table that has the column.
    package func rowsKeyed(byUserKey key: Int64) throws -> [String: Int] {
        do {
            return try writer.read { db in try Self.rowsKeyed(db, byUserKey: key) }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// The key a user has in the file (their rows in every table carry it).
    package func userKey(_ user: User.ID) throws -> Int64? {
        do {
            return try writer.read { db in try Int64.fetchOne(db, sql: "SELECT key FROM users WHERE id = ?", arguments: [user.storageText]) }
        } catch {
            throw StoreError.translating(error)
        }
    }

    private static func rowsKeyed(_ db: Database, byUserKey key: Int64) throws -> [String: Int] {
        let tables = try String.fetchAll(db, sql: """
            SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'userKey'
            """)
        var counts: [String: Int] = [:]
        for table in tables {
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.quotedDatabaseIdentifier) WHERE userKey = ?", arguments: [key]) ?? 0
            if count > 0 { counts[table] = count }
        }
        return counts
    }
}
