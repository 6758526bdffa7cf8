import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackConcurrency

/// A CPU left to an import's writer: its helpers run on the other CPUs.
@Suite struct WriterCoreTests {
    /// The CPUs a new thread may run on, started for `claim` or not.
    private func cpusOfAThread(helping claim: WriterCore?) throws -> Set<Int>? {
        let thread = ProducerThread<Set<Int>?>(name: "test cpus", capacity: 0, writerCore: claim) { hand in
            _ = hand(WriterCore.allowedCPUs())
        }
        defer { thread.close() }
        return try #require(try thread.next())
    }

    @Test func theHelpersOfAClaimRunOnEveryAllowedCPUButTheClaimedOne() throws {
        guard let allowed = WriterCore.allowedCPUs() else {
            // A system that does not say (not Linux): nothing is claimed.
            #expect(WriterCore.claim() == nil)
            return
        }
        #expect(!allowed.isEmpty)
        guard WriterCoreClaims.canClaim else {
            // One CPU: there is none to leave to a writer.
            #expect(WriterCore.claim() == nil)
            return
        }
        let claim = try #require(WriterCoreClaims.claim())
        defer { claim.release() }

        #expect(allowed.contains(claim.cpu))
        #expect(try cpusOfAThread(helping: claim) == allowed.subtracting([claim.cpu]))
        // Neither the claiming thread nor the threads it starts otherwise are bound.
        #expect(WriterCore.allowedCPUs() == allowed)
        #expect(try cpusOfAThread(helping: nil) == allowed)
    }

    @Test func helpersFollowTheWriterToTheCPUItMovedTo() throws {
        guard let allowed = WriterCore.allowedCPUs(), WriterCoreClaims.canClaim else { return }
        let claim = try #require(WriterCoreClaims.claim())
        defer { claim.release() }
        let first = claim.cpu
        let moved = try #require(allowed.subtracting([first]).min())
        let helper = ProducerThread<Set<Int>?>(name: "test follows", capacity: 0, writerCore: claim) { hand in
            guard hand(WriterCore.allowedCPUs()), hand(nil) else { return }
            _ = hand(WriterCore.allowedCPUs())
        }
        defer { helper.close() }

        #expect(try helper.next() == allowed.subtracting([first]))
        claim.noteWriter(on: moved)
        // Taken after the move was noted: the helper looks again when this hand-over returns.
        #expect(try helper.next() == .some(nil))
        #expect(try helper.next() == allowed.subtracting([moved]))
        // A CPU the writer may not use is not noted.
        claim.noteWriter(on: -1)
        claim.noteWriter(on: 100_000)
        #expect(claim.cpu == moved)
    }

    @Test func aProcessHoldsOneClaimAtATimeAndAReleaseEndsOnlyItsOwn() throws {
        guard WriterCoreClaims.canClaim else {
            #expect(WriterCore.claim() == nil)
            return
        }
        let first = try #require(WriterCoreClaims.claim())
        #expect(WriterCore.claim() == nil)
        first.release()

        let second = try #require(WriterCoreClaims.claim())
        // A second release of the first claim does not end the second.
        first.release()
        #expect(WriterCore.claim() == nil)
        second.release()
    }

    @Test func claimsMadeAtOnceFromManyThreadsGiveOneClaim() async throws {
        guard WriterCoreClaims.canClaim else { return }
        // Waits until no other suite's import holds the claim, then gives it up for the race.
        let ready = try #require(WriterCoreClaims.claim())
        ready.release()
        let claims = await withTaskGroup(of: WriterCore?.self) { group in
            for _ in 0..<16 { group.addTask { WriterCore.claim() } }
            return await group.reduce(into: [WriterCore]()) { if let claim = $1 { $0.append(claim) } }
        }
        for claim in claims { claim.release() }
        // Another suite's import may take the claim between the release and the race: then none.
        #expect(claims.count <= 1)
    }
}
