import BooksTrackCore

/// The summary of an import as JSON.
public struct ImportReport: Codable, Hashable, Sendable {
    public struct Problem: Codable, Hashable, Sendable {
        public var row: Int
        public var message: String
        public var action: String
    }

    public var format: String
    public var dryRun: Bool
    public var rows: Int
    public var added: Int
    public var merged: Int
    public var unchanged: Int
    public var skipped: Int
    public var queuedForEnrichment: Int
    public var usedColumns: [String]
    public var ignoredColumns: [String]
    public var problems: [Problem]

    /// The report of a summary.
    public init(_ summary: ImportSummary) {
        format = summary.format.rawValue
        dryRun = summary.dryRun
        rows = summary.rows
        added = summary.added
        merged = summary.merged
        unchanged = summary.unchanged
        skipped = summary.skipped
        queuedForEnrichment = summary.queuedForEnrichment
        usedColumns = summary.usedColumns
        ignoredColumns = summary.ignoredColumns
        problems = summary.problems.map { Problem(row: $0.row, message: $0.message, action: $0.action.rawValue) }
    }
}
