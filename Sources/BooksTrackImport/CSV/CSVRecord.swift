/// One record of a CSV or TSV file: its cells decoded to text, and where it stood in the file.
public struct CSVRecord: Hashable, Sendable {
    /// The cells, decoded as UTF-8, or as Windows-1252 when a cell's bytes are not UTF-8. Not trimmed.
    public var fields: [String]
    /// The record's number as a spreadsheet shows it: the header is row 1.
    public var row: Int
    /// The 1-based line of the file on which the record starts (quoted newlines make lines outrun rows).
    public var line: Int
    /// Why the record cannot be used as it stands (a cell over the size limit, NUL bytes), if so.
    public var problem: String?

    /// Creates a record.
    public init(fields: [String], row: Int, line: Int, problem: String? = nil) {
        self.fields = fields
        self.row = row
        self.line = line
        self.problem = problem
    }
}

/// The header row of a file: column names, looked up without regard to case or surrounding spaces.
public struct CSVHeader: Hashable, Sendable {
    /// The names as the file spells them, trimmed.
    public let names: [String]
    private let indexByKey: [String: Int]

    /// Reads a header record; the first of two equal names wins.
    public init(_ names: [String]) {
        self.names = names.map { $0.trimmingWhitespace() }
        var index: [String: Int] = [:]
        for (position, name) in self.names.enumerated() where index[Self.key(name)] == nil {
            index[Self.key(name)] = position
        }
        self.indexByKey = index
    }

    /// The position of the column called `name`, if the header has it.
    public func index(of name: String) -> Int? { indexByKey[Self.key(name)] }

    /// Whether the header has every one of `names`.
    public func contains(all names: [String]) -> Bool { names.allSatisfy { index(of: $0) != nil } }

    private static func key(_ name: String) -> String { name.lowercased() }
}

/// A data record read through its file's header.
public struct CSVRow: Sendable {
    public let record: CSVRecord
    public let header: CSVHeader

    /// Pairs a record with its header.
    public init(record: CSVRecord, header: CSVHeader) {
        self.record = record
        self.header = header
    }

    /// The row number for reports (the header is row 1).
    public var number: Int { record.row }

    /// The trimmed cell at `index`; nil when the column is missing, the row is short, or the cell is blank.
    public subscript(_ index: Int?) -> String? {
        guard let index, index < record.fields.count else { return nil }
        let text = record.fields[index].trimmingWhitespace()
        return text.isEmpty ? nil : text
    }

    /// The trimmed cell of the column called `name`; nil when missing or blank.
    public subscript(_ name: String) -> String? { self[header.index(of: name)] }
}

import Foundation
