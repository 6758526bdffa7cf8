import GRDB
import GRDBSQLite

/// Binds and steps one of GRDB's cached statements through SQLite's C interface, for the few
/// statements an edition import runs per line.
///
/// GRDB's `execute(arguments:)` boxes every argument as an existential and copies it into
/// `DatabaseValue`s; for three short statements per line that was a third of the writing thread's
/// time. GRDB still prepares, caches and finalizes the statement; this only binds and steps it.
struct FastStatement {
    private let statement: Statement
    private let connection: OpaquePointer?

    // SQLite copies the bytes of a value bound with this destructor before the call returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    /// The statement cached on `db` for `sql`, reset and with its bindings cleared.
    init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
        connection = db.sqliteConnection
        sqlite3_reset(statement.sqliteStatement)
        sqlite3_clear_bindings(statement.sqliteStatement)
    }

    /// Binds text (or NULL) to the 1-based parameter `index`.
    func bind(_ value: String?, at index: Int32) throws {
        let code: Int32
        if let value {
            var text = value
            code = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    sqlite3_bind_text(statement.sqliteStatement, index, characters.baseAddress, Int32(characters.count), Self.transient)
                }
            }
        } else {
            code = sqlite3_bind_null(statement.sqliteStatement, index)
        }
        try check(code)
    }

    /// Binds an integer (or NULL) to the 1-based parameter `index`.
    func bind(_ value: Int64?, at index: Int32) throws {
        let code = value.map { sqlite3_bind_int64(statement.sqliteStatement, index, $0) }
            ?? sqlite3_bind_null(statement.sqliteStatement, index)
        try check(code)
    }

    /// Runs a statement that returns no row.
    func execute() throws {
        let code = sqlite3_step(statement.sqliteStatement)
        sqlite3_reset(statement.sqliteStatement)
        guard code == SQLITE_DONE else { throw error(code) }
    }

    /// Runs a query and returns the integer in the first column of its first row, if any.
    func firstInteger() throws -> Int64? {
        defer { sqlite3_reset(statement.sqliteStatement) }
        switch sqlite3_step(statement.sqliteStatement) {
        case SQLITE_ROW:
            return sqlite3_column_type(statement.sqliteStatement, 0) == SQLITE_NULL
                ? nil : sqlite3_column_int64(statement.sqliteStatement, 0)
        case SQLITE_DONE:
            return nil
        case let code:
            throw error(code)
        }
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error(code) }
    }

    private func error(_ code: Int32) -> DatabaseError {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        return DatabaseError(resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
    }
}
