/// Small builders for the SQL text of the records.
enum SQLText {
    /// `?, ?, ?` for `count` arguments.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// `a.x, a.y` for columns `x, y` of the table aliased `alias`.
    static func qualified(_ columns: [String], alias: String) -> String {
        columns.map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// An insert of every column that updates the existing row on a conflict of `key` (an upsert
    /// that keeps the row, so its children are not cascade-deleted as `INSERT OR REPLACE` would).
    static func upsert(table: String, columns: [String], key: [String]) -> String {
        let updates = columns.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return """
            INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders(columns.count)))
            ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET \(updates)
            """
    }

    /// A plain insert of every column.
    static func insert(table: String, columns: [String]) -> String {
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders(columns.count)))"
    }
}
