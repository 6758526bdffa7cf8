import BooksTrackConcurrency
import BooksTrackCore
import Foundation

/// Imports an export file into one user's library.
///
/// CSV and TSV files are read twice: a quick pass that checks the whole file (row cap, unclosed
/// quotes, binary content) before anything is written, then the import, streaming in batches of
/// rows, one transaction each, the next batch read and mapped on another thread while one is
/// merged. JSON exports (LibraryThing, BooksTrack) are read as documents.
public struct LibraryImporter: Sendable {
    private let store: any LibraryStore
    private let now: @Sendable () -> Date
    /// Asked after each batch: true stops the import with `ImportError.cancelled`.
    private let isCancelled: @Sendable () -> Bool

    /// Creates an importer writing into `store`; `now` stamps new records.
    public init(store: any LibraryStore, now: @escaping @Sendable () -> Date, isCancelled: @escaping @Sendable () -> Bool = { false }) {
        self.isCancelled = isCancelled
        self.store = store
        self.now = now
    }

    /// Checks the file at `url` without writing anything, so that a front end can refuse it
    /// before it opens or creates a library: for CSV and TSV the whole file is read once (row and
    /// byte limits together, structure, header and format); JSON files are checked for size, and a
    /// LibraryThing export for its entries; a BooksTrack export is read whole by the import.
    public static func check(_ url: URL, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportCheck {
        let kind = try FileSniffer.kind(of: url, limits: options.limits)
        guard kind == .delimited else {
            _ = try FileSniffer.size(of: url, limits: options.limits)
            if kind == .json(isBooksTrack: false) {
                // A LibraryThing export's entries are counted here (a file without one is refused
                // now, not part-way); a BooksTrack export is read whole by the import.
                let data = try FileSniffer.contents(of: url, limits: options.limits, mapped: true)
                guard try LibraryThingJSONReader.check(data, limits: options.limits) > 0 else { throw ImportError.headerOnly }
            }
            return ImportCheck(url: url, kind: kind, dataRows: nil)
        }
        // Counted without the caps, so that a file over both limits is told so at once.
        let counting = ImportLimits(maxRows: .max, maxBytes: .max, maxCellBytes: options.limits.maxCellBytes)
        var reader = try CSVReader(url: url, limits: counting)
        let rows = try reader.countDataRows()
        let bytes = try FileSniffer.size(of: url, limits: counting)
        if bytes > options.limits.maxBytes || rows > options.limits.maxRows {
            throw .overLimits(
                bytes: bytes > options.limits.maxBytes ? bytes : nil, byteLimit: options.limits.maxBytes,
                rows: rows > options.limits.maxRows ? rows : nil, rowLimit: options.limits.maxRows
            )
        }
        var headerReader = try CSVReader(url: url, limits: options.limits)
        guard let headerRecord = try headerReader.next() else { throw ImportError.emptyFile }
        guard rows > 0 else { throw ImportError.headerOnly }
        // The first rows go with the header: a mapping proposed for a file nobody knows is checked against them.
        var firstRows: [[String]] = []
        while firstRows.count < 8, let record = try headerReader.next() { firstRows.append(record.fields) }
        _ = try MapperChoice(header: CSVHeader(headerRecord.fields), requested: options.format, mapping: options.mapping, firstRows: firstRows)
        return ImportCheck(url: url, kind: kind, dataRows: rows)
    }

    /// The header of a CSV or TSV file.
    public static func header(of url: URL, limits: ImportLimits) throws -> [String] {
        var reader = try CSVReader(url: url, limits: limits)
        guard let record = try reader.next() else { throw ImportError.emptyFile }
        return CSVHeader(record.fields).names
    }

    /// Imports the file at `url`, calling `progress` after each batch; `checked` is the file's
    /// `check` when the caller made it already (else it is made here).
    public func importFile(
        at url: URL, options: ImportOptions = ImportOptions(), checked: ImportCheck? = nil,
        progress: (ImportProgress) -> Void = { _ in }
    ) throws -> ImportSummary {
        let check = try checked.flatMap { $0.url == url ? $0 : nil } ?? Self.check(url, options: options)
        switch check.kind {
        case .json(let isBooksTrack):
            if options.format == .bookstrack || (options.format == nil && isBooksTrack) {
                return try importBooksTrackJSON(at: url, options: options, progress: progress)
            }
            return try importLibraryThingJSON(at: url, options: options, progress: progress)
        case .delimited:
            return try importDelimited(at: url, options: options, total: check.dataRows ?? 0, progress: progress)
        }
    }

    // MARK: CSV and TSV

    private func importDelimited(
        at url: URL, options: ImportOptions, total: Int, progress: (ImportProgress) -> Void
    ) throws -> ImportSummary {
        var reader = try CSVReader(url: url, limits: options.limits)
        guard let headerRecord = try reader.next() else { throw ImportError.emptyFile }
        guard total > 0 else { throw ImportError.headerOnly }
        let header = CSVHeader(headerRecord.fields)
        let choice = try MapperChoice(header: header, requested: options.format, mapping: options.mapping)

        var summary = ImportSummary(format: choice.format, dryRun: options.dryRun)
        summary.usedColumns = choice.usedColumns
        summary.ignoredColumns = choice.ignoredColumns
        var batcher = try ImportBatcher(store: store, format: choice.format, options: options, now: now())
        progress(ImportProgress(processed: 0, total: total))
        // This thread writes; the row reader, the merge of the next batch and the checks of the
        // books being written keep off the CPU it runs on (`WriterCore`), when it may claim one.
        let writerCore = WriterCore.claim()
        defer { writerCore?.release() }
        let batches = RowBatchReader(
            reader: reader, header: header, mapper: choice.mapper, batchSize: options.batchSize(forRows: total), now: now(),
            overwrite: options.overwrite, writerCore: writerCore)
        defer { batches.close() }
        try WriterCore.$current.withValue(writerCore) {
            var next = try batches.next()
            // Taken out of `next`, so that `Disposal` gets the batch's last reference.
            while let batch = next.take() {
                writerCore?.noteWriterCPU()
                // The batch after this one, taken when the batcher begins work on it ahead (reading its
                // candidates while this one merges, or merging it while this one is written), so that
                // it is still read meanwhile; else after this one. A reading error is thrown after
                // this batch is written, as it would be without.
                var upcoming: Result<RowBatchReader.Batch?, any Error>?
                func takeUpcoming() -> Result<RowBatchReader.Batch?, any Error> {
                    if let upcoming { return upcoming }
                    let taken = Result { try batches.next() }
                    upcoming = taken
                    return taken
                }
                summary.rows += batch.rows
                summary.skipped += batch.skipped
                summary.problems += batch.problems
                try batcher.process(batch.mapped, upcoming: { (try? takeUpcoming().get())??.mapped }, into: &summary)
                Disposal.release(consume batch)
                progress(ImportProgress(processed: summary.rows, total: total))
                if isCancelled() { throw ImportError.cancelled(rows: summary.rows) }
                next = try takeUpcoming().get()
            }
        }
        finish(&summary, batcher: batcher)
        return summary
    }

    // MARK: JSON

    private func importLibraryThingJSON(
        at url: URL, options: ImportOptions, progress: (ImportProgress) -> Void
    ) throws -> ImportSummary {
        // Mapped, not read: the pages of the file come and go as the books are taken one at a time.
        let data = try FileSniffer.contents(of: url, limits: options.limits, mapped: true)
        var summary = ImportSummary(format: .librarythingJSON, dryRun: options.dryRun)
        let total = try LibraryThingJSONReader.check(data, limits: options.limits)
        guard total > 0 else { throw ImportError.headerOnly }
        var batcher = try ImportBatcher(store: store, format: .librarythingJSON, options: options, now: now())
        progress(ImportProgress(processed: 0, total: total))
        try LibraryThingJSONReader.forEachBatch(of: data, batchSize: options.batchSize(forRows: total)) { books, problems in
            // Every entry is a row, as in a CSV: the books and those skipped for want of a title or shape.
            let skipped = problems.filter { $0.action == .skipped }.count
            summary.rows += books.count + skipped
            summary.skipped += skipped
            summary.problems += problems
            try batcher.process(MappedRows(books: books.map { $0.fittingLimits(now: now(), problems: &summary.problems) }), into: &summary)
            progress(ImportProgress(processed: summary.rows, total: total))
            if isCancelled() { throw ImportError.cancelled(rows: summary.rows) }
        }
        finish(&summary, batcher: batcher)
        return summary
    }

    private func importBooksTrackJSON(
        at url: URL, options: ImportOptions, progress: (ImportProgress) -> Void
    ) throws -> ImportSummary {
        var summary = ImportSummary(format: .bookstrack, dryRun: options.dryRun)
        let restorer = BooksTrackRestorer(store: store, options: options, now: now())
        try restorer.restore(from: url, into: &summary, progress: progress)
        return summary
    }

    private func finish(_ summary: inout ImportSummary, batcher: ImportBatcher) {
        if batcher.rowsWithoutStatus > 0 {
            summary.problems.append(ImportProblem(
                row: 0, message: "\(batcher.rowsWithoutStatus) row(s) gave no reading status; imported as to-read"
            ))
        }
        // One report per problem: a value a row repeats (a shelf in both shelf columns) is one problem.
        var seen = Set<ImportProblem>()
        summary.problems = summary.problems.filter { seen.insert($0).inserted }
        summary.problems.sort { $0.row < $1.row }
    }
}

/// A file that passed `LibraryImporter.check`: its kind and, for CSV and TSV, its data rows.
public struct ImportCheck: Sendable {
    /// The file checked.
    public let url: URL
    let kind: FileSniffer.Kind
    /// The data rows of a CSV or TSV file (the header excluded); nil for JSON.
    public let dataRows: Int?
}
