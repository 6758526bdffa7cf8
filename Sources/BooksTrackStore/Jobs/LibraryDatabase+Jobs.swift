import BooksTrackCore
import Foundation
import GRDB

/// Jobs beside the libraries they work on (migrations `v15-jobs`, `v23-jobs-keyed-by-user`), read
/// and written with GRDB's async calls. Every query names the owner with the ID: a job's ID is
/// its owner's, and another user may have a job with the same one.
extension LibraryDatabase: JobStore {
    private static let jobSelection = "j.id, j.kind, j.status, j.processed, j.total, j.message, j.input, j.result, j.dateCreated, j.dateUpdated"

    public func add(_ job: Job, owner: User.ID) async throws {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                // A client may choose the ID (the seed's `jobId`): one the owner already uses is
                // refused. Only the owner's jobs are looked at, or the answer would tell whether
                // someone else has a job with that ID.
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM jobs j JOIN users u ON u.key = j.userKey WHERE j.id = ? AND u.id = ?",
                                     arguments: [job.id.storageText, owner.storageText]) == true {
                    throw JobError.idTaken(job.id)
                }
                let changed = try SQLiteLibraryStore.execute(db, """
                    INSERT INTO jobs (id, userKey, kind, status, processed, total, message, input, result, dateCreated, dateUpdated)
                    SELECT ?, key, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM users WHERE id = ?
                    """, [job.id.storageText, job.kind.rawValue, job.status.rawValue, job.processed, job.total, job.message, job.input,
                          job.result, job.dateCreated.databaseSeconds, job.dateUpdated.databaseSeconds, owner.storageText])
                guard changed == 1 else { throw StoreError.databaseFailure(code: -1, message: "no user \(owner) for the job") }
            }
        }
    }

    public func job(_ id: Job.ID, owner: User.ID) async throws -> Job? {
        try await StoreError.translatingErrors {
            try await writer.read { db in
                try Self.jobs(db, where: "u.id = ? AND j.id = ?", [owner.storageText, id.storageText]).first?.job
            }
        }
    }

    public func jobs(owner: User.ID, limit: Int) async throws -> [Job] {
        try await StoreError.translatingErrors {
            try await writer.read { db in
                try Self.jobs(db, where: "u.id = ? ORDER BY j.dateCreated DESC, j.id LIMIT ?", [owner.storageText, limit]).map(\.job)
            }
        }
    }

    public func update(_ job: Job, owner: User.ID) async throws {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                try SQLiteLibraryStore.execute(db, """
                    UPDATE jobs SET status = ?, processed = ?, total = ?, message = ?, result = ?, dateUpdated = ?
                    WHERE userKey = (SELECT key FROM users WHERE id = ?) AND id = ?
                    """, [job.status.rawValue, job.processed, job.total, job.message, job.result, job.dateUpdated.databaseSeconds,
                          owner.storageText, job.id.storageText])
            }
        }
    }

    public func unfinishedJobs() async throws -> [(job: Job, owner: User.ID)] {
        try await StoreError.translatingErrors {
            try await writer.read { db in
                try Self.jobs(db, where: "j.status IN ('queued', 'running') ORDER BY j.dateCreated", [])
            }
        }
    }

    private static func jobs(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> [(job: Job, owner: User.ID)] {
        try SQLiteLibraryStore.fetch(db, "SELECT \(jobSelection), u.id FROM jobs j JOIN users u ON u.key = j.userKey WHERE \(condition)",
                                     arguments, table: "jobs") { reader in
            let id: Job.ID = try reader.textID()
            let kindText = try reader.string()
            let statusText = try reader.string()
            guard let kind = Job.Kind(rawValue: kindText), let status = Job.Status(rawValue: statusText) else {
                throw StoreError.databaseFailure(code: -1, message: "job \(id) has an unknown kind or status")
            }
            var job = Job(kind: kind, input: "", now: Date())
            job.id = id
            job.status = status
            job.processed = try reader.int()
            job.total = try reader.int()
            job.message = try reader.optionalString()
            job.input = try reader.string()
            job.result = try reader.optionalString()
            job.dateCreated = try reader.date()
            job.dateUpdated = try reader.date()
            return (job, try reader.textID())
        }
    }
}
