import BooksTrackCatalog
import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket

/// Jobs: imports (the upload is kept, checked and answered at once with the job, 202), enrichment
/// batches, author suggestions and catalog imports run off the request; their progress is
/// readable by polling `GET /v1/jobs/{id}` and pushed over `GET /ws/progress?jobId=` to the job's
/// owner only.
enum JobRoutes {
    /// A job as the API answers it, with what it produced once it has: an import's report, an
    /// enrichment's report or lookups, the authors' suggestions, the catalog files imported.
    struct JobJSON: Codable, Sendable {
        var id: String
        var kind: Job.Kind
        var status: Job.Status
        var processed: Int
        var total: Int
        var message: String?
        var report: ImportReport?
        var enrichment: EnrichmentReport?
        var lookups: [BookLookupResult]?
        var authors: AuthorSuggestionsReport?
        var catalog: [CatalogImportResult]?
        var photos: PhotoConversionReport?
        var scan: ScanReport?
        var dateCreated: Date
        var dateUpdated: Date

        init(_ job: Job) {
            id = job.id.description
            kind = job.kind
            status = job.status
            processed = job.processed
            total = job.total
            message = job.message
            dateCreated = job.dateCreated
            dateUpdated = job.dateUpdated
            let products = JobProducts(job)
            report = products.report
            enrichment = products.enrichment
            lookups = products.lookups
            authors = products.authors
            catalog = products.catalog
            photos = products.photos
            scan = products.scan
        }
    }

    /// `POST /v1/enrichment/batch` (and the seed's `POST /api/enrichment/start`): `books` to look
    /// up, or the library's queued books (`limit`, `force`); `workIds` is the seed's list of ISBNs
    /// or titles; `jobId` lets a client choose the job's ID, as the seed's clients do.
    struct EnrichmentRequest: Codable, Sendable {
        var books: [BookLookupQuestion]?
        var workIds: [String]?
        var limit: Int?
        var force: Bool?
        var jobId: String?
    }

    struct AuthorSuggestionsRequest: Codable, Sendable {
        var author: String?
        var limit: Int?
        var apply: Bool?
    }

    struct CatalogImportRequest: Codable, Sendable {
        var files: [String]
        var restart: Bool?
    }

    static let routes: [APIRoute] = [
        APIRoute(.post, "/v1/imports", .account, query: ["format", "dryRun", "overwrite", "mapping"], takesUpload: true) { request, context, services in
            let account = try context.requireAccount()
            var input = JobInputs.Import(file: "", format: nil, dryRun: try request.flag("dryRun") ?? false, overwrite: try request.flag("overwrite") ?? false,
                                         mapping: request.query("mapping").flatMap { $0.isEmpty ? nil : $0 })
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
                throw APIError(.contentTooLarge, code: "FILE_TOO_LARGE", "an import file is at most \(ByteCountText.megabytes(limit))", details: ["limit": "\(limit)"])
            }
            let job = try await services.jobs.startImport(of: Data(body.readableBytesView), input: input, user: account.user)
            return try JSONBody.success(JobJSON(job), context: context, status: .accepted)
        },
        APIRoute(.post, "/v1/enrichment/batch", .account) { request, context, services in
            try await startEnrichment(request, context, services)
        },
        // The seed's first path, kept with a sunset date.
        APIRoute(.post, "/api/enrichment/start", .account, deprecated: true, successor: "/v1/enrichment/batch") { request, context, services in
            try await startEnrichment(request, context, services)
        },
        APIRoute(.post, "/v1/authors/suggestions", .account) { request, context, services in
            let body = try await JSONBody.decode(AuthorSuggestionsRequest.self, from: request, limit: services.configuration.jsonBodyLimit)
            let limit = body.limit ?? 25
            guard Bounds.authorsAsked.contains(limit) else {
                throw APIError.invalid(field: "limit", "limit is from \(Bounds.authorsAsked.lowerBound) to \(Bounds.authorsAsked.upperBound) authors", code: "OUT_OF_RANGE")
            }
            let input = JobInputs.AuthorSuggestions(author: body.author, limit: limit, apply: body.apply ?? false)
            let job = try await services.jobs.startAuthorSuggestions(input, user: try context.requireAccount().user)
            return try JSONBody.success(JobJSON(job), context: context, status: .accepted)
        },
        APIRoute(.post, "/v1/catalog/imports", .account) { request, context, services in
            let body = try await JSONBody.decode(CatalogImportRequest.self, from: request, limit: services.configuration.jsonBodyLimit)
            let input = JobInputs.CatalogImport(files: body.files, restart: body.restart ?? false)
            let job = try await services.jobs.startCatalogImport(input, account: try context.requireAccount())
            return try JSONBody.success(JobJSON(job), context: context, status: .accepted)
        },
        APIRoute(.get, "/v1/jobs", .account) { _, context, services in
            let jobs = try await services.jobs.jobs(of: try context.requireAccount().user)
            return try JSONBody.success(jobs.map(JobJSON.init), context: context)
        },
        APIRoute(.get, "/v1/jobs/:id", .account) { _, context, services in
            try JSONBody.success(JobJSON(try await ownedJob(context, services)), context: context)
        },
        APIRoute(.delete, "/v1/jobs/:id", .account) { _, context, services in
            let job = try await services.jobs.cancel(try context.id("id"), of: try context.requireAccount().user)
            return try JSONBody.success(JobJSON(job), context: context, status: .accepted)
        },
        // Reached without an upgrade, or after a refused one: says why.
        APIRoute(.get, "/ws/progress", .account, query: ["jobId"]) { request, context, services in
            _ = try await ProgressSocket.authorize(request, account: context.account, services: services)
            throw APIError(.upgradeRequired, code: "UPGRADE_REQUIRED", "open this route as a WebSocket, or poll GET /v1/jobs/{id}")
        },
    ]

    /// The largest enrichment request: 500 books of a 512-character title and author each.
    static let enrichmentBodyLimit = 1 << 20

    private static func startEnrichment(_ request: Request, _ context: APIContext, _ services: ServerServices) async throws -> Response {
        let body = try await JSONBody.decode(EnrichmentRequest.self, from: request, limit: enrichmentBodyLimit)
        let id = try body.jobId.map { text in
            guard let id = Job.ID(uuidString: text) else { throw APIError.invalid(field: "jobId", "jobId is a UUID", code: "INVALID_FIELD") }
            return id
        }
        var books = body.books
        if let workIds = body.workIds {
            guard books == nil else { throw APIError.invalid(field: "workIds", "send books or workIds, not both") }
            // The seed's clients send each book as its ISBN, or its title when it has none.
            books = workIds.map { ISBN($0) != nil ? BookLookupQuestion(isbn: $0) : BookLookupQuestion(title: $0) }
        }
        if books != nil, body.limit != nil || body.force != nil {
            throw APIError.invalid(field: "limit", "limit and force choose among the library's queued books; a list of books is looked up whole")
        }
        if let limit = body.limit, !Bounds.enrichmentBatch.contains(limit) {
            throw APIError.invalid(field: "limit", "limit is from \(Bounds.enrichmentBatch.lowerBound) to \(Bounds.enrichmentBatch.upperBound) books", code: "OUT_OF_RANGE")
        }
        let input = JobInputs.Enrichment(books: books, limit: body.limit, force: body.force ?? false)
        let job = try await services.jobs.startEnrichment(input, id: id, user: try context.requireAccount().user)
        return try JSONBody.success(JobJSON(job), context: context, status: .accepted)
    }

    static func ownedJob(_ context: APIContext, _ services: ServerServices) async throws -> Job {
        let account = try context.requireAccount()
        return try await services.jobs.job(try context.id("id"), of: account.user)
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
        guard let text = request.query("jobId"), let id = Job.ID(uuidString: text) else { throw APIError.notFound }
        // Another user's job is not found, as a made-up ID is (`JobError.notFound`).
        return (account, try await services.jobs.job(id, of: account.user))
    }

    /// The account of an API token, or of the web app's session cookie. A browser always says
    /// which page opens a socket (`Origin`, checked in `authorize`): a cookie without it is refused.
    static func socketAccount(_ request: Request, services: ServerServices) async throws -> Account? {
        if let account = try await services.bearerAccount(request) { return account }
        guard request.headers[.origin] != nil, let secret = request.cookies[BrowserCookie.name]?.value else { return nil }
        return try await services.accounts.session(secret: secret)?.account
    }

    /// Adds the WebSocket route to a router of its own.
    static func router(services: ServerServices) -> Router<SocketContext> {
        let router = Router(context: SocketContext.self)
        router.ws("/ws/progress") { request, _ in
            // Refused with an answer (400) whatever went wrong: an error thrown here would close
            // the connection unanswered, and a client waiting for the answer waits on.
            guard let account = try? await socketAccount(request, services: services),
                  (try? await authorize(request, account: account, services: services)) != nil
            else { return .dontUpgrade }
            return .upgrade([:])
        } onUpgrade: { _, outbound, context in
            guard let account = try? await socketAccount(context.request, services: services),
                  let (_, job) = try? await authorize(context.request, account: account, services: services)
            else { return }
            let encoder = JSONEncoder()
            for await event in await services.jobs.events(of: job, owner: account.user) {
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
