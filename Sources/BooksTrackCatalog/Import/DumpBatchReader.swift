import BooksTrackConcurrency
import BooksTrackCore
import Foundation

/// Reads and parses the next batch of dump lines on a thread of its own while the importer writes
/// the previous batch.
///
/// `@unchecked Sendable`: the line reader and the parsing caches are used by one thread at a time:
/// `skip` on the importer's thread before `batches(from:)` starts the reading thread, which alone
/// uses them from then on.
final class DumpBatchReader: @unchecked Sendable {
    /// Parsed lines, with where the file stands after them.
    struct Batch: Sendable {
        var records: [OpenLibraryDumpLine.Parsed] = []
        /// The decompressed offset after the batch's last line: where a later run resumes.
        var endOffset: Int64 = 0
        /// Bytes of the file read when the batch was complete (compressed bytes for .gz).
        var fileBytesRead: Int64 = 0
        var lines = 0
        /// True when the file ended with this batch.
        var reachedEnd = false
        /// Lines that had the shape of a dump line, for telling a dump from another file.
        var dumpShapedLines = 0
        /// The batch's first line, quoted when the file turns out not to be a dump.
        var firstLine: CatalogImportExample?
        /// Skipped lines to quote in the summary.
        var examples: [CatalogImportExample] = []
    }

    /// A batch and the read failure that ended it early, if one did.
    typealias Reading = (batch: Batch, failure: DumpLineReader.Failure?)

    private let reader: DumpLineReader
    private let batchSize: Int
    private let exampleLimit: Int
    private var formats: [String: String?] = [:]

    init(reader: DumpLineReader, batchSize: Int, exampleLimit: Int) {
        self.reader = reader
        self.batchSize = batchSize
        self.exampleLimit = exampleLimit
    }

    /// Moves the reader to a resumed import's position; returns the file bytes read to get there.
    func skip(to offset: Int64, lines: Int) throws -> Int64 {
        try reader.skip(to: offset, lines: lines)
        return reader.fileBytesRead
    }

    /// Starts reading batches from `offset` (where the reader stands) on a thread of its own: the
    /// next batch is read while the caller writes the one before, never further ahead. The last
    /// batch is the one that reached the end of the file or failed to read.
    func batches(from offset: Int64) -> ProducerThread<Reading> {
        ProducerThread(name: "BooksTrack catalog dump", capacity: 0) { [self] hand in
            var offset = offset
            while true {
                let reading = readBatch(from: offset)
                guard hand(reading), reading.failure == nil, !reading.batch.reachedEnd else { return }
                offset = reading.batch.endOffset
            }
        }
    }

    /// Reads and parses up to `batchSize` lines; a read failure ends the batch early and is returned with it.
    private func readBatch(from offset: Int64) -> Reading {
        var batch = Batch(endOffset: offset)
        batch.records.reserveCapacity(batchSize)
        do {
            while batch.lines < batchSize {
                guard let line = try reader.next() else {
                    batch.reachedEnd = true
                    batch.fileBytesRead = reader.fileBytesRead
                    return (batch, nil)
                }
                batch.lines += 1
                switch line {
                case let .text(bytes, number, endOffset):
                    batch.endOffset = endOffset
                    var parsed = OpenLibraryDumpLine.parse(bytes, formats: &formats)
                    // Normalizing titles and names here keeps it off the writing thread.
                    switch parsed {
                    case .work(var work):
                        work.computeSearchKeys()
                        parsed = .work(work)
                    case .author(var author):
                        author.computeSearchName()
                        parsed = .author(author)
                    default:
                        break
                    }
                    if case .malformed(let problem) = parsed {
                        if problem != .notFiveFields { batch.dumpShapedLines += 1 }
                        note(problem, line: number, bytes: bytes, in: &batch)
                    } else {
                        batch.dumpShapedLines += 1
                    }
                    if batch.firstLine == nil {
                        batch.firstLine = CatalogImportExample(line: number, problem: .notFiveFields, bytes: bytes)
                    }
                    batch.records.append(parsed)
                case let .tooLong(prefix, number, endOffset):
                    batch.endOffset = endOffset
                    note(.lineTooLong, line: number, bytes: prefix, in: &batch)
                    if batch.firstLine == nil {
                        batch.firstLine = CatalogImportExample(line: number, problem: .lineTooLong, bytes: prefix)
                    }
                    batch.records.append(.malformed(.lineTooLong))
                }
            }
        } catch let failure as DumpLineReader.Failure {
            batch.fileBytesRead = reader.fileBytesRead
            return (batch, failure)
        } catch {
            batch.fileBytesRead = reader.fileBytesRead
            return (batch, .cannotRead(String(describing: error)))
        }
        batch.fileBytesRead = reader.fileBytesRead
        return (batch, nil)
    }

    private func note(_ problem: CatalogImportProblem, line: Int, bytes: some Collection<UInt8>, in batch: inout Batch) {
        guard batch.examples.count < exampleLimit else { return }
        batch.examples.append(CatalogImportExample(line: line, problem: problem, bytes: bytes))
    }
}
