import BooksTrackCore
import Foundation

/// Which column of a CSV file holds which field, for a file no importer knows: given by the reader
/// (`--mapping "title=Book Name,author=Writer"`), or proposed from the columns' names and the
/// values of the first rows, each proposal checked against those values (a date column must hold
/// dates, a rating column ratings).
public struct ColumnMapping: Hashable, Sendable {
    /// The fields a generic file can fill.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case title, author, isbn, status, rating, dateAdded, dateRead, dateStarted, pages, publisher, year, tags, review, notes
    }

    /// Field → the column's name as the header spells it.
    public var columns: [Field: String]

    public init(columns: [Field: String]) {
        self.columns = columns
    }

    /// Reads `field=Column Name` pairs separated by commas; an unknown field is refused, naming
    /// the fields there are.
    public init(parsing text: String) throws(ImportError) {
        var columns: [Field: String] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty, let field = Self.field(named: parts[0]) else {
                throw .invalidMapping("“\(pair.trimmingCharacters(in: .whitespaces))” is not field=Column; the fields are "
                    + Field.allCases.map(\.rawValue).joined(separator: ", "))
            }
            guard columns[field] == nil else { throw .invalidMapping("\(field.rawValue) is mapped twice") }
            columns[field] = parts[1]
        }
        guard columns[.title] != nil else { throw .invalidMapping("the mapping must say which column is the title (title=…)") }
        self.columns = columns
    }

    private static func field(named name: String) -> Field? {
        Field.allCases.first { $0.rawValue.lowercased() == name.lowercased() }
    }

    /// The mapping as `--mapping` takes it, fields in their usual order.
    public var text: String {
        Field.allCases.compactMap { field in columns[field].map { "\(field.rawValue)=\($0)" } }.joined(separator: ",")
    }

    /// What a file's header is remembered by: its names, trimmed and lower-cased, in order.
    public static func headerKey(_ names: [String]) -> String {
        names.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.joined(separator: "\u{1F}")
    }

    /// The header's columns the mapping names that the header lacks.
    func missingColumns(in header: CSVHeader) -> [String] {
        Field.allCases.compactMap { columns[$0] }.filter { header.index(of: $0) == nil }
    }

    // MARK: Proposing

    /// A mapping for `header` from the words of its columns' names, each kept only when the
    /// values of `rows` (the first rows of the file) fit it; nil when no column can be the title.
    public static func propose(header: [String], rows: [[String]]) -> ColumnMapping? {
        var columns: [Field: String] = [:]
        var taken = Set<Int>()
        let words = header.map { name in
            Set(name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
        }
        func values(_ column: Int) -> [String] {
            rows.compactMap { column < $0.count ? $0[column].trimmingCharacters(in: .whitespaces) : nil }.filter { !$0.isEmpty }
        }
        /// Most of the column's values pass `test` (a column with no values passes).
        func fits(_ column: Int, _ test: (String) -> Bool) -> Bool {
            let sample = values(column)
            return sample.isEmpty || sample.filter(test).count * 5 >= sample.count * 4
        }
        let isDate: (String) -> Bool = Self.isDate, isISBN: (String) -> Bool = Self.isISBN
        let rules: [(Field, Set<String>, ((String) -> Bool)?)] = [
            (.isbn, ["isbn", "isbn13", "isbn10", "ean"], Self.test(for: .isbn)),
            (.dateRead, ["finished", "finish", "completed", "read", "ended", "done"], Self.test(for: .dateRead)),
            (.dateStarted, ["started", "start", "began", "begun"], Self.test(for: .dateStarted)),
            (.dateAdded, ["added", "acquired", "bought", "created"], Self.test(for: .dateAdded)),
            (.rating, ["rating", "stars", "score", "rated"], Self.test(for: .rating)),
            (.pages, ["pages", "length"], Self.test(for: .pages)),
            (.year, ["year", "published"], Self.test(for: .year)),
            (.status, ["status", "shelf", "state"], nil),
            (.tags, ["tags", "tag", "shelves", "genres", "genre", "labels"], nil),
            (.review, ["review", "opinion"], nil),
            (.notes, ["notes", "note", "comments", "comment"], nil),
            (.publisher, ["publisher", "imprint"], nil),
            (.author, ["author", "authors", "writer", "writers", "by", "creator"], nil),
            (.title, ["title", "book", "name", "work"], nil),
        ]
        for (field, names, test) in rules {
            let column = header.indices.first { index in
                !taken.contains(index) && !words[index].isDisjoint(with: names) && (test.map { fits(index, $0) } ?? true)
            }
            if let column {
                columns[field] = header[column]
                taken.insert(column)
            }
        }
        // Without a named title, the column whose values look most like titles: text, not numbers or dates.
        if columns[.title] == nil {
            let candidate = header.indices.first { index in
                !taken.contains(index) && !values(index).isEmpty && fits(index) { value in
                    Double(value) == nil && !isDate(value) && value.count >= 2
                }
            }
            guard let candidate else { return nil }
            columns[.title] = header[candidate]
        }
        // An ISBN column found by its values alone.
        if columns[.isbn] == nil, let column = header.indices.first(where: { !taken.contains($0) && !values($0).isEmpty && fits($0, isISBN) }) {
            columns[.isbn] = header[column]
        }
        return ColumnMapping(columns: columns)
    }

    /// The first rows as this mapping reads them, for the reader to check before importing: the
    /// fields it maps in their usual order, and for each row the value of each field's column
    /// (empty where the row is short).
    public func preview(header: [String], rows: [[String]]) -> (fields: [Field], rows: [[String]]) {
        // Columns are found as the import finds them.
        let header = CSVHeader(header)
        let mapped = Field.allCases.compactMap { field in columns[field].flatMap(header.index(of:)).map { (field, $0) } }
        return (mapped.map(\.0), rows.map { row in mapped.map { $0.1 < row.count ? row[$0.1].trimmingWhitespace() : "" } })
    }

    // MARK: Checking a suggestion

    private static func isDate(_ text: String) -> Bool { PartialDate(parsing: text) != nil }
    private static func isISBN(_ text: String) -> Bool { ISBN(text) != nil }

    /// What the values of a column holding `field` must look like; nil for free text.
    static func test(for field: Field) -> ((String) -> Bool)? {
        switch field {
        case .isbn: isISBN
        case .dateRead, .dateStarted, .dateAdded, .year: isDate
        case .rating: { Double($0.replacingOccurrences(of: ",", with: ".")).map { (0...5).contains($0) } ?? false }
        case .pages: { Int($0).map { Bounds.pageCount.contains($0) } ?? false }
        case .title, .author, .status, .publisher, .tags, .review, .notes: nil
        }
    }

    /// A mapping another source suggested (Gemini: field → column index), kept field by field only
    /// where the column exists, is not taken by another field, and the values of `rows` fit the
    /// field (a date column must parse as dates, a rating be 0–5, an ISBN check out); nil when no
    /// column is left for the title.
    public static func checked(_ suggested: [Field: Int], header: [String], rows: [[String]]) -> ColumnMapping? {
        var columns: [Field: String] = [:]
        var taken = Set<Int>()
        for field in Field.allCases {
            guard let index = suggested[field], header.indices.contains(index), !taken.contains(index) else { continue }
            let values = rows.compactMap { index < $0.count ? $0[index].trimmingCharacters(in: .whitespaces) : nil }.filter { !$0.isEmpty }
            if let test = test(for: field) {
                guard values.filter(test).count * 5 >= values.count * 4 else { continue }
            }
            if field == .title, values.isEmpty || values.allSatisfy({ Double($0) != nil }) { continue }
            columns[field] = header[index]
            taken.insert(index)
        }
        guard columns[.title] != nil else { return nil }
        return ColumnMapping(columns: columns)
    }
}

/// Proposes how the columns of a CSV no importer knows map to a book's fields (Gemini, given the
/// header and the first rows): field → column index. Its answer is checked by `ColumnMapping.checked`.
public protocol ColumnMappingAdvisor: Sendable {
    func suggest(header: [String], rows: [[String]]) async throws -> [ColumnMapping.Field: Int]
}

extension ImportError {
    /// For a file no importer knows, the same error with its proposal asked of `advisor` and
    /// checked against the file's first rows; the proposal from the columns' names stays when
    /// there is no advisor, it fails, or nothing it says survives the check.
    public func advised(by advisor: (any ColumnMappingAdvisor)?) async -> ImportError {
        guard case let .unknownFormat(header, proposal, rows) = self, let advisor else { return self }
        guard let suggested = try? await advisor.suggest(header: header, rows: rows),
              let mapping = ColumnMapping.checked(suggested, header: header, rows: rows)
        else { return self }
        return .unknownFormat(header: header, proposal: mapping.text, firstRows: rows)
    }
}
