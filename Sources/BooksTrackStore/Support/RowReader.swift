import BooksTrackCore
import Foundation
import GRDB
import GRDBSQLite

/// Reads the columns of a fetched row one after the other, by position, turning every value that
/// cannot be what it should be into `StoreError.unreadableValue` instead of a crash.
///
/// Hot paths (a page of books) decode thousands of columns: a reader made on a statement reads
/// its current row straight through SQLite's C API, without GRDB's `Row` (whose blob access,
/// used by every identifier, allocates a `Data`).
package struct RowReader {
    private enum Source {
        case row(Row)
        case statement(OpaquePointer)
    }

    private let source: Source
    private let table: String
    private(set) var index: Int

    /// Starts reading `row` (a row of `table`) at column `index`.
    package init(_ row: Row, table: String, at index: Int = 0) {
        source = .row(row)
        self.table = table
        self.index = index
    }

    /// Starts reading the current row of a stepped statement (a row of `table`) at column `index`.
    init(statement handle: OpaquePointer, table: String, at index: Int = 0) {
        source = .statement(handle)
        self.table = table
        self.index = index
    }

    /// Moves to column `index`, to read it again.
    mutating func seek(to index: Int) { self.index = index }

    /// The next column as text; NULL is an unreadable value.
    package mutating func string() throws -> String {
        guard let text = try optionalString() else { throw unreadable(at: index - 1) }
        return text
    }

    /// The next column as text; NULL gives nil.
    package mutating func optionalString() throws -> String? {
        defer { index += 1 }
        switch source {
        case .statement(let handle):
            let column = Int32(index)
            guard sqlite3_column_type(handle, column) != SQLITE_NULL, let text = sqlite3_column_text(handle, column) else { return nil }
            return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
        case .row(let row):
            do { return try row.decode(String?.self, atIndex: index) } catch { throw unreadable(at: index) }
        }
    }

    /// The next column as an integer; NULL is an unreadable value.
    package mutating func int() throws -> Int {
        guard let value = try optionalInt() else { throw unreadable(at: index - 1) }
        return value
    }

    /// The next column as an integer; NULL gives nil.
    package mutating func optionalInt() throws -> Int? {
        defer { index += 1 }
        switch source {
        case .statement(let handle):
            let column = Int32(index)
            guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
            return Int(sqlite3_column_int64(handle, column))
        case .row(let row):
            do { return try row.decode(Int?.self, atIndex: index) } catch { throw unreadable(at: index) }
        }
    }

    mutating func double() throws -> Double {
        guard let value = try optionalDouble() else { throw unreadable(at: index - 1) }
        return value
    }

    /// The next column as a real number; NULL gives nil.
    package mutating func optionalDouble() throws -> Double? {
        defer { index += 1 }
        switch source {
        case .statement(let handle):
            let column = Int32(index)
            guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
            return sqlite3_column_double(handle, column)
        case .row(let row):
            do { return try row.decode(Double?.self, atIndex: index) } catch { throw unreadable(at: index) }
        }
    }

    /// The next column as a flag stored as 0 or 1.
    package mutating func bool() throws -> Bool {
        try int() != 0
    }

    mutating func optionalBool() throws -> Bool? {
        try optionalInt().map { $0 != 0 }
    }

    /// The next column as a date stored as seconds (see `Date.databaseSeconds`); NULL is an unreadable value.
    package mutating func date() throws -> Date {
        Date(databaseSeconds: try double())
    }

    mutating func optionalDate() throws -> Date? {
        try optionalDouble().map(Date.init(databaseSeconds:))
    }

    mutating func id<Owner>(_: Owner.Type = Owner.self) throws -> Identifier<Owner> {
        guard let id = try optionalID(Owner.self) else { throw unreadable(at: index - 1) }
        return id
    }

    /// An identifier stored as UUID text (`users.id`).
    mutating func textID<Owner>(_: Owner.Type = Owner.self) throws -> Identifier<Owner> {
        let text = try string()
        guard let bytes = UUIDText.bytes(text) else { throw unreadable(at: index - 1) }
        return Identifier(UUID(uuid: bytes))
    }

    /// An identifier stored as 16 bytes; NULL gives nil.
    mutating func optionalID<Owner>(_: Owner.Type = Owner.self) throws -> Identifier<Owner>? {
        defer { index += 1 }
        switch source {
        case .statement(let handle):
            let column = Int32(index)
            let type = sqlite3_column_type(handle, column)
            if type == SQLITE_NULL { return nil }
            guard type == SQLITE_BLOB, sqlite3_column_bytes(handle, column) == 16, let bytes = sqlite3_column_blob(handle, column),
                  let id = Identifier<Owner>(databaseBytes: UnsafeRawBufferPointer(start: bytes, count: 16))
            else { throw unreadable(at: index) }
            return id
        case .row(let row):
            let result: Identifier<Owner>?? = try row.withUnsafeData(atIndex: index) { data in
                guard let data else { return .some(nil) }
                return data.withUnsafeBytes { Identifier<Owner>(databaseBytes: $0) }.map { .some($0) }
            }
            guard let id = result else { throw unreadable(at: index) }
            return id
        }
    }

    mutating func value<Value: RawRepresentable>(_: Value.Type = Value.self) throws -> Value where Value.RawValue == String {
        let text = try string()
        guard let value = Value(rawValue: text) else { throw unreadable(at: index - 1) }
        return value
    }

    mutating func optionalValue<Value: RawRepresentable>(_: Value.Type = Value.self) throws -> Value? where Value.RawValue == String {
        guard let text = try optionalString() else { return nil }
        guard let value = Value(rawValue: text) else { throw unreadable(at: index - 1) }
        return value
    }

    mutating func url() throws -> URL? {
        guard let text = try optionalString() else { return nil }
        guard let url = URL(string: text) else { throw unreadable(at: index - 1) }
        return url
    }

    /// A JSON array of strings; NULL is the empty list.
    package mutating func stringList() throws -> [String] {
        guard let text = try optionalString() else { return [] }
        guard let list = JSONStringList.decode(text) else { throw unreadable(at: index - 1) }
        return list
    }

    mutating func partialDate() throws -> PartialDate? {
        guard let text = try optionalString() else { return nil }
        guard let date = PartialDate(parsing: text) else { throw unreadable(at: index - 1) }
        return date
    }

    /// A JSON array of ISBN-13 texts; NULL is the empty list.
    mutating func isbnList() throws -> [ISBN] {
        let texts = try stringList()
        var isbns: [ISBN] = []
        isbns.reserveCapacity(texts.count)
        for text in texts {
            guard let isbn = ISBN(text) else { throw unreadable(at: index - 1) }
            isbns.append(isbn)
        }
        return isbns
    }

    /// A value encoded as JSON with Foundation's coder; NULL gives nil.
    mutating func json<Value: Decodable>(_: Value.Type) throws -> Value? {
        guard let text = try optionalString() else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw unreadable(at: index - 1)
        }
    }

    /// The error for the value at `index`, naming its column.
    func unreadable(at index: Int) -> StoreError {
        let column: String
        let value: String
        switch source {
        case .statement(let handle):
            let position = Int32(index)
            column = sqlite3_column_name(handle, position).map { String(cString: $0) } ?? "#\(index)"
            if sqlite3_column_type(handle, position) == SQLITE_NULL {
                value = "NULL"
            } else {
                value = sqlite3_column_text(handle, position).map { String(cString: $0) } ?? "?"
            }
        case .row(let row):
            let names = Array(row.columnNames)
            column = index < names.count ? names[index] : "#\(index)"
            value = index < row.count ? String(describing: row[index] as (any DatabaseValueConvertible)?) : "missing"
        }
        return .unreadableValue(table: table, column: column, value: String(value.prefix(200)))
    }
}

extension Date {
    /// Dates are stored as REAL seconds since 2001-01-01 UTC (Foundation's reference date), so
    /// every `Date` comes back bit for bit; `datetime(x + 978307200, 'unixepoch')` shows one in SQL.
    init(databaseSeconds seconds: Double) {
        self.init(timeIntervalSinceReferenceDate: seconds)
    }

    /// The stored form of the date.
    var databaseSeconds: Double { timeIntervalSinceReferenceDate }
}
