import BooksTrackCore
import BooksTrackServices
import BooksTrackStore
import Foundation
import Synchronization
import Testing

@testable import BooksTrackServer

/// The job runner knows a job by its owner and its ID: two users' running jobs with the same ID
/// neither hear each other's progress nor stop each other.
@Suite struct JobRunnerOwnerTests {
    /// A point a job's work waits at until the test lets it go on.
    final class Gate: Sendable {
        private let opened: AsyncStream<Void>
        private let opener: AsyncStream<Void>.Continuation

        init() { (opened, opener) = AsyncStream<Void>.makeStream() }

        func open() { opener.finish() }
        func wait() async { for await _ in opened {} }
    }

    @Test func cancellingOneUsersJobLeavesAnotherUsersJobWithTheSameIDRunningAndUnheard() async throws {
        // Given Alice's and Bob's running jobs with the same ID, each reporting its own progress
        // and waiting
        let database = try LibraryDatabase.inMemory()
        let alice = try database.ensureUser(named: "alice", now: Date(timeIntervalSinceReferenceDate: 0)).id
        let bob = try database.ensureUser(named: "bob", now: Date(timeIntervalSinceReferenceDate: 0)).id
        let runner = JobRunner(store: database, now: { Date(timeIntervalSinceReferenceDate: 10) })
        let job = Job(kind: .enrichment, input: "{}", now: Date(timeIntervalSinceReferenceDate: 1))
        try await database.add(job, owner: alice)
        try await database.add(job, owner: bob)
        let alicesGate = Gate()
        let bobsGate = Gate()
        runner.start(job, owner: alice) { context in
            context.progress(7, 10)
            await alicesGate.wait()
            if context.isCancelled() { throw CancellationError() }
            return nil
        }
        runner.start(job, owner: bob) { context in
            context.progress(1, 2)
            await bobsGate.wait()
            if context.isCancelled() { throw CancellationError() }
            return nil
        }
        let alicesEvents = await runner.events(of: job, owner: alice)

        // When Bob cancels his, and both go on
        runner.cancel(job.id, owner: bob)
        #expect(!runner.isCancelled(job.id, owner: alice))
        alicesGate.open()
        bobsGate.open()
        await runner.waitForAll()

        // Then Alice's job succeeded with her progress, Bob's was cancelled with his
        let alicesJob = try #require(try await database.job(job.id, owner: alice))
        #expect(alicesJob.status == .succeeded)
        #expect(alicesJob.processed == 7 && alicesJob.total == 10)
        let bobsJob = try #require(try await database.job(job.id, owner: bob))
        #expect(bobsJob.status == .cancelled)
        #expect(bobsJob.processed == 1 && bobsJob.total == 2)
        // and Alice's socket heard none of Bob's progress, and her job's end
        var heard: [JobEvent] = []
        for await event in alicesEvents { heard.append(event) }
        #expect(heard.allSatisfy { $0.total != 2 }, "\(heard)")
        #expect(heard.last?.status == .succeeded, "\(heard)")
    }
}
