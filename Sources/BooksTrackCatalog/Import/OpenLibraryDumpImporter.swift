import BooksTrackCore
import BooksTrackStore
import Foundation
import GRDB

/// How an import runs.
public struct CatalogImportOptions: Sendable, Hashable {
    /// Lines per transaction: each batch is committed with the offset to resume from.
    public var batchSize: Int
    /// Longer lines are skipped and reported (the longest real dump records are a few hundred KB).
    public var maximumLineLength: Int
    /// Start again from the first line, even when an earlier run imported part or all of the file.
    public var restart: Bool
    /// How many skipped lines the summary quotes.
    public var exampleLimit: Int
    /// For tests: fail inside the transaction after writing this many lines of this run, as a
    /// killed process would, leaving the transaction uncommitted.
    package var failAfterLines: Int?

    /// Creates options; the defaults suit a full Open Library dump.
    public init(batchSize: Int = 5_000, maximumLineLength: Int = 8 << 20, restart: Bool = false, exampleLimit: Int = 5) {
        self.batchSize = max(1, batchSize)
        self.maximumLineLength = max(1_024, maximumLineLength)
        self.restart = restart
        self.exampleLimit = max(0, exampleLimit)
    }
}

/// Raised inside a transaction by `CatalogImportOptions.failAfterLines`.
package struct SimulatedImportCrash: Error {}

extension CatalogDatabase {
    /// Imports an Open Library bulk dump (authors, works, editions or all types; plain or .gz),
    /// streaming it in batches of `options.batchSize` lines, each one transaction committed with
    /// the position to resume from: a run that is killed or stopped resumes there when started
    /// again on the same file, without duplicates (records are written by their Open Library key).
    ///
    /// Malformed lines are counted and skipped. `progress` is called after every batch; returning
    /// false stops the import after that batch (the summary's outcome is then `.stopped`).
    public func importOpenLibraryDump(
        at url: URL, options: CatalogImportOptions = CatalogImportOptions(),
        progress: (CatalogImportProgress) -> Bool = { _ in true }
    ) throws -> CatalogImportSummary {
        var importer = try OpenLibraryDumpImporter(catalog: self, url: url, options: options)
        return try importer.run(progress: progress)
    }
}

/// One run of a dump import: reads batches, writes them, keeps the source's row up to date.
///
/// Reading and parsing a batch (`DumpBatchReader`, on a second thread) overlaps with writing the
/// previous one (on the caller's thread): on two cores the import runs at the pace of the slower.
struct OpenLibraryDumpImporter {
    /// The persisted state of one dump file (its `catalog_sources` row).
    struct SourceState {
        var byteOffset: Int64 = 0
        var lines = 0
        var authors = 0
        var works = 0
        var editions = 0
        var otherRecords = 0
        var invalidISBNs = 0
        var problems: [String: Int] = [:]
        var examples: [CatalogImportExample] = []
        var complete = false
        var startedAt: Date
    }

    private let catalog: CatalogDatabase
    private let url: URL
    private let options: CatalogImportOptions
    private let batchReader: DumpBatchReader
    private let fileSize: Int64
    private let sourceID: String
    private let fingerprint: String
    private var state: SourceState

    init(catalog: CatalogDatabase, url: URL, options: CatalogImportOptions) throws {
        self.catalog = catalog
        self.url = url
        self.options = options
        let path = url.path
        let reader: DumpLineReader
        do {
            reader = try DumpLineReader(path: path, maximumLineLength: options.maximumLineLength)
            guard reader.fileSize > 0 else { throw CatalogImportError.emptyFile(path: path) }
            fingerprint = try DumpLineReader.fingerprint(path: path)
        } catch let failure as DumpLineReader.Failure {
            throw Self.error(failure, path: path, lines: 0)
        }
        fileSize = reader.fileSize
        batchReader = DumpBatchReader(reader: reader, batchSize: options.batchSize, exampleLimit: options.exampleLimit)
        sourceID = "openlibrary:" + url.lastPathComponent + ":" + fingerprint
        state = SourceState(startedAt: catalog.now())
        if !options.restart, let saved = try loadState() {
            state = saved
        }
    }

    mutating func run(progress: (CatalogImportProgress) -> Bool) throws -> CatalogImportSummary {
        let clock = ContinuousClock()
        let start = clock.now
        if state.complete {
            return summary(outcome: .alreadyImported, resumedAfterLine: nil, linesThisRun: 0, elapsed: .zero)
        }
        let resumedAfterLine = state.lines > 0 ? state.lines : nil
        let startBytes: Int64
        do {
            startBytes = try batchReader.skip(to: state.byteOffset, lines: state.lines)
        } catch let failure as DumpLineReader.Failure {
            throw Self.error(failure, path: url.path, lines: state.lines)
        }
        var linesThisRun = 0
        var isFirstBatch = state.lines == 0
        // Closing waits for a batch still being read: no work outlives the import.
        let batches = batchReader.batches(from: state.byteOffset)
        defer { batches.close() }
        while let next = try batches.next() {
            var batch = next.batch
            let readFailure = next.failure
            if isFirstBatch, batch.lines > 0, batch.dumpShapedLines == 0 {
                throw CatalogImportError.notADump(path: url.path, example: batch.firstLine?.text ?? "")
            }
            isFirstBatch = false
            if readFailure != nil { batch.reachedEnd = false }
            try write(batch, linesBefore: linesThisRun)
            linesThisRun += batch.lines
            if let readFailure { throw Self.error(readFailure, path: url.path, lines: state.lines) }

            let elapsed = clock.now - start
            let seconds = elapsed.secondsValue
            let bytesThisRun = batch.fileBytesRead - startBytes
            let remainingBytes = max(0, fileSize - batch.fileBytesRead)
            let report = CatalogImportProgress(
                fileName: url.lastPathComponent, bytesRead: min(batch.fileBytesRead, fileSize), totalBytes: fileSize,
                lines: state.lines, linesThisRun: linesThisRun, elapsed: elapsed,
                linesPerSecond: seconds > 0 ? Double(linesThisRun) / seconds : 0,
                estimatedRemaining: state.complete ? .zero
                    : seconds > 0.5 && bytesThisRun > 0 ? .seconds(Double(remainingBytes) * seconds / Double(bytesThisRun)) : nil
            )
            if state.complete {
                _ = progress(report)
                return summary(outcome: .completed, resumedAfterLine: resumedAfterLine, linesThisRun: linesThisRun, elapsed: elapsed)
            }
            if !progress(report) {
                return summary(outcome: .stopped, resumedAfterLine: resumedAfterLine, linesThisRun: linesThisRun, elapsed: elapsed)
            }
        }
        // The reader ends only after a batch that reached the end of the file or failed, and both return above.
        throw Self.error(.cannotRead("the file ended before its last batch was read"), path: url.path, lines: state.lines)
    }

    /// Writes a batch and the source's new state in one transaction.
    private mutating func write(_ batch: DumpBatchReader.Batch, linesBefore: Int) throws {
        var next = state
        next.examples += batch.examples.prefix(max(0, options.exampleLimit - state.examples.count))
        next.byteOffset = batch.endOffset
        next.lines += batch.lines
        next.complete = batch.reachedEnd
        let failAfter = options.failAfterLines.map { $0 - linesBefore }
        let stamp = catalog.now()
        state = try catalog.write { db in
            var next = next
            var writer = try CatalogWriter(db)
            for (index, record) in batch.records.enumerated() {
                if let failAfter, index >= failAfter { throw SimulatedImportCrash() }
                switch record {
                case .author(let author):
                    try writer.write(author)
                    next.authors += 1
                case .work(let work):
                    try writer.write(work)
                    next.works += 1
                case .edition(let edition, let invalidISBNs):
                    try writer.write(edition)
                    next.editions += 1
                    next.invalidISBNs += invalidISBNs
                case .otherType:
                    next.otherRecords += 1
                case .malformed(let problem):
                    next.problems[problem.rawValue, default: 0] += 1
                }
            }
            try saveState(next, db: db, now: stamp)
            return next
        }
    }

    private func saveState(_ state: SourceState, db: Database, now: Date) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let problems = try String(decoding: encoder.encode(state.problems), as: UTF8.self)
        let examples = try String(decoding: encoder.encode(state.examples), as: UTF8.self)
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO catalog_sources (id, kind, name, version, fileSize, byteOffset, lineCount,
                authorCount, workCount, editionCount, skippedCount, invalidISBNCount, problems, examples, complete,
                startedAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                sourceID, CatalogSource.Kind.openLibraryDump.rawValue, url.lastPathComponent, fingerprint, fileSize,
                state.byteOffset, state.lines, state.authors, state.works, state.editions, state.otherRecords,
                state.invalidISBNs, problems, examples, state.complete, state.startedAt.timeIntervalSinceReferenceDate,
                now.timeIntervalSinceReferenceDate,
            ])
    }

    private func loadState() throws -> SourceState? {
        try catalog.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT byteOffset, lineCount, authorCount, workCount, editionCount, skippedCount, invalidISBNCount,
                    problems, examples, complete, startedAt
                FROM catalog_sources WHERE id = ?
                """, arguments: [sourceID]) else { return nil }
            var reader = RowReader(row, table: "catalog_sources")
            var state = SourceState(startedAt: Date())
            state.byteOffset = Int64(try reader.int())
            state.lines = try reader.int()
            state.authors = try reader.int()
            state.works = try reader.int()
            state.editions = try reader.int()
            state.otherRecords = try reader.int()
            state.invalidISBNs = try reader.int()
            state.problems = CatalogSource.decodeProblems(try reader.optionalString())
            state.examples = CatalogSource.decodeExamples(try reader.optionalString())
            state.complete = try reader.bool()
            state.startedAt = try reader.date()
            return state
        }
    }

    private func summary(
        outcome: CatalogImportSummary.Outcome, resumedAfterLine: Int?, linesThisRun: Int, elapsed: Duration
    ) -> CatalogImportSummary {
        CatalogImportSummary(
            fileName: url.lastPathComponent, outcome: outcome, resumedAfterLine: resumedAfterLine, lines: state.lines,
            linesThisRun: linesThisRun, authors: state.authors, works: state.works, editions: state.editions,
            otherRecords: state.otherRecords, invalidISBNs: state.invalidISBNs,
            problems: CatalogSource.problems(state.problems), examples: state.examples, elapsed: elapsed
        )
    }

    private static func error(_ failure: DumpLineReader.Failure, path: String, lines: Int) -> CatalogImportError {
        switch failure {
        case .cannotRead(let reason): .cannotRead(path: path, reason: reason)
        case .gzip(.corrupt, let offset): .corruptGzip(path: path, offset: offset, linesImported: lines)
        case .gzip(.truncated, _): .truncatedGzip(path: path, linesImported: lines)
        case .gzip(.trailingData, _): .trailingData(path: path, linesImported: lines)
        }
    }
}
