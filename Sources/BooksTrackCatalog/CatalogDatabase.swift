import BooksTrackCore
import BooksTrackStore
import Foundation
import GRDB
import Synchronization

/// The shared, read-mostly book catalog in its own SQLite file (`catalog.sqlite`): works, editions
/// and authors from the bundled goodbooks-10k seed and from imported Open Library dumps, with an
/// ISBN index and FTS5 title search.
///
/// The file is opened as a GRDB `DatabasePool` (WAL: searches never wait for an import). The seed
/// is loaded on first use (`loadSeedIfNeeded()`), in one transaction, and again only when the
/// bundled seed changes.
public final class CatalogDatabase: Sendable {
    /// The connections to the catalog file.
    let pool: DatabasePool
    /// One more read-only connection, for ISBN lookups: a single indexed statement, for which the
    /// pool's bookkeeping (taking a reader, a transaction) cost twice the lookup itself.
    let lookupConnection: DatabaseQueue
    /// The catalog file's path.
    public let path: String
    /// The seed file to load, or nil to find the one bundled with the module.
    let seedResource: URL?
    /// The clock that stamps loaded sources.
    let now: @Sendable () -> Date
    /// Whether this process has seen the current seed in the file (checked once, then trusted).
    let seedChecked = Mutex(false)

    /// Opens the catalog at `path`, creating it and its folders when missing, and migrates it to
    /// the current schema. `seedResource` replaces the bundled seed file (for tests and packagers).
    public init(path: String, seedResource: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }) throws {
        self.path = path
        self.seedResource = seedResource
        self.now = now
        do {
            try OwnerOnly.makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent())
        } catch {
            throw CatalogError.cannotOpen(path: path, reason: error.localizedDescription)
        }
        do {
            pool = try DatabasePool(path: path, configuration: Self.configuration)
        } catch let error as DatabaseError {
            throw CatalogError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        }
        OwnerOnly.restrictFile(path, database: true)
        // Under the folder's lock: a second opener of a new catalog waits, then finds it migrated.
        try DirectoryLock.holding(URL(fileURLWithPath: path).deletingLastPathComponent()) { [pool] in try CatalogDatabase.migrate(pool) }
        do {
            var lookup = Self.configuration
            lookup.readonly = true
            lookup.label = "BooksTrack catalog lookups"
            lookupConnection = try DatabaseQueue(path: path, configuration: lookup)
        } catch let error as DatabaseError {
            throw CatalogError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    private static var configuration: Configuration {
        SQLiteProcessSettings.apply()
        var configuration = Configuration()
        configuration.label = "BooksTrack catalog"
        // An import and the server may share the file: wait for the other writer instead of failing.
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // The catalog can be rebuilt from its sources and every import batch is resumable, so
            // WAL's NORMAL durability (a power cut may lose the last commits, never corrupt) is enough.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA cache_size = -65536")
            // Checkpoint every 40 MB of log instead of every 4 MB: an import writes a batch every
            // few hundred milliseconds, and each checkpoint waits for the disk.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 10000")
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // Reading pages through a memory map instead of one pread() each: an ISBN lookup touches
            // a dozen pages, and the system calls were a third of its time.
            try db.execute(sql: "PRAGMA mmap_size = 1073741824")
        }
        return configuration
    }

    private static func migrate(_ pool: DatabasePool) throws {
        let migrator = Self.migrator
        do {
            let unknown = try pool.read { db in
                try migrator.hasBeenSuperseded(db)
                    ? try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted() : []
            }
            if !unknown.isEmpty { throw CatalogError.newerSchema(unknownMigrations: unknown) }
            try migrator.migrate(pool)
        } catch let error as CatalogError {
            throw error
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
                throw CatalogError.corrupt(reason: error.message ?? "\(error.resultCode)")
            }
            throw CatalogError.migrationFailed(reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// Runs a read, translating database failures into `CatalogError`.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch {
            throw CatalogError.translating(error)
        }
    }

    /// Runs one write transaction, translating database failures into `CatalogError`.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.write(body)
        } catch {
            throw CatalogError.translating(error)
        }
    }
}

extension CatalogDatabase {
    /// The names of the migrations applied to this file, oldest first.
    package func appliedMigrations() throws -> [String] {
        try read { db in try Self.migrator.appliedMigrations(db) }
    }

    /// SQLite's journal mode for this file ("wal").
    package func journalMode() throws -> String {
        try read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }
}

extension CatalogDatabase {
    /// Checks that the search index holds exactly the works' search text (FTS5's integrity check
    /// against its external content); throws `CatalogError.corrupt` when it does not.
    package func checkSearchIndex() throws {
        do {
            try pool.write { db in
                try db.execute(sql: "INSERT INTO catalog_search (catalog_search, rank) VALUES ('integrity-check', 1)")
            }
        } catch let error as DatabaseError {
            throw CatalogError.corrupt(reason: error.message ?? "\(error.resultCode)")
        }
    }
}

extension CatalogDatabase {
    /// Copies the write-ahead log into the main file and empties it, so the main file alone holds
    /// the catalog (before copying the file, as the benchmarks do with a prepared catalog).
    public func checkpoint() throws {
        do {
            try pool.writeWithoutTransaction { db in
                _ = try db.checkpoint(.truncate)
            }
        } catch {
            throw CatalogError.translating(error)
        }
    }
}
