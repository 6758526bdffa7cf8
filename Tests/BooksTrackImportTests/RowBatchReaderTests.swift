import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// Rows read and mapped on another thread, handed over in batches.
@Suite struct RowBatchReaderTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory(prefix: "bookstrack-row-batches") }

    /// A Goodreads-style file of `count` books, with an untitled row after the third.
    func reader(rows count: Int) throws -> (RowBatchReader, Int) {
        var lines = ["Title,Author,ISBN13,My Rating,Exclusive Shelf"]
        for index in 1...count {
            lines.append("Book \(index),Author \(index % 7),,0,to-read")
            if index == 3 { lines.append(",Nobody,,0,read") }
        }
        let url = URL(fileURLWithPath: directory.path("export.csv"))
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        var csv = try CSVReader(url: url)
        let header = CSVHeader(try #require(try csv.next()).fields)
        return (RowBatchReader(reader: csv, header: header, mapper: GoodreadsRowMapper(header: header), batchSize: 4), lines.count - 1)
    }

    @Test func everyRowArrivesOnceInOrderWithItsProblems() throws {
        let (batches, rows) = try reader(rows: 10)
        defer { batches.close() }
        var titles: [String] = []
        var seen = 0
        var skipped = 0
        var problems: [ImportProblem] = []
        while let batch = try batches.next() {
            #expect(batch.books.count <= 4)
            titles += batch.books.map(\.title)
            seen += batch.rows
            skipped += batch.skipped
            problems += batch.problems
        }
        #expect(titles == (1...10).map { "Book \($0)" })
        #expect(seen == rows)
        #expect(skipped == 1)
        #expect(problems.contains { $0.row == 5 && $0.action == .skipped })
        #expect(try batches.next() == nil)
    }

    @Test func closingBeforeTheEndStopsTheReadingThread() throws {
        let (batches, _) = try reader(rows: 1_000)
        let first = try #require(try batches.next())
        #expect(first.books.count == 4)
        // Returns (and releases the reader) although most of the file was never taken.
        batches.close()
    }
}
