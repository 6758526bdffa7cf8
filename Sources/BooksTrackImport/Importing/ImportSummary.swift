/// What an import did (or, on a dry run, would do).
public struct ImportSummary: Hashable, Sendable {
    public var format: ImportFormat
    /// Data rows read.
    public var rows: Int
    /// Books new to the library.
    public var added: Int
    /// Books already in the library that gained something from the file.
    public var merged: Int
    /// Books already in the library that the file had nothing new for.
    public var unchanged: Int
    /// Rows not imported.
    public var skipped: Int
    /// Works without a cover, page count or publication year, queued for `bookstrack enrich`.
    public var queuedForEnrichment: Int
    /// Every problem, by row.
    public var problems: [ImportProblem]
    /// For the generic CSV importer: the columns it read and those it ignored.
    public var usedColumns: [String]
    public var ignoredColumns: [String]
    public var dryRun: Bool

    /// Creates an empty summary for a format.
    public init(format: ImportFormat, dryRun: Bool) {
        self.format = format
        self.rows = 0
        self.added = 0
        self.merged = 0
        self.unchanged = 0
        self.skipped = 0
        self.queuedForEnrichment = 0
        self.problems = []
        self.usedColumns = []
        self.ignoredColumns = []
        self.dryRun = dryRun
    }
}

/// How far an import has come, for a progress bar.
public struct ImportProgress: Hashable, Sendable {
    public var processed: Int
    public var total: Int
}
