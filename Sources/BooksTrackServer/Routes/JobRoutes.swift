import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket

/// Imports as jobs: the upload is kept, checked and answered at once with the job (202); the
/// import runs off the request; its progress is readable by polling `GET /v1/jobs/{id}` and pushed
/// over `GET /ws/progress?jobId=` to the job's owner only.
enum JobRoutes {
    /// What an import job needs to run again after a restart.
    struct ImportInput: Codable, Sendable {
        var file: String
        var format: String?
        var dryRun: Bool
        var overwrite: Bool

        var options: ImportOptions {
            ImportOptions(format: format.flatMap(ImportFormat.init(rawValue:)), dryRun: dryRun, overwrite: overwrite)
        }
    }

    /// A job as the API answers it, with the import's report once it has one.
    struct JobJSON: Codable, Sendable {
        var id: String
        var kind: Job.Kind
        var status: Job.Status
        var processed: Int
        var total: Int
        var message: String?
        var report: ImportReport?
        var dateCreated: Date
        var dateUpdated: Date

        init(_ job: Job) {
            id = job.id.description
            kind = job.kind
            status = job.status
            processed = job.processed
            total = job.total
            message = job.message
            report = job.result.flatMap { try? JSONDecoder().decode(ImportReport.self, from: Data($0.utf8)) }
            dateCreated = job.dateCreated
            dateUpdated = job.dateUpdated
        }
    }

    static let routes: [APIRoute] = [
        APIRoute(.post, "/v1/imports", .account, query: ["format", "dryRun", "overwrite"]) { request, context, services in
            let account = try context.requireAccount()
            var input = ImportInput(file: "", format: nil, dryRun: try flag("dryRun", request), overwrite: try flag("overwrite", request))
            if let format = request.query("format"), !format.isEmpty {
                guard ImportFormat(rawValue: format) != nil else {
                    throw APIError.invalid(field: "format", "format is one of " + ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))
                }
                input.format = format
            }
            let limit = ImportLimits().maxBytes
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: limit)
            } catch {
                throw APIError(.contentTooLarge, code: "FILE_TOO_LARGE", "an import file is at most \(limit) bytes", details: ["limit": "\(limit)"])
            }
            let job = try await services.jobs.startImport(of: Data(body.readableBytesView), input: input, account: account)
            return try JSONBody.success(JobJSON(job), context: context, status: .accepted)
        },
        APIRoute(.get, "/v1/jobs", .account) { _, context, services in
            let jobs = try await services.jobStore.jobs(owner: try context.requireAccount().user.id, limit: 100)
            return try JSONBody.success(jobs.map(JobJSON.init), context: context)
        },
        APIRoute(.get, "/v1/jobs/:id", .account) { _, context, services in
            try JSONBody.success(JobJSON(try await ownedJob(context, services)), context: context)
        },
        APIRoute(.delete, "/v1/jobs/:id", .account) { _, context, services in
            let job = try await ownedJob(context, services)
            guard !job.status.isFinished else {
                throw APIError(.conflict, code: "JOB_FINISHED", "the job has already \(job.status.rawValue)")
            }
            services.jobs.runner.cancel(job.id)
            return try JSONBody.success(JobJSON(job), context: context, status: .accepted)
        },
        // Reached without an upgrade, or after a refused one: says why.
        APIRoute(.get, "/ws/progress", .account, query: ["jobId"]) { request, context, services in
            _ = try await ProgressSocket.authorize(request, account: context.account, services: services)
            throw APIError(.upgradeRequired, code: "UPGRADE_REQUIRED", "open this route as a WebSocket, or poll GET /v1/jobs/{id}")
        },
    ]

    static func ownedJob(_ context: APIContext, _ services: ServerServices) async throws -> Job {
        let account = try context.requireAccount()
        guard let job = try await services.jobStore.job(try context.id("id"), owner: account.user.id) else { throw APIError.notFound }
        return job
    }

    private static func flag(_ name: String, _ request: Request) throws -> Bool {
        switch request.query(name) {
        case nil, "false", "0": return false
        case "true", "1": return true
        default: throw APIError.invalid(field: name, "\(name) is true or false")
        }
    }
}

/// Starts and resumes import jobs.
struct ImportJobs: Sendable {
    let runner: JobRunner
    let store: any JobStore
    let uploads: URL
    let library: @Sendable (User) -> UserLibrary
    let now: @Sendable () -> Date

    /// Keeps the upload, checks it (a file that cannot be imported is refused now, not as a failed
    /// job), stores the job and starts it.
    func startImport(of data: Data, input: JobRoutes.ImportInput, account: Account) async throws -> Job {
        var input = input
        let job = Job(kind: .import, input: "", now: now())
        let file = uploads.appendingPathComponent("\(job.id).upload")
        input.file = file.lastPathComponent
        // Writing and reading through up to 50 MB happens on a thread of its own, not on one of
        // the cooperative pool's two.
        let options = input.options
        let uploads = uploads
        try await OwnThread.run(name: "bookstrack upload check") {
            try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
            try data.write(to: file, options: [.atomic])
            do {
                _ = try ImportService.check(file, options: options)
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw error
            }
        }
        var stored = job
        stored.input = String(decoding: try JSONEncoder().encode(input), as: UTF8.self)
        try await store.add(stored, owner: account.user.id)
        run(stored, input: input, user: account.user)
        return stored
    }

    /// Resumes the jobs a stopped server left queued or running: an import is idempotent, so it
    /// runs again from its kept upload; one whose upload is gone is marked failed with the reason.
    func resume(users: [User]) async throws {
        for (job, owner) in try await store.unfinishedJobs() {
            var job = job
            guard let user = users.first(where: { $0.id == owner }),
                  let input = try? JSONDecoder().decode(JobRoutes.ImportInput.self, from: Data(job.input.utf8)),
                  FileManager.default.fileExists(atPath: uploads.appendingPathComponent(input.file).path)
            else {
                job.status = .failed
                job.message = "the server stopped during the job and its upload is gone; start the import again"
                job.dateUpdated = now()
                try await store.update(job)
                continue
            }
            job.status = .queued
            job.message = "resumed after a restart"
            run(job, input: input, user: user)
        }
    }

    private func run(_ job: Job, input: JobRoutes.ImportInput, user: User) {
        let imports = library(user).imports
        let file = uploads.appendingPathComponent(input.file)
        runner.start(job) { context in
            defer { try? FileManager.default.removeItem(at: file) }
            let summary = try await imports.importFile(
                at: file, options: input.options, progress: { context.progress($0.processed, $0.total) }, isCancelled: context.isCancelled)
            return String(decoding: try JSONEncoder().encode(ImportReport(summary)), as: UTF8.self)
        }
    }
}

/// `GET /ws/progress?jobId=`: the job's events as JSON text messages, to its owner only. The token
/// and the `Origin` are checked before the upgrade.
enum ProgressSocket {
    /// The account and its job, or why the request is refused.
    static func authorize(_ request: Request, account: Account?, services: ServerServices) async throws -> (Account, Job) {
        guard let account else { throw APIError.unauthorized }
        if let origin = request.headers[.origin], !services.allowsOrigin(origin, host: request.head.authority) {
            throw APIError(.forbidden, code: "ORIGIN_REFUSED", "the page's origin \(origin) is not this server's")
        }
        guard let text = request.query("jobId"), let id = Job.ID(uuidString: text),
              let job = try await services.jobStore.job(id, owner: account.user.id)
        else {
            throw APIError.notFound
        }
        return (account, job)
    }

    /// Adds the WebSocket route to a router of its own.
    static func router(services: ServerServices) -> Router<SocketContext> {
        let router = Router(context: SocketContext.self)
        router.ws("/ws/progress") { request, _ in
            let account = try await services.bearerAccount(request)
            guard (try? await authorize(request, account: account, services: services)) != nil else { return .dontUpgrade }
            return .upgrade([:])
        } onUpgrade: { _, outbound, context in
            guard let account = try await services.bearerAccount(context.request),
                  let (_, job) = try? await authorize(context.request, account: account, services: services)
            else { return }
            let encoder = JSONEncoder()
            for await event in await services.jobs.runner.events(of: job, owner: account.user.id) {
                try await outbound.write(.text(String(decoding: try encoder.encode(event), as: UTF8.self)))
            }
        }
        return router
    }
}

/// The context of the WebSocket router.
struct SocketContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<SocketContext>

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
    }
}
