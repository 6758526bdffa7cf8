import BooksTrackCore
@testable import BooksTrackStore
import BooksTrackTesting
import Foundation
import GRDB
import Testing

/// Jobs are kept per user: a job's ID is its owner's, and a file from before says so too once
/// it is opened.
@Suite struct JobStoreTests {
    /// Users as a file before `v23-jobs-keyed-by-user` has them.
    private static let alice = User.ID(uuidString: "0B6F1C2E-3D4A-4B5C-8D6E-7F8091A2B3C4")!
    private static let bob = User.ID(uuidString: "1C7A2D3F-4E5B-4C6D-9E7F-8091A2B3C4D5")!

    @Test func openingAFileFromBeforeKeepsItsJobsWithTheirOwnersAndEverythingTheySaid() async throws {
        // Given a file at the schema before jobs were keyed by user, with a finished job of
        // Alice's and a running one of Bob's
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        let finished = Job.ID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!
        let running = Job.ID(uuidString: "5A6B7C8D-9E0F-4A1B-8C2D-3E4F5A6B7C8D")!
        SQLiteProcessSettings.apply()
        do {
            let old = try DatabaseQueue(path: path)
            try LibraryDatabase.migrator.migrate(old, upTo: "v22-imported-rows")
            try await old.write { db in
                try db.execute(sql: """
                    INSERT INTO users (key, id, name, dateCreated) VALUES (1, ?, 'alice', 0), (2, ?, 'bob', 0);
                    INSERT INTO jobs (id, userKey, kind, status, processed, total, message, input, result, dateCreated, dateUpdated)
                    VALUES (?, 1, 'import', 'succeeded', 12, 12, NULL, '{"file": "a.upload"}', '{"rows": 12}', 100, 160),
                           (?, 2, 'enrichment', 'running', 3, 9, 'looking up', '{"force": false}', NULL, 200, 230);
                    """, arguments: [Self.alice.storageText, Self.bob.storageText, finished.storageText, running.storageText])
            }
        }

        // When it is opened as a library
        let database = try LibraryDatabase(path: path)

        // Then each job is its owner's, with its kind, progress, message, input, result and dates
        let alicesJob = try #require(try await database.job(finished, owner: Self.alice))
        #expect(alicesJob.kind == .import)
        #expect(alicesJob.status == .succeeded)
        #expect(alicesJob.processed == 12 && alicesJob.total == 12)
        #expect(alicesJob.input == #"{"file": "a.upload"}"#)
        #expect(alicesJob.result == #"{"rows": 12}"#)
        #expect(alicesJob.dateCreated == Date(timeIntervalSinceReferenceDate: 100))
        #expect(alicesJob.dateUpdated == Date(timeIntervalSinceReferenceDate: 160))
        let bobsJob = try #require(try await database.job(running, owner: Self.bob))
        #expect(bobsJob.kind == .enrichment)
        #expect(bobsJob.processed == 3 && bobsJob.total == 9)
        #expect(bobsJob.message == "looking up")
        #expect(try await database.job(finished, owner: Self.bob) == nil)
        // and the running one is still there to resume, with its owner
        let unfinished = try await database.unfinishedJobs()
        #expect(unfinished.map(\.job.id) == [running])
        #expect(unfinished.map(\.owner) == [Self.bob])
        // and the table's indexes are made again
        let indexes = try await database.writer.read { db in
            try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'jobs' AND sql IS NOT NULL")
        }
        #expect(indexes == ["jobs_by_user", "jobs_unfinished"])
        // and Bob may now have a job with the ID of Alice's, which stays hers
        var bobsSecond = Job(kind: .shelfScan, input: "{}", now: Date(timeIntervalSinceReferenceDate: 300))
        bobsSecond.id = finished
        try await database.add(bobsSecond, owner: Self.bob)
        #expect(try await database.job(finished, owner: Self.bob)?.kind == .shelfScan)
        #expect(try await database.job(finished, owner: Self.alice)?.kind == .import)
    }

    @Test func twoUsersMayEachHaveAJobWithTheSameIDAndEachSavesOnlyTheirs() async throws {
        // Given Alice's job with an ID
        let database = try LibraryDatabase.inMemory()
        let alice = try database.ensureUser(named: "alice", now: day(0)).id
        let bob = try database.ensureUser(named: "bob", now: day(0)).id
        var alicesJob = Job(kind: .enrichment, input: "{}", now: day(1))
        try await database.add(alicesJob, owner: alice)

        // When Bob adds a job with the same ID, and both are saved with progress of their own
        var bobsJob = Job(kind: .shelfScan, input: "{}", now: day(2))
        bobsJob.id = alicesJob.id
        try await database.add(bobsJob, owner: bob)
        alicesJob.processed = 4
        alicesJob.status = .running
        try await database.update(alicesJob, owner: alice)
        bobsJob.processed = 1
        bobsJob.status = .cancelled
        try await database.update(bobsJob, owner: bob)

        // Then each reads back only their own job, as they saved it
        let alicesRead = try #require(try await database.job(alicesJob.id, owner: alice))
        #expect(alicesRead.kind == .enrichment)
        #expect(alicesRead.processed == 4)
        #expect(alicesRead.status == .running)
        let bobsRead = try #require(try await database.job(alicesJob.id, owner: bob))
        #expect(bobsRead.kind == .shelfScan)
        #expect(bobsRead.processed == 1)
        #expect(bobsRead.status == .cancelled)
        #expect(try await database.jobs(owner: alice, limit: 10).map(\.kind) == [.enrichment])
        #expect(try await database.jobs(owner: bob, limit: 10).map(\.kind) == [.shelfScan])
    }

    @Test func aUserReusingTheirOwnJobIDIsRefused() async throws {
        // Given Alice's job
        let database = try LibraryDatabase.inMemory()
        let alice = try database.ensureUser(named: "alice", now: day(0)).id
        let job = Job(kind: .enrichment, input: "{}", now: day(1))
        try await database.add(job, owner: alice)

        // When she adds another with its ID, then it is refused as taken, and hers is unchanged
        var again = Job(kind: .shelfScan, input: "{}", now: day(2))
        again.id = job.id
        await #expect(throws: JobError.idTaken(job.id)) { try await database.add(again, owner: alice) }
        #expect(try await database.job(job.id, owner: alice)?.kind == .enrichment)
    }
}
