import BooksTrackApp
import BooksTrackCatalog
import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import Foundation
import Synchronization
import BooksTrackServices
import BooksTrackConcurrency

/// What each kind of job needs to run, kept as the job's input so a restart can run it again.
enum JobInputs {
    /// An uploaded library file and the import's options.
    struct Import: Codable, Sendable {
        var file: String
        var format: String?
        var dryRun: Bool
        var overwrite: Bool
        /// A column mapping (`title=…,author=…`) for a CSV no importer knows, checked when the job starts.
        var mapping: String?

        var options: ImportOptions {
            ImportOptions(format: format.flatMap(ImportFormat.init(rawValue:)), dryRun: dryRun, overwrite: overwrite,
                          mapping: mapping.flatMap { try? ColumnMapping(parsing: $0) })
        }

        /// The mapping read, so that one that cannot be read is refused now rather than ignored.
        func checkedMapping() throws -> ColumnMapping? {
            try mapping.map { try ColumnMapping(parsing: $0) }
        }
    }

    /// Nothing: the photos to convert are those without a thumbnail when the job runs.
    struct PhotoConversion: Codable, Sendable {}

    /// The library's queued books (`limit`, `force`), or a list of books sent to be looked up.
    struct Enrichment: Codable, Sendable {
        /// Books sent to be looked up: nothing is saved, the job's result says what was found.
        var books: [BookLookupQuestion]?
        var limit: Int?
        var force: Bool
    }

    /// Authors to ask Wikidata about: one by name, else those missing details.
    struct AuthorSuggestions: Codable, Sendable {
        var author: String?
        var limit: Int
        var apply: Bool
    }

    /// A shelf photo already kept: its scan is recognized (again, after a restart).
    struct ShelfScan: Codable, Sendable {
        var scan: String
    }

    /// Dump files in the server's dumps folder, imported in order.
    struct CatalogImport: Codable, Sendable {
        var files: [String]
        var restart: Bool
    }
}

/// What a finished job produced, by kind.
enum JobResults {
    struct Lookups: Codable, Sendable {
        var books: [BookLookupResult]
    }

    struct CatalogImports: Codable, Sendable {
        var files: [CatalogImportResult]
    }
}

/// Starts and resumes the server's jobs: imports, enrichment batches, author suggestions and
/// catalog imports. Each is stored with its input before it starts, runs off the request on the
/// `JobRunner`, and is run again from its input after a restart (each kind's work is idempotent:
/// imports match what they already added, enrichment fills only empty fields, suggestions fill
/// only empty fields, a catalog import resumes from its last batch).
struct ServerJobs: Sendable {
    let runner: JobRunner
    let store: any JobStore
    /// Uploaded import files, kept until their job ends.
    let uploads: URL
    /// Where an administrator puts Open Library dumps for the catalog to import.
    let dumps: URL
    let library: @Sendable (User) -> UserLibrary
    let search: SearchService
    /// Wikidata; nil when the server runs offline.
    let authorDetails: (any AuthorDetailsSource)?
    /// The server's offline catalog (the one its stats are read from).
    let catalog: CatalogDatabase
    /// What reads shelf photos (Gemini, else tesseract); nil when neither can run here.
    let shelfRecognizer: (any ShelfRecognizer)?
    /// Why there is no shelf recognizer, for the error that says so.
    let shelfRecognizerProblem: String
    /// Gemini, asked for the column mapping of a CSV no importer knows; nil without a key.
    let columnAdvisor: (any ColumnMappingAdvisor)?
    let now: @Sendable () -> Date
    /// One catalog import at a time: they write the same file.
    let catalogImportRunning = CatalogImportGate()

    /// Keeps the upload, checks it (a file that cannot be imported is refused now, not as a failed
    /// job), stores the job and starts it.
    func startImport(of data: Data, input: JobInputs.Import, account: Account) async throws -> Job {
        _ = try input.checkedMapping()
        // Previews nobody confirmed go before another file comes in.
        try? await sweepUploads()
        var input = input
        let id = Job.ID()
        let file = uploads.appendingPathComponent("\(id).upload")
        input.file = file.lastPathComponent
        // Writing and reading through up to 50 MB happens on a thread of its own, not on one of
        // the cooperative pool's two.
        let uploads = uploads
        let check = { (options: ImportOptions) in
            try await OwnThread.run(name: "bookstrack upload check") { _ = try ImportService.check(file, options: options) }
        }
        try await OwnThread.run(name: "bookstrack upload") {
            try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
            try data.write(to: file, options: [.atomic])
        }
        do {
            do {
                try await check(input.options)
            } catch let error as ImportError {
                // A file like one this reader mapped before is read with that mapping.
                guard case .unknownFormat = error, input.mapping == nil else { throw error }
                guard let remembered = try await library(account.user).imports.rememberedMapping(for: file) else {
                    throw await error.advised(by: columnAdvisor)
                }
                input.mapping = remembered.text
                try await check(input.options)
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        do {
            return try await start(.import, input: input, id: id, account: account)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }

    /// How long a preview's upload waits for the reader to confirm it.
    static let previewLifetime: TimeInterval = 24 * 3_600

    /// Imports for real the file a finished preview read, without sending it again: the preview's
    /// upload becomes the new job's, read with the format the preview found. A preview confirmed
    /// once, older than a day, or not a finished preview of this account is refused.
    func confirmImport(_ previewID: Job.ID, account: Account) async throws -> Job {
        guard let preview = try await store.job(previewID, owner: account.user.id), preview.kind == .import else {
            throw APIError.notFound
        }
        let previewInput = try JSONDecoder().decode(JobInputs.Import.self, from: Data(preview.input.utf8))
        guard previewInput.dryRun, preview.status == .succeeded else {
            throw APIError(.conflict, code: "NOT_A_PREVIEW", "only a finished preview can be confirmed")
        }
        let uploaded = uploads.appendingPathComponent(previewInput.file)
        guard now().timeIntervalSince(preview.dateUpdated) < Self.previewLifetime, FileManager.default.fileExists(atPath: uploaded.path) else {
            throw APIError(.gone, code: "PREVIEW_GONE", "the previewed file is no longer kept (a day, once); upload it again")
        }
        let found = JobRoutes.JobJSON(preview).report?.format
        let id = Job.ID()
        let file = uploads.appendingPathComponent("\(id).upload")
        // A rename: a second confirmation finds no file, so one preview imports once.
        do {
            try FileManager.default.moveItem(at: uploaded, to: file)
        } catch {
            throw APIError(.gone, code: "PREVIEW_GONE", "the previewed file is no longer kept (a day, once); upload it again")
        }
        let input = JobInputs.Import(file: file.lastPathComponent, format: found ?? previewInput.format, dryRun: false, overwrite: previewInput.overwrite,
                                     mapping: previewInput.mapping)
        do {
            return try await start(.import, input: input, id: id, account: account)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }

    /// Removes uploads of previews nobody confirmed within a day (and any other upload no
    /// unfinished job reads).
    func sweepUploads() async throws {
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
    func startEnrichment(_ input: JobInputs.Enrichment, id: Job.ID?, account: Account) async throws -> Job {
        if let books = input.books { try SearchService.checkLookups(books) }
        return try await start(.enrichment, input: input, id: id ?? Job.ID(), account: account)
    }

    func startAuthorSuggestions(_ input: JobInputs.AuthorSuggestions, account: Account) async throws -> Job {
        guard authorDetails != nil else {
            // The server's configuration, not a failure of it: a 4xx the operator can act on.
            throw APIError(.conflict, code: "OFFLINE", "asking Wikidata needs the network, and the server runs offline (BOOKSTRACK_OFFLINE)")
        }
        if let name = input.author { _ = try await library(account.user).authors.author(named: name) }
        return try await start(.authorSuggestions, input: input, id: Job.ID(), account: account)
    }

    /// Keeps the shelf photo (refused now if it is not one), stores the job and starts it: the
    /// photo is recognized, each book matched and queued for review. `id` is the seed's `jobId`.
    func startShelfScan(photo: Data, keepOriginal: Bool = false, id: Job.ID?, account: Account) async throws -> (Job, BooksTrackCore.ShelfScan) {
        guard shelfRecognizer != nil else {
            throw APIError(.conflict, code: "SCANNER_NOT_CONFIGURED", "shelf photos cannot be read here: \(shelfRecognizerProblem)")
        }
        let id = id ?? Job.ID()
        if try await store.job(id, owner: account.user.id) != nil { throw JobError.idTaken(id) }
        let scan = try await library(account.user).scans.keep(photo: photo, keepOriginal: keepOriginal)
        return (try await start(.shelfScan, input: JobInputs.ShelfScan(scan: scan.id.description), id: id, account: account), scan)
    }

    /// Checks that every file is a regular file in the dumps folder, then starts the import. One
    /// catalog import runs at a time.
    func startCatalogImport(_ input: JobInputs.CatalogImport, account: Account) async throws -> Job {
        guard account.isAdmin else {
            throw APIError(.forbidden, code: "ADMIN_ONLY", "only an administrator imports into the server's catalog")
        }
        _ = try dumpFiles(input.files)
        guard catalogImportRunning.enter() else {
            throw APIError(.conflict, code: "CATALOG_IMPORT_RUNNING", "a catalog import is already running; wait for it or cancel it")
        }
        do {
            return try await start(.catalogImport, input: input, id: Job.ID(), account: account)
        } catch {
            catalogImportRunning.leave()
            throw error
        }
    }

    /// The dumps folder's files named in a catalog import: plain names, no folders, each a regular
    /// file. A name that leaves the folder is refused like one that is not there.
    func dumpFiles(_ names: [String]) throws -> [URL] {
        guard !names.isEmpty else { throw APIError.invalid(field: "files", "name at least one dump file", code: "MISSING_FIELD") }
        guard names.count <= 20 else { throw APIError.invalid(field: "files", "at most 20 dump files in one import", code: "OUT_OF_RANGE") }
        return try names.enumerated().map { index, name in
            let url = dumps.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard !name.isEmpty, name.count <= 255, !name.contains("/"), !name.contains("\0"), !name.hasPrefix("."),
                  FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue
            else {
                throw APIError(.badRequest, code: "NO_SUCH_DUMP", "files[\(index)] is not a file in the server's dumps folder (\(dumps.lastPathComponent)/)",
                               details: ["field": "files[\(index)]"])
            }
            return url
        }
    }

    /// Resumes the jobs a stopped server left queued or running; one that cannot run again (its
    /// upload is gone, its input unreadable) is marked failed with the reason.
    func resume(users: [User]) async throws {
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
    }

    private func start(_ kind: Job.Kind, input: some Encodable, id: Job.ID, account: Account) async throws -> Job {
        try await start(kind, input: input, id: id, user: account.user)
    }

    private func start(_ kind: Job.Kind, input: some Encodable, id: Job.ID, user: User) async throws -> Job {
        var job = Job(kind: kind, input: String(decoding: try JSONEncoder().encode(input), as: UTF8.self), now: now())
        job.id = id
        let work = try work(for: job, user: user)
        try await store.add(job, owner: user.id)
        runner.start(job, owner: user.id, work: work)
        return job
    }

    /// Starts converting the page photos each user kept before processing, for the users who
    /// have any and no such job unfinished. Answers the jobs started.
    @discardableResult
    func convertUnprocessedPhotos(users: [User]) async throws -> [Job] {
        let unfinished = Set(try await store.unfinishedJobs().filter { $0.job.kind == .photoConversion }.map(\.owner))
        var started: [Job] = []
        for user in users where !unfinished.contains(user.id) {
            guard try await library(user).library.unprocessedPhotoCount() > 0 else { continue }
            started.append(try await start(.photoConversion, input: JobInputs.PhotoConversion(), id: Job.ID(), user: user))
        }
        return started
    }

    /// The work of a stored job, from its input.
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
                return try Self.json(ImportReport(summary))
            }
        case .enrichment:
            let input = try decoder.decode(JobInputs.Enrichment.self, from: data)
            let search = search
            if let books = input.books {
                return { context in
                    let results = try await search.lookUp(books, progress: context.progress, isCancelled: context.isCancelled)
                    return try Self.json(JobResults.Lookups(books: results))
                }
            }
            let enricher = library(user).enricher(search)
            return { context in
                let run = try await enricher.runAndCount(
                    limit: input.limit, force: input.force, progress: context.progress, isCancelled: context.isCancelled)
                return try Self.json(EnrichmentReport(run))
            }
        case .photoConversion:
            let library = library(user).library
            return { context in
                try Self.json(try await library.convertUnprocessedPhotos(progress: context.progress, isCancelled: context.isCancelled))
            }
        case .shelfScan:
            let input = try decoder.decode(JobInputs.ShelfScan.self, from: data)
            guard let scanID = BooksTrackCore.ShelfScan.ID(uuidString: input.scan), let recognizer = shelfRecognizer else {
                throw CocoaError(.featureUnsupported)
            }
            let scans = library(user).scans
            let search = search
            return { context in
                context.report(0, 1, ScanService.Stage.stored.rawValue)
                let report = try await scans.recognize(
                    scanID, with: recognizer, matcher: search,
                    // Every event carries its stage, so the newest one alone says where the scan is.
                    progress: { stage, done, total in context.report(done, total, stage.rawValue) }, isCancelled: context.isCancelled)
                return try Self.json(report)
            }
        case .authorSuggestions:
            let input = try decoder.decode(JobInputs.AuthorSuggestions.self, from: data)
            guard let source = authorDetails else { throw CocoaError(.featureUnsupported) }
            let authors = library(user).authors
            return { context in
                let run = try await authors.suggest(
                    named: input.author, maximum: input.limit, apply: input.apply, source: source,
                    progress: context.progress, isCancelled: context.isCancelled)
                return try Self.json(AuthorSuggestionsReport(run))
            }
        case .catalogImport:
            let input = try decoder.decode(JobInputs.CatalogImport.self, from: data)
            let files = try dumpFiles(input.files)
            let catalog = catalog
            let gate = catalogImportRunning
            return { context in
                defer { gate.leave() }
                // The dump reader and the writer are blocking code: they run on a thread of their own.
                let results = try await OwnThread.run(name: "bookstrack catalog import") {
                    try Self.importDumps(files, restart: input.restart, into: catalog, context: context)
                }
                return try Self.json(JobResults.CatalogImports(files: results))
            }
        }
    }

    /// Imports each dump in turn; progress is bytes read over the files' total size.
    private static func importDumps(
        _ files: [URL], restart: Bool, into catalog: CatalogDatabase, context: JobRunner.Context
    ) throws -> [CatalogImportResult] {
        try catalog.loadSeedIfNeeded()
        let sizes = files.map { url in ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.int64Value ?? 0 }
        let total = sizes.reduce(0, +)
        var done: Int64 = 0
        var results: [CatalogImportResult] = []
        for (file, size) in zip(files, sizes) {
            let summary = try catalog.importOpenLibraryDump(at: file, options: CatalogImportOptions(restart: restart)) { progress in
                context.progress(Self.kilobytes(done + progress.bytesRead), Self.kilobytes(total))
                return !context.isCancelled()
            }
            results.append(CatalogImportResult(summary))
            if summary.outcome == .stopped { throw CancellationError() }
            done += size
        }
        return results
    }

    /// Progress of a catalog import is counted in kilobytes, so a 10 GB dump fits any client's integers.
    private static func kilobytes(_ bytes: Int64) -> Int {
        Int(bytes / 1_024)
    }

    /// A result as stored (Foundation's default encoding; `JobJSON` decodes it the same way).
    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
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
