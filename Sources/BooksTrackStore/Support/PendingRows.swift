import GRDB

/// Rows of one table waiting to be written by multi-row INSERTs of up to 100 rows.
struct PendingRows<Value> {
    private static var rowsPerStatement: Int { 100 }
    private let prefix: String
    private let rowPlaceholder: String
    private let bind: (Value, Int64, inout RowInserter) -> Void
    private var rows: [Value] = []

    /// Rows for `columns` of `table`; `bind` binds one row's values given the user.
    init(table: String, columns: [String], bind: @escaping (Value, Int64, inout RowInserter) -> Void) {
        prefix = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        rowPlaceholder = "(\(SQLText.placeholders(columns.count)))"
        self.bind = bind
    }

    mutating func add(_ row: Value, user: Int64, _ db: Database) throws {
        rows.append(row)
        if rows.count == Self.rowsPerStatement { try flush(user: user, db) }
    }

    mutating func flush(user: Int64, _ db: Database) throws {
        guard !rows.isEmpty else { return }
        var inserter = try RowInserter(db, sql: prefix + Array(repeating: rowPlaceholder, count: rows.count).joined(separator: ", "))
        inserter.begin()
        for row in rows { bind(row, user, &inserter) }
        try inserter.run()
        rows.removeAll(keepingCapacity: true)
    }
}
