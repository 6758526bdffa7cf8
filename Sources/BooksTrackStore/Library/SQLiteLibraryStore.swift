import BooksTrackCore
import Foundation
import GRDB
import GRDBSQLite

/// One user's library in a SQLite file: the `LibraryStore` port over GRDB.
///
/// Every statement filters by the store's user, and every key includes the user, so another
/// user's identifiers behave exactly like missing rows. Every method is one transaction.
public struct SQLiteLibraryStore: LibraryStore {
    /// The user whose library this is.
    public let userID: User.ID
    let writer: any DatabaseWriter
    /// The file's count of committed transactions, for `libraryVersion()`; nil when unknown.
    let commits: CommitCounter?

    init(writer: any DatabaseWriter, userID: User.ID, commits: CommitCounter? = nil) {
        self.writer = writer
        self.userID = userID
        self.commits = commits
    }

    /// Runs `body` in a read transaction with the user's key, translating database errors. The
    /// key is nil when the user is not in the file: every query then finds nothing. Inside a
    /// use case's transaction, `body` joins it.
    func read<T>(_ body: (Database, _ user: Int64?) throws -> T) throws -> T {
        do {
            if let db = TransactionScope.database(of: writer) { return try body(db, try userKey(db)) }
            return try writer.read { db in try body(db, try userKey(db)) }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// `read` on the writer's connection, whose page cache still holds what the last write
    /// touched, where a reader's cache is emptied by every write: for the reads an import makes
    /// between its writes. It waits for other writes and holds them off while it runs.
    func readOnWriter<T>(_ body: (Database, _ user: Int64?) throws -> T) throws -> T {
        do {
            if let db = TransactionScope.database(of: writer) { return try body(db, try userKey(db)) }
            return try writer.writeWithoutTransaction { db in
                try db.readOnly {
                    // One snapshot for every statement, even when another process writes the file;
                    // ending a transaction that wrote nothing loses nothing if it fails.
                    try db.execute(sql: "BEGIN DEFERRED TRANSACTION")
                    defer { try? db.execute(sql: "COMMIT") }
                    return try body(db, try userKey(db))
                }
            }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// Runs `body` in one write transaction (rolled back when it throws) with the user's key,
    /// translating database errors; a user missing from the file is `StoreError.unknownUser`.
    /// Inside a use case's write transaction, `body` joins it.
    func write<T>(_ body: (Database, _ user: Int64) throws -> T) throws -> T {
        do {
            if let db = TransactionScope.database(of: writer, writing: true) {
                guard let user = try userKey(db) else { throw StoreError.unknownUser(userID) }
                return try body(db, user)
            }
            return try writer.write { db in
                guard let user = try userKey(db) else { throw StoreError.unknownUser(userID) }
                return try body(db, user)
            }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// The integer key that stands for the user in every row.
    private func userKey(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT key FROM users WHERE id = ?"), arguments: [userID.storageText])
    }
}

extension SQLiteLibraryStore: LibraryTransactions {
    /// Runs `body` in one write transaction on the writer's queue (GRDB's async write: the
    /// calling task is suspended, no thread of the cooperative pool waits on SQLite).
    public func transaction<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let writer = writer
        do {
            return try await writer.write { db in
                try TransactionScope.run(db, writer: writer, writing: true, body)
            }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// Runs `body` in one read transaction on a reader's queue (GRDB's async read).
    public func snapshot<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let writer = writer
        do {
            return try await writer.read { db in
                try TransactionScope.run(db, writer: writer, writing: false, body)
            }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// Runs `body` in one write transaction, blocking the calling thread.
    public func blockingTransaction<T>(_ body: () throws -> T) throws -> T {
        if TransactionScope.database(of: writer, writing: true) != nil { return try body() }
        let writer = writer
        do {
            return try writer.write { db in try TransactionScope.run(db, writer: writer, writing: true, body) }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// `blockingTransaction` with SQLite's foreign keys off: `apply`, the batch's only write,
    /// checks the references it writes itself, where SQLite would look each inserted row's
    /// parents up again: eight b-tree searches a book, on the writer every import waits for.
    ///
    /// SQLite switches foreign keys only outside a transaction, so the switch wraps it, and they
    /// are on again once it has committed or rolled back, before any other write of the
    /// connection. Inside a transaction already running, `body` joins it as it is.
    public func blockingImportTransaction<T>(_ body: () throws -> T) throws -> T {
        if TransactionScope.database(of: writer, writing: true) != nil { return try body() }
        let writer = writer
        do {
            return try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                // After the commit or the rollback, outside any transaction, where SQLite takes the switch.
                defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
                try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION")
                do {
                    let result = try TransactionScope.run(db, writer: writer, writing: true, body)
                    try db.execute(sql: "COMMIT TRANSACTION")
                    return result
                } catch {
                    if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK TRANSACTION") }
                    throw error
                }
            }
        } catch {
            throw StoreError.translating(error)
        }
    }
}

extension SQLiteLibraryStore {
    /// Calls `body` for each chunk of at most 500 identifiers with `?, ?, …` for an `IN (…)`
    /// list and the identifiers as its arguments, and joins the results. (SQLite caps a
    /// statement's arguments; a page of 50 books is one chunk.)
    static func inChunks<Owner, T>(
        _ ids: [Identifier<Owner>], _ body: (_ placeholders: String, _ arguments: StatementArguments) throws -> [T]
    ) throws -> [T] {
        var results: [T] = []
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(ids.count, start + 500)]
            // The existential initializer: the generic one maps through a key path, slowly.
            let values = chunk.map { $0.databaseValue as (any DatabaseValueConvertible)? }
            let part = try body(SQLText.placeholders(chunk.count), StatementArguments(values))
            // The first part is taken whole: appending it would copy each value and release the part.
            if results.isEmpty { results = part } else { results += part }
            start += chunk.count
        }
        return results
    }

    /// Runs a cached statement and decodes each row with a reader on the statement itself.
    static func fetch<T>(
        _ db: Database, _ sql: String, _ arguments: StatementArguments, table: String = "?",
        _ decode: (inout RowReader) throws -> T
    ) throws -> [T] {
        var results: [T] = []
        try fetch(db, sql, arguments, into: &results, table: table, decode)
        return results
    }

    /// `fetch`, appending each decoded row to `results`.
    static func fetch<T>(
        _ db: Database, _ sql: String, _ arguments: StatementArguments, into results: inout [T], table: String = "?",
        _ decode: (inout RowReader) throws -> T
    ) throws {
        try forEachRow(db, sql, arguments, table: table) { results.append(try decode(&$0)) }
    }

    /// Runs a cached statement and hands each row to `body` as a reader on the statement itself.
    static func forEachRow(
        _ db: Database, _ sql: String, _ arguments: StatementArguments, table: String = "?", _ body: (inout RowReader) throws -> Void
    ) throws {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                var reader = RowReader(statement: handle, table: table)
                try body(&reader)
            case SQLITE_DONE:
                return
            default:
                let connection = sqlite3_db_handle(handle)
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
                    message: sqlite3_errmsg(connection).map { String(cString: $0) }, sql: sql)
            }
        }
    }

    /// The first column of each row, as identifiers.
    static func fetchIDs<Owner>(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> [Identifier<Owner>] {
        try fetch(db, sql, arguments) { try $0.id(Owner.self) }
    }

    /// The single integer a cached statement answers (0 when it answers nothing).
    static func fetchInt(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
    }

    /// Runs a cached statement; returns how many rows it changed.
    @discardableResult
    static func execute(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> Int {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
        return db.changesCount
    }

    /// The values in order without repeats.
    static func uniqued<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }
}
