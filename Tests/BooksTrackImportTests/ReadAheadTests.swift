import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// An import reads the candidates of its next batch while it merges the current one, after a
/// batch that wrote nothing (a re-import, from its second batch on). What another writer commits
/// in between must not be lost to that early read: the batch then reads its candidates again.
@Suite struct ReadAheadTests {
    /// The ten books imported, then imported again in batches of three with a rating for the
    /// eighth, which another writer edits between the second and third batches: the third batch's
    /// candidates were read beside the second.
    @Test(arguments: EditBetweenBatches.Writer.allCases)
    func notesWrittenBetweenTwoBatchesOfAReimportAreKept(by writer: EditBetweenBatches.Writer) throws {
        let (entry, summary) = try EditBetweenBatches.run(held: 1...10, then: 1...10, batchSize: 3, editAfter: 6, writer: writer)
        #expect(summary.unchanged == 9)
        #expect(summary.merged == 1)
        #expect(entry.rating == 4)
        #expect(entry.notes == "Lent to Sam")
    }

    @Test func candidatesReadInPartsComeInTheOrderOfOneRead() throws {
        let harness = try ImportHarness()
        // Ten books added at one date: their order is that of their entry IDs.
        _ = try harness.importer().importFile(
            at: try EditBetweenBatches.file(harness, "first.csv", 1...10, ratingOfEighth: 0), options: ImportOptions(batchSize: 5))
        let titles = (1...10).map { TextNormalization.normalizeTitle("Book \($0)") }

        let whole = try harness.store.books(sharingISBNs: [], orTitleKeys: titles)
        // Two parts, the later books first, and the sixth book in both.
        let parts = [
            try harness.store.booksAhead(sharingISBNs: [], orTitleKeys: Array(titles[5...])),
            try harness.store.booksAhead(sharingISBNs: [], orTitleKeys: Array(titles[..<6])),
        ]
        #expect(parts.map(\.books.count) == [5, 6])

        let drafts = ImportBatcher.drafts(of: parts)
        #expect(whole.books.count == 10)
        #expect(drafts.map(\.entry.id) == whole.books.map(\.entry.id))
        #expect(drafts == ImportBatcher.drafts(of: [whole]))
        #expect(drafts.map(\.editions) == whole.books.map { whole.editions[$0.work.id] ?? [] })
    }
}
