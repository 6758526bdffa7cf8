import BooksTrackCore
import Foundation
import GRDB

/// Reads the columns of a fetched row one after the other, by position, turning every value that
/// cannot be what it should be into `StoreError.unreadableValue` instead of a crash.
///
/// Hot paths (the page query, statistics) decode thousands of columns; reading by position from a
/// statement-backed row avoids column-name lookups and boxing.
struct RowReader {
    private let row: Row
    private let table: String
    private(set) var index: Int

    /// Starts reading `row` (a row of `table`) at column `index`.
    init(_ row: Row, table: String, at index: Int = 0) {
        self.row = row
        self.table = table
        self.index = index
    }

    /// Skips columns the caller does not need.
    mutating func skip(_ count: Int = 1) { index += count }

    mutating func string() throws -> String {
        defer { index += 1 }
        do { return try row.decode(String.self, atIndex: index) } catch { throw unreadable(at: index) }
    }

    mutating func optionalString() throws -> String? {
        defer { index += 1 }
        do { return try row.decode(String?.self, atIndex: index) } catch { throw unreadable(at: index) }
    }

    mutating func int() throws -> Int {
        defer { index += 1 }
        do { return try row.decode(Int.self, atIndex: index) } catch { throw unreadable(at: index) }
    }

    mutating func optionalInt() throws -> Int? {
        defer { index += 1 }
        do { return try row.decode(Int?.self, atIndex: index) } catch { throw unreadable(at: index) }
    }

    mutating func double() throws -> Double {
        defer { index += 1 }
        do { return try row.decode(Double.self, atIndex: index) } catch { throw unreadable(at: index) }
    }

    mutating func optionalDouble() throws -> Double? {
        defer { index += 1 }
        do { return try row.decode(Double?.self, atIndex: index) } catch { throw unreadable(at: index) }
    }

    mutating func bool() throws -> Bool {
        try int() != 0
    }

    mutating func optionalBool() throws -> Bool? {
        try optionalInt().map { $0 != 0 }
    }

    mutating func date() throws -> Date {
        Date(databaseSeconds: try double())
    }

    mutating func optionalDate() throws -> Date? {
        try optionalDouble().map(Date.init(databaseSeconds:))
    }

    mutating func id<Owner>(_: Owner.Type = Owner.self) throws -> Identifier<Owner> {
        let text = try string()
        guard let id = Identifier<Owner>(uuidString: text) else { throw unreadable(at: index - 1) }
        return id
    }

    mutating func optionalID<Owner>(_: Owner.Type = Owner.self) throws -> Identifier<Owner>? {
        guard let text = try optionalString() else { return nil }
        guard let id = Identifier<Owner>(uuidString: text) else { throw unreadable(at: index - 1) }
        return id
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
    mutating func stringList() throws -> [String] {
        guard let text = try optionalString() else { return [] }
        guard let list = JSONStringList.decode(text) else { throw unreadable(at: index - 1) }
        return list
    }

    mutating func partialDate() throws -> PartialDate? {
        guard let text = try optionalString() else { return nil }
        guard let date = PartialDate(parsing: text) else { throw unreadable(at: index - 1) }
        return date
    }

    mutating func isbn() throws -> ISBN {
        let text = try string()
        guard let isbn = ISBN(text) else { throw unreadable(at: index - 1) }
        return isbn
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
        let names = Array(row.columnNames)
        let column = index < names.count ? names[index] : "#\(index)"
        let value = index < row.count ? String(describing: row[index] as (any DatabaseValueConvertible)?) : "missing"
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
