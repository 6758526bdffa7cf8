import BooksTrackCore
import Foundation
import GRDB
import GRDBSQLite

/// One cached GRDB statement, bound and stepped through SQLite's C API.
///
/// Bulk imports run tens of thousands of INSERTs: building `StatementArguments` (boxed values,
/// key-path maps, validation) cost more than SQLite's own work, so this binds each value in
/// place. It is only used inside a GRDB write transaction, on statements GRDB prepared.
struct RowInserter {
    private let statement: Statement
    private var handle: OpaquePointer { statement.sqliteStatement }
    private var index: Int32 = 0

    init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
    }

    /// Starts a new row: clears the previous one's values.
    mutating func begin() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        index = 0
    }

    mutating func bind(_ text: String?) {
        index += 1
        guard var text else { return }
        // sqlite3_bind_text treats a null pointer as NULL: an empty string needs a real one.
        text.withUTF8 { buffer in
            if let base = buffer.baseAddress, !buffer.isEmpty {
                _ = sqlite3_bind_text(handle, index, base, Int32(buffer.count), sqliteTransient)
            } else {
                _ = sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
            }
        }
    }

    mutating func bind(_ value: Int?) {
        index += 1
        if let value { sqlite3_bind_int64(handle, index, Int64(value)) }
    }

    mutating func bind(_ value: Int64?) {
        index += 1
        if let value { sqlite3_bind_int64(handle, index, value) }
    }

    mutating func bind(_ value: Double?) {
        index += 1
        if let value { sqlite3_bind_double(handle, index, value) }
    }

    mutating func bind(_ value: Bool?) {
        bind(value.map { $0 ? 1 : 0 })
    }

    mutating func bind(_ date: Date?) {
        bind(date?.databaseSeconds)
    }

    mutating func bind<Owner>(_ id: Identifier<Owner>?) {
        index += 1
        guard let id else { return }
        withUnsafeBytes(of: id.rawValue.uuid) { bytes in
            _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, 16, sqliteTransient)
        }
    }

    /// Runs the row; a failure throws GRDB's `DatabaseError`, as GRDB itself would.
    func run() throws {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = sqlite3_errmsg(sqlite3_db_handle(handle)).map { String(cString: $0) }
            let extended = sqlite3_extended_errcode(sqlite3_db_handle(handle))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
        }
        sqlite3_reset(handle)
    }
}

/// SQLite copies values bound with this destructor, so Swift's buffers may go away after binding.
private let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
