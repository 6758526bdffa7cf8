import BooksTrackCore
import Foundation
import GRDB
import Synchronization

/// The search cache in its own SQLite file (`cache.sqlite`), shared by every user: answers are
/// about books, not about anyone's library. Hits and misses are counted in memory and added to the
/// stored counters by `flushCounters()`, so a cache hit costs one indexed read and no write.
public final class SQLiteSearchCache: SearchCache, Sendable {
    private let database: DatabasePool
    private let counters = Mutex(Counters())
    /// Answers read or stored within the last minute, kept decoded: a question asked again (a
    /// popular ISBN on a server) is answered without a read and a JSON decode. A minute at most,
    /// so a `cache clear` by another process is seen within a minute; `hotLimit` entries at most.
    private let hot = Mutex([String: HotAnswer]())
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    private struct Counters {
        var hits = 0
        var misses = 0
    }

    private struct HotAnswer {
        var answer: CachedAnswer
        var expiresAt: Date
        /// When it was read or stored.
        var keptAt: Date
    }

    /// Most answers kept in memory (a few KB each).
    static let hotLimit = 4_096
    /// How long an answer is kept in memory, whatever its own lifetime.
    static let hotLifetime: TimeInterval = 60

    /// Opens (creating if needed) the cache file at `path`.
    public init(path: String) throws {
        do {
            try OwnerOnly.makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent())
            SQLiteProcessSettings.apply()
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            database = try DatabasePool(path: path, configuration: configuration)
            OwnerOnly.restrictFile(path, database: true)
            let database = database
            try DirectoryLock.holding(URL(fileURLWithPath: path).deletingLastPathComponent()) { try Self.migrator.migrate(database) }
        } catch {
            throw StoreError.cannotOpen(path: path, reason: String(describing: error))
        }
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
    }

    deinit {
        try? flushCounters()
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE search_cache (
                    key TEXT NOT NULL PRIMARY KEY,
                    answer BLOB NOT NULL,
                    storedAt REAL NOT NULL,
                    expiresAt REAL NOT NULL
                );
                CREATE INDEX search_cache_by_expiry ON search_cache(expiresAt);
                CREATE TABLE cache_counters (
                    name TEXT NOT NULL PRIMARY KEY,
                    value INTEGER NOT NULL
                );
                INSERT INTO cache_counters(name, value) VALUES ('hits', 0), ('misses', 0);
                """)
        }
        return migrator
    }

    /// The answer under `key` unless expired; an unreadable stored answer counts as a miss.
    public func answer(for key: String, now: Date) throws -> CachedAnswer? {
        let kept = hot.withLock { hot -> CachedAnswer? in
            guard let entry = hot[key] else { return nil }
            guard entry.expiresAt > now, abs(now.timeIntervalSince(entry.keptAt)) < Self.hotLifetime else {
                hot[key] = nil
                return nil
            }
            return entry.answer
        }
        if let kept {
            counters.withLock { $0.hits += 1 }
            return kept
        }
        let row = try translating {
            try database.read { db in
                try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT answer, expiresAt FROM search_cache WHERE key = ? AND expiresAt > ?"),
                    arguments: [key, now.timeIntervalSince1970]
                )
            }
        }
        guard let row, let data = row["answer"] as Data?, let answer = try? decoder.decode(CachedAnswer.self, from: data) else {
            counters.withLock { $0.misses += 1 }
            return nil
        }
        counters.withLock { $0.hits += 1 }
        keep(answer, for: key, expiresAt: Date(timeIntervalSince1970: row["expiresAt"]), now: now)
        return answer
    }

    private func keep(_ answer: CachedAnswer, for key: String, expiresAt: Date, now: Date) {
        hot.withLock { hot in
            // Full: start again rather than track an order (a full table is a busy server's minute).
            if hot.count >= Self.hotLimit, hot[key] == nil { hot.removeAll(keepingCapacity: true) }
            hot[key] = HotAnswer(answer: answer, expiresAt: expiresAt, keptAt: now)
        }
    }

    /// Stores `answer` under `key` until `expiresAt`, replacing any older answer, and sweeps expired ones now and then.
    public func store(_ answer: CachedAnswer, for key: String, expiresAt: Date) throws {
        let data = try encoder.encode(answer)
        try translating {
            try database.write { db in
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO search_cache(key, answer, storedAt, expiresAt) VALUES (?, ?, ?, ?)")
                    .execute(arguments: [key, data, answer.storedAt.timeIntervalSince1970, expiresAt.timeIntervalSince1970])
                // Keeps the file from growing without bound: about one store in fifty sweeps.
                if Int.random(in: 0..<50) == 0 {
                    try db.execute(sql: "DELETE FROM search_cache WHERE expiresAt <= ?", arguments: [answer.storedAt.timeIntervalSince1970])
                }
            }
        }
        keep(answer, for: key, expiresAt: expiresAt, now: answer.storedAt)
    }

    /// Adds the hits and misses counted in this process to the stored counters.
    public func flushCounters() throws {
        let pending = counters.withLock { counters -> Counters in
            let pending = counters
            counters = Counters()
            return pending
        }
        guard pending.hits > 0 || pending.misses > 0 else { return }
        try translating {
            try database.write { db in
                try db.execute(sql: "UPDATE cache_counters SET value = value + ? WHERE name = 'hits'", arguments: [pending.hits])
                try db.execute(sql: "UPDATE cache_counters SET value = value + ? WHERE name = 'misses'", arguments: [pending.misses])
            }
        }
    }

    /// Entries, live entries, bytes, and the stored counters plus this process's.
    public func statistics(now: Date) throws -> CacheStatistics {
        let pending = counters.withLock { $0 }
        return try translating {
            try database.read { db in
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) AS entries,
                               COALESCE(SUM(expiresAt > ?), 0) AS live,
                               COALESCE(SUM(LENGTH(answer)), 0) AS bytes,
                               (SELECT value FROM cache_counters WHERE name = 'hits') AS hits,
                               (SELECT value FROM cache_counters WHERE name = 'misses') AS misses
                        FROM search_cache
                        """,
                    arguments: [now.timeIntervalSince1970]
                )
                return CacheStatistics(
                    entries: row?["entries"] ?? 0,
                    liveEntries: row?["live"] ?? 0,
                    hits: (row?["hits"] ?? 0) + pending.hits,
                    misses: (row?["misses"] ?? 0) + pending.misses,
                    bytes: row?["bytes"] ?? 0
                )
            }
        }
    }

    /// Removes every entry and resets the counters.
    public func clear() throws -> Int {
        counters.withLock { $0 = Counters() }
        hot.withLock { $0.removeAll() }
        return try translating {
            try database.write { db in
                try db.execute(sql: "DELETE FROM search_cache")
                let removed = db.changesCount
                try db.execute(sql: "UPDATE cache_counters SET value = 0")
                return removed
            }
        }
    }

    private func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw StoreError.databaseFailure(code: error.resultCode.rawValue, message: error.message ?? "\(error)")
        }
    }
}
