import BooksTrackCatalog
import BooksTrackConcurrency
import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import Foundation
import Synchronization

/// The long-running use cases as jobs: imports, enrichment batches, author suggestions, shelf
/// scans, photo conversions and catalog imports. Each is checked, stored with its input before it
/// starts, run off the request by the `JobRunner` (which stores its progress and forwards it), and
/// run again from its input after a restart (each kind's work is idempotent: imports match what
/// they already added, enrichment and suggestions fill only empty fields, a catalog import resumes
/// from its last batch). What a job does is the same use case the terminal runs inline.
public struct JobService: Sendable {
    public let runner: JobRunner
    private let store: any JobStore
    /// Uploaded import files, kept until their job ends.
    private let uploads: URL
    /// Where an administrator puts Open Library dumps for the catalog to import.
    private let dumps: URL
    private let library: @Sendable (User) -> UserLibrary
    private let users: @Sendable () async throws -> [User]
    private let search: SearchService
    private let catalog: CatalogService
    /// Wikidata, or why it cannot be asked here (offline).
    private let authorDetails: Result<any AuthorDetailsSource, UnavailableError>
    /// What reads shelf photos (Gemini, else tesseract), or why neither can run here.
    public let shelfReader: Result<any ShelfRecognizer, UnavailableError>
    /// Gemini, asked for the column mapping of a CSV no importer knows; nil without a key.
    private let columnAdvisor: (any ColumnMappingAdvisor)?
    private let now: @Sendable () -> Date
    /// One catalog import at a time: they write the same file.
    private let catalogImportRunning = CatalogImportGate()

    /// How long a preview's upload waits for the reader to confirm it.
    public static let previewLifetime: TimeInterval = 24 * 3_600
    /// The most dump files one catalog import names.
    public static let maximumDumpFiles = 20

    public init(
        store: any JobStore, uploads: URL, dumps: URL, library: @escaping @Sendable (User) -> UserLibrary,
        users: @escaping @Sendable () async throws -> [User], search: SearchService, catalog: CatalogService,
        authorDetails: Result<any AuthorDetailsSource, UnavailableError>, shelfReader: Result<any ShelfRecognizer, UnavailableError>,
        columnAdvisor: (any ColumnMappingAdvisor)?, now: @escaping @Sendable () -> Date
    ) {
        runner = JobRunner(store: store, now: now)
        self.store = store
        self.uploads = uploads
        self.dumps = dumps
        self.library = library
        self.users = users
        self.search = search
        self.catalog = catalog
        self.authorDetails = authorDetails
        self.shelfReader = shelfReader
        self.columnAdvisor = columnAdvisor
        self.now = now
    }

    // MARK: Reading and stopping jobs

    /// The user's job; `JobError.notFound` for one that is not theirs.
    public func job(_ id: Job.ID, of user: User) async throws -> Job {
        guard let job = try await store.job(id, owner: user.id) else { throw JobError.notFound(id) }
        return job
    }

    /// The user's jobs, newest first.
    public func jobs(of user: User, limit: Int = 100) async throws -> [Job] {
        try await store.jobs(owner: user.id, limit: limit)
    }

    /// Asks the user's running job to stop after its current step; a finished one is refused.
    @discardableResult
    public func cancel(_ id: Job.ID, of user: User) async throws -> Job {
        let job = try await job(id, of: user)
        guard !job.status.isFinished else { throw JobError.alreadyFinished(job.status) }
        runner.cancel(job.id, owner: user.id)
        return job
    }

    /// The job's events from now on, starting with its latest; ends when the job ends.
    public func events(of job: Job, owner user: User) async -> AsyncStream<JobEvent> {
        await runner.events(of: job, owner: user.id)
    }

    // MARK: Starting jobs

    /// Keeps the upload, checks it as the terminal does (a file that cannot be imported is
    /// refused now, not as a failed job), stores the job and starts it.
    public func startImport(of data: Data, input: JobInputs.Import, user: User) async throws -> Job {
        _ = try input.checkedMapping()
        // Previews nobody confirmed go before another file comes in.
        try? await sweepUploads()
        var input = input
        let id = Job.ID()
        let file = uploads.appendingPathComponent("\(id).upload")
        input.file = file.lastPathComponent
        // Writing through up to 50 MB happens on a thread of its own, not on one of the pool's two.
        let uploads = uploads
        try await OwnThread.run(name: "bookstrack upload") {
            try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
            try data.write(to: file, options: [.atomic])
        }
        do {
            let checked = try await library(user).imports.check(file, options: input.options, advisor: columnAdvisor)
            if let remembered = checked.rememberedMapping { input.mapping = remembered.text }
            return try await start(.import, input: input, id: id, user: user)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }

    /// Imports for real the file a finished preview read, without sending it again: the preview's
    /// upload becomes the new job's, read with the format the preview found. A preview confirmed
    /// once, older than a day, or not a finished preview of this user's is refused.
    public func confirmImport(_ previewID: Job.ID, user: User) async throws -> Job {
        let preview = try await job(previewID, of: user)
        guard preview.kind == .import else { throw JobError.notFound(previewID) }
        let previewInput = try JSONDecoder().decode(JobInputs.Import.self, from: Data(preview.input.utf8))
        guard previewInput.dryRun, preview.status == .succeeded else { throw JobError.notAPreview }
        let uploaded = uploads.appendingPathComponent(previewInput.file)
        guard now().timeIntervalSince(preview.dateUpdated) < Self.previewLifetime, FileManager.default.fileExists(atPath: uploaded.path) else {
            throw JobError.previewGone
        }
        let found = JobProducts(preview).report?.format
        let id = Job.ID()
        let file = uploads.appendingPathComponent("\(id).upload")
        // A rename: a second confirmation finds no file, so one preview imports once.
        do {
            try FileManager.default.moveItem(at: uploaded, to: file)
        } catch {
            throw JobError.previewGone
        }
        let input = JobInputs.Import(file: file.lastPathComponent, format: found ?? previewInput.format, dryRun: false, overwrite: previewInput.overwrite,
                                     mapping: previewInput.mapping)
        do {
            return try await start(.import, input: input, id: id, user: user)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }

    /// Removes uploads of previews nobody confirmed within a day (and any other upload no
    /// unfinished job reads).
    public func sweepUploads() async throws {
        let live = Set(try await store.unfinishedJobs().map { "\($0.job.id).upload" })
        // Files carry the system's clock in their dates, so the cutoff is read from it too.
        let cutoff = Date().addingTimeInterval(-Self.previewLifetime)
        let uploads = uploads
        try await OwnThread.run(name: "bookstrack upload sweep") {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: uploads.path)) ?? []
            for name in names where name.hasSuffix(".upload") && !live.contains(name) {
                let file = uploads.appendingPathComponent(name)
                let modified = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? .distantPast
                if modified < cutoff { try? FileManager.default.removeItem(at: file) }
            }
        }
    }

    /// Checks the input (a batch that cannot run is refused now), stores the job and starts it.
    public func startEnrichment(_ input: JobInputs.Enrichment, id: Job.ID?, user: User) async throws -> Job {
        if let books = input.books { try SearchService.checkLookups(books) }
        return try await start(.enrichment, input: input, id: id ?? Job.ID(), user: user)
    }

    /// Refused at once when Wikidata cannot be asked here, or the author named is not in the library.
    public func startAuthorSuggestions(_ input: JobInputs.AuthorSuggestions, user: User) async throws -> Job {
        _ = try authorDetails.get()
        if let name = input.author { _ = try await library(user).authors.author(named: name) }
        return try await start(.authorSuggestions, input: input, id: Job.ID(), user: user)
    }

    /// Keeps the shelf photo (refused now if it is not one), stores the job and starts it: the
    /// photo is recognized, each book matched and queued for review. `id` is the seed's `jobId`.
    public func startShelfScan(photo: Data, keepOriginal: Bool = false, id: Job.ID?, user: User) async throws -> (Job, ShelfScan) {
        _ = try shelfReader.get()
        let id = id ?? Job.ID()
        if try await store.job(id, owner: user.id) != nil { throw JobError.idTaken(id) }
        let scan = try await library(user).scans.keep(photo: photo, keepOriginal: keepOriginal)
        return (try await start(.shelfScan, input: JobInputs.ShelfScan(scan: scan.id.description), id: id, user: user), scan)
    }

    /// Checks that every file is a regular file in the dumps folder, then starts the import: only
    /// an administrator imports into the server's catalog, one import at a time.
    public func startCatalogImport(_ input: JobInputs.CatalogImport, account: Account) async throws -> Job {
        guard account.isAdmin else { throw AccountError.adminOnly }
        _ = try dumpFiles(input.files)
        guard catalogImportRunning.enter() else { throw JobError.catalogImportRunning }
        do {
            return try await start(.catalogImport, input: input, id: Job.ID(), user: account.user)
        } catch {
            catalogImportRunning.leave()
            throw error
        }
    }

    /// The dumps folder's files named in a catalog import: plain names, no folders, each a regular
    /// file. A name that leaves the folder is refused like one that is not there.
    func dumpFiles(_ names: [String]) throws -> [URL] {
        guard !names.isEmpty else { throw JobError.noDumpFiles }
        guard names.count <= Self.maximumDumpFiles else { throw JobError.tooManyDumpFiles(maximum: Self.maximumDumpFiles) }
        return try names.enumerated().map { index, name in
            let url = dumps.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard !name.isEmpty, name.count <= 255, !name.contains("/"), !name.contains("\0"), !name.hasPrefix("."),
                  FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue
            else { throw JobError.noSuchDump(index: index, folder: dumps.lastPathComponent) }
            return url
        }
    }

    /// Accepts suggestions of a finished author-suggestions job: the one for `authorID`, or all
    /// of them (nil). What the job found is read from the job itself, never from the caller.
    /// Answers how many were accepted (an author removed since is passed over); all are saved in
    /// one transaction. A suggestion the job did not make is refused.
    public func acceptSuggestions(of jobID: Job.ID, authorID: String?, user: User) async throws -> Int {
        let job = try await job(jobID, of: user)
        guard job.kind == .authorSuggestions, let report = JobProducts(job).authors else { throw JobError.notFound(jobID) }
        let chosen = report.authors.filter { authorID == nil || $0.authorID == authorID }
        guard !chosen.isEmpty else { throw JobError.noSuchSuggestion }
        let accepted = chosen.compactMap { item in
            item.suggestion.flatMap { suggestion in Author.ID(uuidString: item.authorID).map { (suggestion, $0) } }
        }
        return try await library(user).authors.accept(accepted)
    }

    // MARK: Restarts

    /// Resumes the jobs a stopped server left queued or running; one that cannot run again (its
    /// upload is gone, its input unreadable) is marked failed with the reason. Then starts
    /// converting the page photos kept before they were processed.
    public func resume() async throws {
        let users = try await users()
        try await sweepUploads()
        for (job, owner) in try await store.unfinishedJobs() {
            var job = job
            let work = users.first(where: { $0.id == owner }).flatMap { try? self.work(for: job, user: $0) }
            // One catalog import at a time: a second one left unfinished is failed, not left "running".
            let blocked = work != nil && job.kind == .catalogImport && !catalogImportRunning.enter()
            guard let work, !blocked else {
                job.status = .failed
                job.message = blocked
                    ? "the server stopped during the job, and another catalog import was resumed first; start it again once that one ends"
                    : job.kind == .import
                    ? "the server stopped during the job and its upload is gone; start the import again"
                    : "the server stopped during the job and it could not be started again; start it again"
                job.dateUpdated = now()
                try await store.update(job, owner: owner)
                continue
            }
            job.status = .queued
            job.message = "resumed after a restart"
            runner.start(job, owner: owner, work: work)
        }
        try await convertUnprocessedPhotos(users: users)
    }

    /// Starts converting the page photos each user kept before processing, for the users who
    /// have any and no such job unfinished. Answers the jobs started.
    @discardableResult
    public func convertUnprocessedPhotos(users: [User]) async throws -> [Job] {
        let unfinished = Set(try await store.unfinishedJobs().filter { $0.job.kind == .photoConversion }.map(\.owner))
        var started: [Job] = []
        for user in users where !unfinished.contains(user.id) {
            guard try await library(user).library.unprocessedPhotoCount() > 0 else { continue }
            started.append(try await start(.photoConversion, input: JobInputs.PhotoConversion(), id: Job.ID(), user: user))
        }
        return started
    }

    private func start(_ kind: Job.Kind, input: some Encodable, id: Job.ID, user: User) async throws -> Job {
        var job = Job(kind: kind, input: try JobProducts.json(input), now: now())
        job.id = id
        let work = try work(for: job, user: user)
        try await store.add(job, owner: user.id)
        runner.start(job, owner: user.id, work: work)
        return job
    }

    /// The work of a stored job, from its input: the use case the terminal runs, with the job's
    /// progress and cancellation.
    private func work(for job: Job, user: User) throws -> @Sendable (JobRunner.Context) async throws -> String? {
        let data = Data(job.input.utf8)
        let decoder = JSONDecoder()
        switch job.kind {
        case .import:
            let input = try decoder.decode(JobInputs.Import.self, from: data)
            let file = uploads.appendingPathComponent(input.file)
            guard FileManager.default.fileExists(atPath: file.path) else { throw CocoaError(.fileNoSuchFile) }
            let imports = library(user).imports
            return { context in
                // A preview keeps its upload for the import that confirms it (`confirmImport`).
                defer { if !input.dryRun { try? FileManager.default.removeItem(at: file) } }
                let summary = try await imports.importFile(
                    at: file, options: input.options, progress: { context.progress($0.processed, $0.total) }, isCancelled: context.isCancelled)
                return try JobProducts.json(ImportReport(summary))
            }
        case .enrichment:
            let input = try decoder.decode(JobInputs.Enrichment.self, from: data)
            let search = search
            if let books = input.books {
                return { context in
                    let results = try await search.lookUp(books, progress: context.progress, isCancelled: context.isCancelled)
                    return try JobProducts.json(JobProducts.Lookups(books: results))
                }
            }
            let enricher = library(user).enricher(search)
            return { context in
                let run = try await enricher.runAndCount(
                    limit: input.limit, force: input.force, progress: context.progress, isCancelled: context.isCancelled)
                return try JobProducts.json(EnrichmentReport(run))
            }
        case .photoConversion:
            let library = library(user).library
            return { context in
                try JobProducts.json(try await library.convertUnprocessedPhotos(progress: context.progress, isCancelled: context.isCancelled))
            }
        case .shelfScan:
            let input = try decoder.decode(JobInputs.ShelfScan.self, from: data)
            guard let scanID = ShelfScan.ID(uuidString: input.scan) else { throw CocoaError(.coderInvalidValue) }
            let recognizer = try shelfReader.get()
            let scans = library(user).scans
            let search = search
            return { context in
                context.report(0, 1, ScanService.Stage.stored.rawValue)
                let report = try await scans.recognize(
                    scanID, with: recognizer, matcher: search,
                    // Every event carries its stage, so the newest one alone says where the scan is.
                    progress: { stage, done, total in context.report(done, total, stage.rawValue) }, isCancelled: context.isCancelled)
                return try JobProducts.json(report)
            }
        case .authorSuggestions:
            let input = try decoder.decode(JobInputs.AuthorSuggestions.self, from: data)
            let source = try authorDetails.get()
            let authors = library(user).authors
            return { context in
                let run = try await authors.suggest(
                    named: input.author, maximum: input.limit, apply: input.apply, source: source,
                    progress: context.progress, isCancelled: context.isCancelled)
                return try JobProducts.json(AuthorSuggestionsReport(run))
            }
        case .catalogImport:
            let input = try decoder.decode(JobInputs.CatalogImport.self, from: data)
            let files = try dumpFiles(input.files)
            let catalog = catalog
            let gate = catalogImportRunning
            return { context in
                defer { gate.leave() }
                // Progress is counted in kilobytes, so a 10 GB dump fits any client's integers.
                let summaries = try await catalog.importDumps(
                    files, options: CatalogImportOptions(restart: input.restart),
                    progress: { context.progress(Int($0.bytesRead / 1_024), Int($0.totalBytes / 1_024)) }, isCancelled: context.isCancelled)
                return try JobProducts.json(JobProducts.CatalogImports(files: summaries.map(CatalogImportResult.init)))
            }
        }
    }
}

/// Whether a catalog import runs: a second one is refused while the first writes the catalog.
final class CatalogImportGate: Sendable {
    private let running = Mutex(false)

    /// Marks an import as running; false when one already is.
    func enter() -> Bool {
        running.withLock { running in
            guard !running else { return false }
            running = true
            return true
        }
    }

    func leave() {
        running.withLock { $0 = false }
    }
}
