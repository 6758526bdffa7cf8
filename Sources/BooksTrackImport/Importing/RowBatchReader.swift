import Dispatch
import Foundation

/// The rows of a CSV or TSV file, mapped to books in batches on another thread while the caller
/// merges the batch before: on two cores reading and mapping the file cost almost nothing on top
/// of the merging. At most two batches wait to be taken, so memory does not grow with the file.
///
/// `close()` must be called once the caller is done, whatever happened: it stops the reading
/// thread and waits for it, so no work outlives the import.
// @unchecked: `waiting` and `isClosed` are only touched under `lock`, `isFinished` by the caller's
// thread alone, and the reader and mapper by the reading thread alone.
final class RowBatchReader: @unchecked Sendable {
    /// Mapped rows, with what the rows that gave no book reported.
    struct Batch {
        var books: [ImportedBook] = []
        var problems: [ImportProblem] = []
        /// Rows read, books or not.
        var rows = 0
        var skipped = 0
    }

    private let lock = NSLock()
    /// Room for two batches. Made at zero and signalled: libdispatch stops the process when a
    /// semaphore is released below the value it was made with, which a closed reader can leave.
    private let freeSlots = DispatchSemaphore(value: 0)
    private let readySlots = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    /// Batches read and not yet taken; nil after the last one.
    private var waiting: [Result<Batch?, any Error>] = []
    private var isClosed = false
    /// Set by the caller's thread once the last batch (or an error) was taken.
    private var isFinished = false

    /// Starts reading the data rows after the header `reader` has already returned; `now` bounds
    /// the dates a row may carry.
    init(reader: CSVReader, header: CSVHeader, mapper: any RowMapper, batchSize: Int, now: Date = Date()) {
        freeSlots.signal()
        freeSlots.signal()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { done.signal() }
            var reader = reader
            do {
                var batch = Batch()
                batch.books.reserveCapacity(batchSize)
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
                    batch.books.append(book.fittingLimits(now: now, problems: &batch.problems))
                    if batch.books.count >= batchSize {
                        guard hand(.success(batch)) else { return }
                        batch = Batch()
                        batch.books.reserveCapacity(batchSize)
                    }
                }
                guard hand(.success(batch)) else { return }
                _ = hand(.success(nil))
            } catch {
                _ = hand(.failure(error))
            }
        }
    }

    /// The next batch, nil after the last (and on every call after that); rethrows what reading
    /// the file threw. Called from one thread.
    func next() throws -> Batch? {
        guard !isFinished else { return nil }
        readySlots.wait()
        let item = lock.withLock { waiting.removeFirst() }
        freeSlots.signal()
        switch item {
        case .success(let batch?): return batch
        case .success(nil):
            isFinished = true
            return nil
        case .failure(let error):
            isFinished = true
            throw error
        }
    }

    /// Stops the reading thread (when it next hands over a batch) and waits for it to end.
    func close() {
        lock.withLock { isClosed = true }
        // Wakes the thread if it waits for room for a batch.
        freeSlots.signal()
        done.wait()
    }

    /// Waits for room and queues `item`; false once the reader is closed.
    private func hand(_ item: Result<Batch?, any Error>) -> Bool {
        freeSlots.wait()
        let queued = lock.withLock {
            guard !isClosed else { return false }
            waiting.append(item)
            return true
        }
        if queued { readySlots.signal() }
        return queued
    }
}
