import BooksTrackConcurrency
import BooksTrackCore
import BooksTrackTesting
import Foundation
import Synchronization
import Testing

@testable import BooksTrackImport

/// An import of a CSV file leaves the CPU its writer runs on to it (`WriterCore`) while it runs,
/// and ends that claim when it ends, however it ends.
@Suite struct ImportWriterCoreTests {
    /// What the import's progress calls saw after each batch: the claim bound for its helpers, and
    /// whether another claim could be made meanwhile.
    private struct Seen: Sendable {
        var claimedCPUs: [Int?] = []
        var otherClaims = 0
    }

    /// Imports 600 rows in batches of 100, cancelled after `cancelAfter` batches if given; retried
    /// (twenty times at most, 100 ms apart) while another suite's import held the process's claim
    /// when it began: the whole suite runs many imports at once.
    private func importNoting(cancelAfter: Int? = nil) throws -> (seen: Seen, result: Result<ImportSummary, any Error>) {
        let harness = try ImportHarness()
        let url = harness.directory.url.appendingPathComponent("goodreads_library_export.csv")
        try GoodreadsExportFixture.write(rows: 600, to: url, seed: 21)
        var last: (Seen, Result<ImportSummary, any Error>)?
        for attempt in 1...20 {
            if attempt > 1 { Thread.sleep(forTimeInterval: 0.1) }
            let seen = Mutex(Seen())
            let batches = Mutex(0)
            let importer = LibraryImporter(store: try ImportHarness().store, now: { ImportHarness.now }) {
                guard let cancelAfter else { return false }
                return batches.withLock { $0 } >= cancelAfter
            }
            let result = Result {
                try importer.importFile(at: url, options: ImportOptions(batchSize: 100)) { progress in
                    guard progress.processed > 0 else { return }
                    batches.withLock { $0 += 1 }
                    let other = WriterCore.claim()
                    other?.release()
                    seen.withLock {
                        $0.claimedCPUs.append(WriterCore.current?.cpu)
                        if other != nil { $0.otherClaims += 1 }
                    }
                }
            }
            last = (seen.withLock { $0 }, result)
            if seen.withLock({ $0.claimedCPUs.allSatisfy { $0 != nil } }) { break }
        }
        return try #require(last)
    }

    @Test func anImportHoldsTheClaimWhileItRunsAndEndsItAfter() throws {
        guard WriterCoreClaims.canClaim else {
            let (seen, result) = try importNoting()
            #expect(try result.get().added == 600)
            #expect(seen.claimedCPUs.allSatisfy { $0 == nil })
            return
        }
        let (seen, result) = try importNoting()
        #expect(try result.get().added == 600)
        #expect(seen.claimedCPUs.count >= 6)
        // The CPU the writer was last seen on: it may have moved between batches.
        let allowed = try #require(WriterCore.allowedCPUs())
        #expect(seen.claimedCPUs.allSatisfy { $0.map(allowed.contains) == true })
        #expect(seen.otherClaims == 0)
        // Ended: a claim can be made again (once other suites' imports let go of theirs).
        let again = WriterCoreClaims.claim()
        #expect(again != nil)
        again?.release()
    }

    @Test func aCancelledImportEndsItsClaimToo() throws {
        guard WriterCoreClaims.canClaim else { return }
        let (seen, result) = try importNoting(cancelAfter: 2)
        #expect(throws: ImportError.self) { try result.get() }
        #expect(seen.claimedCPUs.count == 2)
        #expect(seen.claimedCPUs.allSatisfy { $0 != nil })
        let again = WriterCoreClaims.claim()
        #expect(again != nil)
        again?.release()
    }
}
