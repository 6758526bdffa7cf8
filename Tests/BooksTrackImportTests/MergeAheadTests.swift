import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// After a batch that writes, an import merges its next batch on another thread meanwhile,
/// against the library as it was before those writes. The result must be the library and the
/// report of merging each batch after the one before it was written.
@Suite struct MergeAheadTests {
    private let now = ImportHarness.now

    private func row(
        _ row: Int, _ title: String, by author: String, isbn number: Int? = nil, rating: Double? = nil,
        status: ReadingStatus? = .read
    ) throws -> ImportedBook {
        var book = ImportedBook(row: row, title: title)
        book.authors = [author]
        if let number { book.isbns = [try #require(LibraryFixtures.isbn(serial: number))] }
        book.rating = rating
        book.status = status
        return book
    }

    /// Runs `batches` through one batcher on `store`, each with the next as its upcoming batch.
    private func run(_ batches: [[ImportedBook]], into store: any LibraryStore) throws -> (summary: ImportSummary, mergedAhead: Int) {
        var batcher = try ImportBatcher(store: store, format: .goodreads, options: ImportOptions(), now: now)
        var summary = ImportSummary(format: .goodreads, dryRun: false)
        for (index, batch) in batches.enumerated() {
            summary.rows += batch.count
            try batcher.process(MappedRows(books: batch), upcoming: { index + 1 < batches.count ? MappedRows(books: batches[index + 1]) : nil }, into: &summary)
        }
        return (summary, batcher.batchesMergedAhead)
    }

    /// Eight batches of seven rows over a library of three books: authors first named in later
    /// batches and named again after, rows of books the library holds, a book listed twice in
    /// one batch, a refused row, rows without a status.
    private func batches() throws -> [[ImportedBook]] {
        var rows: [ImportedBook] = []
        for number in 1...56 {
            let author = "Author \(number % 5 + (number / 14) * 5)"
            switch number {
            case 9: rows.append(try row(number, "Held One", by: "Held Author", isbn: 9_001, rating: 4))
            case 30: rows.append(try row(number, "Held Two: A Subtitle", by: "Held Author", rating: 3))
            case 31: rows.append(try row(number, "Book 31", by: author, isbn: 31))
            case 33: rows.append(try row(number, "Book 31", by: "Author \(31 % 5 + 10)", isbn: 31, rating: 2))
            case 40: rows.append(try row(number, "Book 40", by: author, isbn: 40, rating: 9))
            case 45: rows.append(try row(number, "Book 45", by: author, isbn: 45, status: nil))
            default: rows.append(try row(number, "Book \(number)", by: author, isbn: number, rating: number % 6 == 0 ? nil : Double(number % 6)))
            }
        }
        return stride(from: 0, to: rows.count, by: 7).map { Array(rows[$0..<min(rows.count, $0 + 7)]) }
    }

    private func seed(_ harness: ImportHarness) throws {
        let held = [
            try row(1, "Held One", by: "Held Author", isbn: 9_001, status: .toRead),
            try row(2, "Held Two", by: "Held Author", status: .toRead),
            try row(3, "Held Three", by: "Author 2", isbn: 9_003, status: .toRead),
        ]
        _ = try run([held], into: harness.store)
    }

    @Test func batchesMergedAheadGiveTheLibraryAndReportOfMergingOneAfterAnother() throws {
        let ahead = try ImportHarness()
        let oneByOne = try ImportHarness()
        try seed(ahead)
        try seed(oneByOne)

        let (summary, mergedAhead) = try run(try batches(), into: ahead.store)
        // A store that cannot tell its version: every batch is merged in its own transaction.
        let serial = try run(try batches(), into: InterruptedStore(oneByOne.store, failingWrite: .max))

        #expect(serial.mergedAhead == 0)
        // Every batch after the first: each follows a batch that wrote, and shares no ISBN or
        // title key with it.
        #expect(mergedAhead == 7)
        #expect(summary == serial.summary)
        #expect(summary.added == 53 - 1)
        #expect(summary.merged == 3)
        #expect(summary.problems.contains { $0.row == 33 && $0.message.hasPrefix("same book as row 31") })
        #expect(summary.skipped == 1)
        #expect(summary.problems.map(\.row).contains(40))
        #expect(try ahead.snapshot() == oneByOne.snapshot())
        #expect(try ahead.store.allAuthors().map(\.name).sorted() == oneByOne.store.allAuthors().map(\.name).sorted())
        let authors = try ahead.store.allAuthors().map(\.name)
        #expect(authors.count == Set(authors).count)
    }

    @Test func aBatchSharingAKeyWithTheBatchBeforeItIsMergedInItsOwnTransaction() throws {
        let harness = try ImportHarness()
        let first = [try row(1, "Gideon the Ninth", by: "Tamsyn Muir", isbn: 1)]
        // The same book again, by its ISBN, in the next batch.
        let second = [try row(2, "Gideon the Ninth (Deluxe)", by: "Tamsyn Muir", isbn: 1, rating: 5)]
        // The same book by its title and author, without an ISBN.
        let third = [try row(3, "Harrow the Ninth", by: "Tamsyn Muir", isbn: 3), try row(4, "Unrelated", by: "Someone", isbn: 4)]
        let fourth = [try row(5, "harrow the ninth", by: "Tamsyn Muir", rating: 2)]

        let (summary, mergedAhead) = try run([first, second, third, fourth], into: harness.store)

        // Only the third batch: the second and the fourth name a book the batch before wrote.
        #expect(mergedAhead == 1)
        #expect(summary.added == 3)
        #expect(summary.merged == 2)
        #expect(try harness.count() == 3)
        let books = try harness.snapshot()
        #expect(books.first { $0.title == "Gideon the Ninth" }?.rating == 5)
        #expect(books.first { $0.title == "Harrow the Ninth" }?.rating == 2)
        #expect(summary.problems.map(\.message).filter { $0.hasPrefix("same book as row") }.count == 2)
    }

    /// The books 6–11 imported, then 1–11 with a rating for the eighth, which another writer
    /// edits between the first two batches of the second import: the first batch adds books, so
    /// the second is merged beside it, from the library before the edit.
    @Test(arguments: EditBetweenBatches.Writer.allCases)
    func notesWrittenWhileTheNextBatchWasMergedAheadAreKept(by writer: EditBetweenBatches.Writer) throws {
        let (entry, summary) = try EditBetweenBatches.run(held: 6...11, then: 1...11, writer: writer)
        #expect(summary.added == 5)
        #expect(summary.merged == 1)
        #expect(entry.rating == 4)
        #expect(entry.notes == "Lent to Sam")
        // The rows the unused merge recorded are forgotten: no row is "the same book" as itself.
        #expect(summary.problems.isEmpty, "\(summary.problems)")
    }

    @Test func firstRowsOfADroppedPassAreSeenByNoLaterPass() {
        let rows = FirstRows()
        let (book, other) = (Work.ID(), Work.ID())
        let first = rows.beginPass()
        rows.record(3, of: book, pass: first)
        let ahead = rows.beginPass()
        #expect(rows.row(of: book, pass: ahead) == 3)
        rows.record(12, of: other, pass: ahead)
        #expect(rows.row(of: other, pass: first) == nil)
        rows.drop(ahead)
        let again = rows.beginPass()
        #expect(rows.row(of: other, pass: again) == nil)
        #expect(rows.row(of: book, pass: again) == 3)
        rows.record(14, of: other, pass: again)
        #expect(rows.row(of: other, pass: rows.beginPass()) == 14)
    }

    @Test func withoutAnEditTheBatchMergedAheadIsUsed() throws {
        let harness = try ImportHarness()
        let first = try (1...5).map { try row($0, "Book \($0)", by: "Author \($0)", isbn: $0) }
        let second = try (6...10).map { try row($0, "Book \($0)", by: "Author \($0 % 3)", isbn: $0, rating: 3) }
        let (summary, mergedAhead) = try run([first, second], into: harness.store)
        #expect(mergedAhead == 1)
        #expect(summary.added == 10)
        #expect(try harness.count() == 10)
        #expect(try harness.snapshot().filter { $0.rating == 3 }.count == 5)
    }
}
