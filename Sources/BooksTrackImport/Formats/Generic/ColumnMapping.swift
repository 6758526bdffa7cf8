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
        let isDate: (String) -> Bool = { PartialDate(parsing: $0) != nil }
        let isCount: (String) -> Bool = { Int($0).map { (1...100_000).contains($0) } ?? false }
        let isRating: (String) -> Bool = { Double($0.replacingOccurrences(of: ",", with: ".")).map { (0...5).contains($0) } ?? false }
        let isISBN: (String) -> Bool = { ISBN($0) != nil }
        let rules: [(Field, Set<String>, ((String) -> Bool)?)] = [
            (.isbn, ["isbn", "isbn13", "isbn10", "ean"], isISBN),
            (.dateRead, ["finished", "finish", "completed", "read", "ended", "done"], isDate),
            (.dateStarted, ["started", "start", "began", "begun"], isDate),
            (.dateAdded, ["added", "acquired", "bought", "created"], isDate),
            (.rating, ["rating", "stars", "score", "rated"], isRating),
            (.pages, ["pages", "length"], isCount),
            (.year, ["year", "published"], isDate),
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
}
