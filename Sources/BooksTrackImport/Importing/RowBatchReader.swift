import BooksTrackConcurrency
import BooksTrackCore
import Foundation

/// The rows of a CSV or TSV file, mapped to books in batches on another thread while the caller
/// merges the batch before: on two cores reading and mapping the file cost almost nothing on top
/// of the merging. A batch mapped waits to be taken before the next one is begun (the importer
/// holds the next one besides, to read or merge it ahead), so memory does not grow with the file.
///
/// `close()` must be called once the caller is done, whatever happened: it stops the reading
/// thread and waits for it, so no work outlives the import.
final class RowBatchReader: Sendable {
    /// Mapped rows, with what the rows that gave no book reported.
    struct Batch: Sendable {
        var books: [ImportedBook] = []
        /// The books' digests (`ImportRowDigest.of`), in the same order.
        var digests: [ImportRowDigest] = []
        var problems: [ImportProblem] = []
        /// Rows read, books or not.
        var rows = 0
        var skipped = 0

        /// The books with their digests, as the batcher takes them.
        var mapped: MappedRows { MappedRows(books: books, digests: digests) }
    }

    private let batches: ProducerThread<Batch>

    /// Starts reading the data rows after the header `reader` has already returned, off the
    /// import writer's CPU if it claimed one; `now` bounds the dates a row may carry, and
    /// `overwrite` (the import's option) goes into the rows' digests.
    init(
        reader: CSVReader, header: CSVHeader, mapper: any RowMapper, batchSize: Int, now: Date = Date(), overwrite: Bool = false,
        writerCore: WriterCore? = nil
    ) {
        batches = ProducerThread(name: "BooksTrack import rows", capacity: 0, writerCore: writerCore) { hand in
            var reader = reader
            var batch = Batch()
            batch.books.reserveCapacity(batchSize)
            batch.digests.reserveCapacity(batchSize)
            while let record = try reader.next() {
                batch.rows += 1
                if let problem = record.problem {
                    batch.problems.append(ImportProblem(row: record.row, message: "\(problem); row skipped", action: .skipped))
                    batch.skipped += 1
                    continue
                }
                guard let book = mapper.book(from: CSVRow(record: record, header: header), problems: &batch.problems) else {
                    batch.skipped += 1
                    continue
                }
                let fitting = book.fittingLimits(now: now, problems: &batch.problems)
                batch.books.append(fitting)
                batch.digests.append(ImportRowDigest.of(fitting, overwrite: overwrite))
                if batch.books.count >= batchSize {
                    guard hand(batch) else { return }
                    batch = Batch()
                    batch.books.reserveCapacity(batchSize)
                    batch.digests.reserveCapacity(batchSize)
                }
            }
            _ = hand(batch)
        }
    }

    /// The next batch, nil after the last (and on every call after that); rethrows what reading
    /// the file threw. Called from one thread.
    func next() throws -> Batch? {
        try batches.next()
    }

    /// Stops the reading thread (when it next hands over a batch) and waits for it to end.
    func close() {
        batches.close()
    }
}
