import Foundation

/// One dump file's import as the terminal's `--json` and the API answer it.
public struct CatalogImportResult: Codable, Hashable, Sendable {
    public var file: String
    /// "completed", "stopped" or "alreadyImported".
    public var outcome: String
    public var resumedAfterLine: Int?
    public var lines: Int
    public var linesThisRun: Int
    public var seconds: Double
    public var authors: Int
    public var works: Int
    public var editions: Int
    public var otherRecords: Int
    public var invalidISBNs: Int
    public var malformedLines: [String: Int]
    public var examples: [CatalogImportExample]

    /// The result of a summary.
    public init(_ summary: CatalogImportSummary) {
        file = summary.fileName
        outcome = summary.outcome.rawValue
        resumedAfterLine = summary.resumedAfterLine
        lines = summary.lines
        linesThisRun = summary.linesThisRun
        let parts = summary.elapsed.components
        seconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        authors = summary.authors
        works = summary.works
        editions = summary.editions
        otherRecords = summary.otherRecords
        invalidISBNs = summary.invalidISBNs
        malformedLines = Dictionary(uniqueKeysWithValues: summary.problems.map { ($0.key.rawValue, $0.value) })
        examples = summary.examples
    }
}

/// The catalog's sizes and sources as the terminal's `--json` and the API answer them.
public struct CatalogStats: Codable, Hashable, Sendable {
    public struct Source: Codable, Hashable, Sendable {
        public var kind: String
        public var name: String
        public var version: String?
        public var fileSize: Int64?
        public var complete: Bool
        public var lines: Int
        public var authors: Int
        public var works: Int
        public var editions: Int
        public var otherRecords: Int
        public var invalidISBNs: Int
        public var malformedLines: [String: Int]
        public var startedAt: Date
        public var updatedAt: Date
    }

    /// The catalog file's path; nil where the reader should not see the server's folders (the API).
    public var path: String?
    public var fileBytes: Int64
    public var works: Int
    public var syntheticWorks: Int
    public var editions: Int
    public var authors: Int
    public var isbns: Int
    public var sources: [Source]

    /// The stats of a catalog, with its path when given.
    public init(_ statistics: CatalogStatistics, path: String?) {
        self.path = path
        fileBytes = statistics.fileBytes
        works = statistics.works
        syntheticWorks = statistics.syntheticWorks
        editions = statistics.editions
        authors = statistics.authors
        isbns = statistics.isbns
        sources = statistics.sources.map { source in
            Source(
                kind: source.kind.rawValue, name: source.name, version: source.version, fileSize: source.fileSize,
                complete: source.complete, lines: source.lines, authors: source.authors, works: source.works,
                editions: source.editions, otherRecords: source.otherRecords, invalidISBNs: source.invalidISBNs,
                malformedLines: Dictionary(uniqueKeysWithValues: source.problems.map { ($0.key.rawValue, $0.value) }),
                startedAt: source.startedAt, updatedAt: source.updatedAt
            )
        }
    }
}
