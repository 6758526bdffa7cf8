import Foundation

/// Long work a reader started (an import, an enrichment batch, asking Wikidata about authors, a
/// catalog import, a shelf scan), run off the request that started it, persisted so a
/// restart resumes it or says why it failed, owned by one user.
public struct Job: Codable, Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<Job>

    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        /// A library file uploaded to import.
        case `import`
        /// Books looked up to fill their missing details: the library's queued ones, or a list sent.
        case enrichment
        /// Authors' details asked of Wikidata, suggested or applied.
        case authorSuggestions
        /// Open Library dump files loaded into the offline catalog (an administrator's).
        case catalogImport
        /// Page photos kept before processing made what page photos are kept as now.
        case photoConversion
        /// A bookshelf photo read, its books matched and queued for review.
        case shelfScan
    }

    public enum Status: String, Codable, Hashable, Sendable, CaseIterable {
        case queued, running, succeeded, failed, cancelled

        /// Whether the job has ended.
        public var isFinished: Bool { self == .succeeded || self == .failed || self == .cancelled }
    }

    public var id: ID
    public var kind: Kind
    public var status: Status
    public var processed: Int
    public var total: Int
    /// Why it failed, or a note ("resumed after a restart").
    public var message: String?
    /// What the work needs to run again after a restart (for an import: the uploaded file's name
    /// and the options), as JSON.
    public var input: String
    /// What it produced (for an import: the report), as JSON.
    public var result: String?
    public var dateCreated: Date
    public var dateUpdated: Date

    /// A new job, queued.
    public init(kind: Kind, input: String, now: Date) {
        id = ID()
        self.kind = kind
        status = .queued
        processed = 0
        total = 0
        self.input = input
        dateCreated = now
        dateUpdated = now
    }

    /// The progress event of the job as it is now.
    public var event: JobEvent {
        JobEvent(jobId: id.description, kind: kind, status: status, processed: processed, total: total, message: message)
    }
}

/// What `GET /ws/progress` pushes and a poll reads: `{jobId, kind, status, processed, total, message}`.
public struct JobEvent: Codable, Hashable, Sendable {
    public var jobId: String
    public var kind: Job.Kind
    public var status: Job.Status
    public var processed: Int
    public var total: Int
    public var message: String?
}

/// Where jobs are kept. Each method is one transaction, off the caller's thread. A job is known
/// by its owner and its ID together: two users may each have a job with the same ID (a client
/// may choose it), and neither learns of the other's.
public protocol JobStore: Sendable {
    /// Stores a new job of `owner`'s; throws `JobError.idTaken` if `owner` already has one with its ID.
    func add(_ job: Job, owner: User.ID) async throws
    /// The job, if `owner` owns it.
    func job(_ id: Job.ID, owner: User.ID) async throws -> Job?
    /// The owner's jobs, newest first, at most `limit`.
    func jobs(owner: User.ID, limit: Int) async throws -> [Job]
    /// Saves the status, progress, message and result of `owner`'s job.
    func update(_ job: Job, owner: User.ID) async throws
    /// Every job that is queued or running, with its owner: after a restart, work to resume.
    func unfinishedJobs() async throws -> [(job: Job, owner: User.ID)]
}

/// Why a job could not be started, confirmed or stopped.
public enum JobError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A client chose the job's ID (the seed's `jobId`), and one of the same owner's jobs already
    /// has it. Other users' jobs are not looked at: their IDs are no answer to anyone else.
    case idTaken(Job.ID)
    /// No job of the owner's has this ID (another user's job answers the same).
    case notFound(Job.ID)
    /// Only a finished preview of an import can be confirmed.
    case notAPreview
    /// The previewed upload is no longer kept (confirmed once already, or older than its lifetime).
    case previewGone
    /// The job has ended already: there is nothing to cancel.
    case alreadyFinished(Job.Status)
    /// One catalog import runs at a time.
    case catalogImportRunning
    /// A catalog import names no dump file.
    case noDumpFiles
    /// A catalog import names more files than one import takes.
    case tooManyDumpFiles(maximum: Int)
    /// A name of a catalog import (at `index`) is not a regular file of the dumps folder.
    case noSuchDump(index: Int, folder: String)
    /// No suggestion of the job is the one chosen.
    case noSuchSuggestion

    public var description: String {
        switch self {
        case .idTaken(let id): "you already have a job with the ID \(id); send another jobId, or none to get one"
        case .notFound: "no such job here"
        case .notAPreview: "only a finished preview can be confirmed"
        case .previewGone: "the previewed file is no longer kept (a day, once); upload it again"
        case .alreadyFinished(let status): "the job has already \(status.rawValue)"
        case .catalogImportRunning: "a catalog import is already running; wait for it or cancel it"
        case .noDumpFiles: "name at least one dump file"
        case .tooManyDumpFiles(let maximum): "at most \(maximum) dump files in one import"
        case .noSuchDump(let index, let folder): "files[\(index)] is not a file in the server's dumps folder (\(folder)/)"
        case .noSuchSuggestion: "choose a suggestion the job made"
        }
    }
}

/// What this installation cannot do, as it is configured: a refusal its operator can act on.
public enum UnavailableError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The use case needs the network and the providers run offline (`BOOKSTRACK_OFFLINE`).
    case offline(needs: String)
    /// Neither Gemini nor tesseract can read shelf photos here; `problem` says what is missing.
    case noShelfReader(problem: String)

    public var description: String {
        switch self {
        case .offline(let needs): "\(needs) needs the network, and BooksTrack runs offline here (offline mode, BOOKSTRACK_OFFLINE)"
        case .noShelfReader(let problem): "shelf photos cannot be read: \(problem)"
        }
    }
}
