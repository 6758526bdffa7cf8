import BooksTrackCore
import BooksTrackServices
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// Importing into a real library: merging, idempotence, interruption, dry runs and enrichment queueing.
@Suite struct LibraryImporterTests {
    static let rows = [
        GoodreadsText.row(id: 1, title: "Gideon the Ninth (The Locked Tomb #1)", author: "Tamsyn Muir", isbn13: "9781250313195",
                          rating: 4, pages: "448", dateRead: "2020/10/25", dateAdded: "2020/10/21", shelf: "read",
                          review: "Bones<br/>and swords", readCount: 2, owned: 1),
        GoodreadsText.row(id: 2, title: "Harrow the Ninth (The Locked Tomb #2)", author: "Tamsyn Muir", isbn13: "9781250313225",
                          shelf: "currently-reading"),
        GoodreadsText.row(id: 3, title: "Subcutanean", author: "Aaron A. Reed", shelves: "to-read, interactive", shelf: "to-read"),
        GoodreadsText.row(id: 4, title: "Piranesi", author: "Susanna Clarke", isbn13: "9781635575637", shelf: "read"),
        GoodreadsText.row(id: 5, title: "The Dispossessed", author: "Ursula K. Le Guin", isbn13: "9780061054884",
                          rating: 5, shelves: "favorites", shelf: "read"),
        GoodreadsText.row(id: 6, title: "Dune", author: "Frank Herbert", isbn13: "9780441172719", shelf: "did-not-finish"),
        GoodreadsText.row(id: 7, title: "Kindred", author: "Octavia E. Butler", isbn13: "9780807083697", shelf: "my-custom-shelf"),
    ]

    @Test func aGoodreadsExportBecomesBooksWithTheirDetails() throws {
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file(Self.rows))

        let summary = try harness.importer().importFile(at: file)

        #expect(summary.format == .goodreads)
        #expect(summary.added == 7)
        #expect(try harness.count() == 7)
        let gideon = try #require(try harness.snapshot().first { $0.title == "Gideon the Ninth" })
        #expect(gideon.series == "The Locked Tomb")
        #expect(gideon.status == .read)
        #expect(gideon.rating == 4)
        #expect(gideon.review == "Bones\nand swords")
        #expect(gideon.owned)
        #expect(gideon.earlierReads == 1)
        #expect(gideon.isbns == [["9781250313195"]])
        #expect(gideon.dateCompleted == PartialDate(year: 2020, month: 10, day: 25)?.date())
    }

    @Test func aReadRowWithoutADateReadKeepsItsFinishDateUnknown() throws {
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file(Self.rows))

        _ = try harness.importer().importFile(at: file)

        let piranesi = try #require(try harness.snapshot().first { $0.title == "Piranesi" })
        #expect(piranesi.status == .read)
        #expect(piranesi.dateCompleted == nil)
    }

    @Test func anUnknownShelfBecomesATagAndTheBookIsToReadWithAReport() throws {
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file(Self.rows))

        let summary = try harness.importer().importFile(at: file)

        let kindred = try #require(try harness.snapshot().first { $0.title == "Kindred" })
        #expect(kindred.status == .toRead)
        #expect(kindred.tags.contains("my-custom-shelf"))
        #expect(summary.problems.contains { $0.row == 8 && $0.message.contains("my-custom-shelf") })
    }

    @Test func importingTheSameFileTwiceChangesNothing() throws {
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file(Self.rows))
        _ = try harness.importer().importFile(at: file)
        let before = try harness.snapshot()

        let again = try harness.importer().importFile(at: file)

        #expect(again.added == 0)
        #expect(again.merged == 0)
        #expect(again.unchanged == 7)
        #expect(try harness.snapshot() == before)
    }

    @Test func booksAlreadyInTheLibraryAreMergedNotDuplicated() async throws {
        let harness = try ImportHarness()
        let service = LibraryService(store: harness.store, now: { ImportHarness.now })
        let mine = try await service.add(ManualBook(title: "Gideon the Ninth", authors: ["Tamsyn Muir"], isbns: [try #require(ISBN("9781250313195"))], status: .reading))
        _ = try await service.rate(.id(mine.entry.id), rating: 5)
        let file = try harness.file("goodreads.csv", GoodreadsText.file(Self.rows))

        let summary = try harness.importer().importFile(at: file)

        #expect(summary.added == 6)
        #expect(summary.merged == 1)
        #expect(try harness.count() == 7)
        let gideon = try #require(try harness.snapshot().first { $0.title == "Gideon the Ninth" })
        #expect(gideon.rating == 5, "the library's own rating is kept")
        #expect(gideon.status == .reading, "the library's status is kept")
        #expect(gideon.review == "Bones\nand swords", "an empty review is filled")
    }

    @Test func overwriteLetsTheFileWin() async throws {
        let harness = try ImportHarness()
        let service = LibraryService(store: harness.store, now: { ImportHarness.now })
        let mine = try await service.add(ManualBook(title: "Gideon the Ninth", authors: ["Tamsyn Muir"], isbns: [try #require(ISBN("9781250313195"))], status: .reading))
        _ = try await service.rate(.id(mine.entry.id), rating: 5)
        let file = try harness.file("goodreads.csv", GoodreadsText.file(Self.rows))

        _ = try harness.importer().importFile(at: file, options: ImportOptions(overwrite: true))

        let gideon = try #require(try harness.snapshot().first { $0.title == "Gideon the Ninth" })
        #expect(gideon.rating == 4)
        #expect(gideon.status == .read)
    }

    @Test func rowsOfTheSameBookInOneFileBecomeOneBook() throws {
        let harness = try ImportHarness()
        let rows = [
            GoodreadsText.row(id: 1, title: "Dune", author: "Frank Herbert", isbn13: "9780441172719", shelf: "read"),
            GoodreadsText.row(id: 1, title: "Dune", author: "Frank Herbert", isbn13: "9780441172719", rating: 5, shelf: "read"),
        ]
        let file = try harness.file("goodreads.csv", GoodreadsText.file(rows))

        let summary = try harness.importer().importFile(at: file)

        #expect(summary.added == 1)
        #expect(summary.merged == 1)
        #expect(try harness.snapshot().map(\.rating) == [5])
    }

    @Test func anImportInterruptedMidWayAndRunAgainEndsWithTheSameLibrary() throws {
        let text = GoodreadsText.file(Self.rows)
        let uninterrupted = try ImportHarness()
        _ = try uninterrupted.importer().importFile(at: try uninterrupted.file("g.csv", text), options: ImportOptions(batchSize: 2))
        let interrupted = try ImportHarness()
        let file = try interrupted.file("g.csv", text)

        #expect(throws: InterruptedStore.Interruption.self) {
            _ = try interrupted.importer(InterruptedStore(interrupted.store, failingWrite: 3))
                .importFile(at: file, options: ImportOptions(batchSize: 2))
        }
        #expect(try interrupted.count() == 4, "the two batches before the failing one were written")
        _ = try interrupted.importer().importFile(at: file, options: ImportOptions(batchSize: 2))

        #expect(try interrupted.snapshot() == uninterrupted.snapshot())
    }

    @Test func aDryRunReportsWithoutWriting() throws {
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file(Self.rows))

        let summary = try harness.importer().importFile(at: file, options: ImportOptions(dryRun: true, batchSize: 3))

        #expect(summary.added == 7)
        #expect(summary.dryRun)
        #expect(try harness.count() == 0)
    }

    @Test func booksWithoutCoverPagesOrYearAreQueuedForEnrichment() throws {
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file(Self.rows))

        let summary = try harness.importer().importFile(at: file)

        // No row carries a cover, so every book is queued.
        #expect(summary.queuedForEnrichment == 7)
        #expect(try harness.store.countQueuedForEnrichment() == 7)
    }

    @Test func aSecondImportThatChangesQueuedBooksQueuesNoneOfThemAgain() throws {
        let harness = try ImportHarness()
        _ = try harness.importer().importFile(at: try harness.file("first.csv", GoodreadsText.file(Self.rows)))
        // Three of those books, each on a shelf the library does not have yet.
        let retagged = [
            GoodreadsText.row(id: 4, title: "Piranesi", author: "Susanna Clarke", isbn13: "9781635575637", shelves: "book-club", shelf: "read"),
            GoodreadsText.row(id: 6, title: "Dune", author: "Frank Herbert", isbn13: "9780441172719", shelves: "book-club",
                              shelf: "did-not-finish"),
            GoodreadsText.row(id: 7, title: "Kindred", author: "Octavia E. Butler", isbn13: "9780807083697", shelves: "book-club",
                              shelf: "my-custom-shelf"),
        ]
        let second = try harness.file("second.csv", GoodreadsText.file(retagged))

        let planned = try harness.importer().importFile(at: second, options: ImportOptions(dryRun: true))
        let summary = try harness.importer().importFile(at: second)

        #expect(planned.merged == 3)
        #expect(planned.queuedForEnrichment == 0)
        #expect(summary.merged == 3)
        #expect(summary.queuedForEnrichment == 0)
        #expect(try harness.store.countQueuedForEnrichment() == 7)
    }

    @Test func aBookTheFileListsTwiceInTwoBatchesIsQueuedOnce() throws {
        let harness = try ImportHarness()
        let file = try harness.file("twice.csv", GoodreadsText.file([
            GoodreadsText.row(id: 1, title: "Piranesi", author: "Susanna Clarke", isbn13: "9781635575637", shelf: "to-read"),
            GoodreadsText.row(id: 2, title: "Kindred", author: "Octavia E. Butler", isbn13: "9780807083697", shelf: "to-read"),
            GoodreadsText.row(id: 1, title: "Piranesi", author: "Susanna Clarke", isbn13: "9781635575637",
                              shelves: "book-club", shelf: "to-read"),
        ]))

        let planned = try harness.importer().importFile(at: file, options: ImportOptions(dryRun: true, batchSize: 1))
        let summary = try harness.importer().importFile(at: file, options: ImportOptions(batchSize: 1))

        #expect(planned.added == 2)
        #expect(planned.queuedForEnrichment == 2)
        #expect(summary.added == 2)
        #expect(summary.merged == 1)
        #expect(summary.queuedForEnrichment == 2)
        #expect(try harness.store.countQueuedForEnrichment() == 2)
    }

    @Test func aTooLongTitleIsCutAndReported() throws {
        let harness = try ImportHarness()
        let title = String(repeating: "long ", count: 200)
        let file = try harness.file("goodreads.csv", GoodreadsText.file([GoodreadsText.row(id: 1, title: title, author: "A. Writer")]))

        let summary = try harness.importer().importFile(at: file)

        #expect(summary.added == 1)
        #expect(try harness.snapshot().first?.title.count == Work.titleLimit)
        #expect(summary.problems.contains { $0.row == 2 && $0.message.contains("title is") })
    }

    @Test(arguments: [
        (5_000, 1_000, 5_000), (5_000, 100_000, 5_000), (5_000, 200_000, 10_000), (5_000, 300_000, 15_000),
        (5_000, 1_000_000, 20_000), (2, 60, 3), (2, 10, 2), (50_000, 300_000, 50_000),
    ])
    func aLargeFileIsWrittenInAboutTwentyTransactions(batchSize: Int, rows: Int, expected: Int) {
        #expect(ImportOptions(batchSize: batchSize).batchSize(forRows: rows) == expected)
    }

    @Test func theImportReportsProgressOncePerTransaction() throws {
        let harness = try ImportHarness()
        let rows = (1...60).map { GoodreadsText.row(id: $0, title: "Book \($0)", author: "Author \($0 % 7)", shelf: "to-read") }
        let file = try harness.file("sixty.csv", GoodreadsText.file(rows))
        var reports: [Int] = []

        let summary = try harness.importer().importFile(at: file, options: ImportOptions(batchSize: 2)) { reports.append($0.processed) }

        #expect(summary.added == 60)
        // A twentieth of 60 rows is 3, more than the 2 asked: twenty transactions of three rows
        // (the reader's end may report the last count once more).
        #expect(Array(reports.prefix(21)) == [0] + (1...20).map { $0 * 3 })
        #expect(reports.dropFirst(21).allSatisfy { $0 == 60 })
    }
}
