import BooksTrackCore
import BooksTrackServices
import Foundation
import Hummingbird

/// Bookshelf scans and their review queue: a photo is kept and answered at once with its job
/// (202), whose progress (stored, recognizing, matching n/m) goes over `GET /ws/progress`; the
/// books seen wait as pending until accepted (added) or rejected.
enum ScanRoutes {
    /// A review item with the address of its crop.
    static func json(_ item: ReviewItem) -> ReviewItemResource {
        ReviewItemResource(item, cropURL: "/v1/review/\(item.id)/crop")
    }

    struct ScanStarted: Codable, Sendable {
        var jobId: String
        var scanId: String
        var job: JobRoutes.JobJSON
    }

    struct ScanJSON: Codable, Sendable {
        var id: String
        var width: Int
        var height: Int
        var recognizer: String?
        var photoURL: String
        var items: [ReviewItemResource]
        var dateCreated: Date
    }

    struct Queue: Codable, Sendable {
        var items: [ReviewItemResource]
        var total: Int
        var limit: Int
        var offset: Int
    }

    struct Accept: Codable, Sendable {
        var status: ReadingStatus?
    }

    struct Accepted: Codable, Sendable {
        var item: ReviewItemResource
        var book: BookResource
        var alreadyInLibrary: Bool
    }

    struct AcceptAll: Codable, Sendable {
        var minConfidence: Double
        var status: ReadingStatus?
    }

    struct Rematch: Codable, Sendable {
        var work: WorkDTO
    }

    static let routes: [APIRoute] = [
        APIRoute(.post, "/v1/scans", .account, query: ["jobId", "keepOriginal"], takesUpload: true) { request, context, services in
            try await startScan(request, context, services)
        },
        // The seed's path: the same scan, its job ID chosen by the client.
        APIRoute(.post, "/api/scan-bookshelf", .account, query: ["jobId", "keepOriginal"], takesUpload: true) { request, context, services in
            try await startScan(request, context, services)
        },
        APIRoute(.get, "/v1/scans/:id", .account) { _, context, services in
            let (scan, items) = try await scans(context, services).scan(try context.id("id"))
            return try JSONBody.success(
                ScanJSON(id: scan.id.description, width: scan.width, height: scan.height, recognizer: scan.recognizer,
                         photoURL: "/v1/scans/\(scan.id)/photo", items: items.map(json), dateCreated: scan.dateCreated),
                context: context)
        },
        APIRoute(.get, "/v1/scans/:id/photo", .account, query: ["size"]) { request, context, services in
            let original: Bool
            switch request.query("size") {
            case nil, "full": original = false
            case "original": original = true
            default: throw APIError.invalid(field: "size", "size is full or original")
            }
            let data = try await scans(context, services).photo(try context.id("id"), original: original)
            return ImageAnswer.response(data)
        },
        APIRoute(.get, "/v1/review", .account, query: ["minConfidence", "limit", "offset"]) { request, context, services in
            let minimum = try number("minConfidence", request) ?? 0
            let limit = try integer("limit", request) ?? 50
            let offset = try integer("offset", request) ?? 0
            guard Bounds.listOffset.contains(offset) else {
                throw APIError.invalid(field: "offset", "offset is from \(Bounds.listOffset.lowerBound) to \(Bounds.listOffset.upperBound)", code: "OUT_OF_RANGE")
            }
            let page = try await scans(context, services).queue(minimumConfidence: minimum, limit: limit, offset: offset)
            return try JSONBody.success(Queue(items: page.items.map(json), total: page.total, limit: limit, offset: offset),
                                        context: context)
        },
        APIRoute(.get, "/v1/review/:id", .account) { _, context, services in
            try JSONBody.success(json(try await scans(context, services).item(try context.id("id"))), context: context)
        },
        APIRoute(.get, "/v1/review/:id/crop", .account) { _, context, services in
            jpeg(try await scans(context, services).crop(try context.id("id")))
        },
        APIRoute(.post, "/v1/review/:id/accept", .account) { request, context, services in
            let body = try await JSONBody.decode(Accept.self, from: request, limit: services.configuration.jsonBodyLimit)
            let decision = try await scans(context, services).accept(try context.id("id"), status: body.status ?? .toRead)
            return try JSONBody.success(
                Accepted(item: json(decision.item), book: BookResource(decision.book, now: services.now()),
                         alreadyInLibrary: decision.alreadyInLibrary),
                context: context, status: decision.alreadyInLibrary ? .ok : .created)
        },
        APIRoute(.post, "/v1/review/:id/reject", .account) { _, context, services in
            try JSONBody.success(json(try await scans(context, services).reject(try context.id("id"))), context: context)
        },
        APIRoute(.put, "/v1/review/:id/match", .account) { request, context, services in
            let scans = try scans(context, services)
            // Another reader's item is not found, whatever the body.
            let item = try await scans.item(try context.id("id"))
            let body = try await JSONBody.decode(Rematch.self, from: request, limit: services.configuration.jsonBodyLimit)
            return try JSONBody.success(json(try await scans.rematch(item.id, to: body.work)), context: context)
        },
        APIRoute(.post, "/v1/review/accept-all", .account) { request, context, services in
            let body = try await JSONBody.decode(AcceptAll.self, from: request, limit: services.configuration.jsonBodyLimit)
            let report = try await scans(context, services).acceptAll(minimumConfidence: body.minConfidence, status: body.status ?? .toRead)
            return try JSONBody.success(report, context: context)
        },
    ]

    private static func startScan(_ request: Request, _ context: APIContext, _ services: ServerServices) async throws -> Response {
        let id = try request.query("jobId").map { text in
            guard let id = Job.ID(uuidString: text) else { throw APIError.invalid(field: "jobId", "jobId is a UUID", code: "INVALID_FIELD") }
            return id
        }
        let limits = ImageLimits()
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limits.maxBytes)
        } catch {
            throw APIError(.contentTooLarge, code: "IMAGE_TOO_LARGE", "a photo is at most \(ByteCountText.megabytes(limits.maxBytes))", details: ["limit": "\(limits.maxBytes)"])
        }
        let (job, scan) = try await services.jobs.startShelfScan(
            photo: Data(body.readableBytesView), keepOriginal: try request.flag("keepOriginal") ?? false, id: id, user: try context.requireAccount().user)
        return try JSONBody.success(ScanStarted(jobId: job.id.description, scanId: scan.id.description, job: JobRoutes.JobJSON(job)),
                                    context: context, status: .accepted)
    }

    private static func scans(_ context: APIContext, _ services: ServerServices) throws -> ScanService {
        services.library(try context.requireAccount()).scans
    }

    private static func jpeg(_ data: Data) -> Response {
        ImageAnswer.response(data, contentType: "image/jpeg")
    }

    private static func number(_ name: String, _ request: Request) throws -> Double? {
        guard let text = request.query(name) else { return nil }
        guard let value = Double(text), value.isFinite else { throw APIError.invalid(field: name, "\(name) is a number from 0 to 1") }
        return value
    }

    private static func integer(_ name: String, _ request: Request) throws -> Int? {
        guard let text = request.query(name) else { return nil }
        guard let value = Int(text) else { throw APIError.invalid(field: name, "\(name) is a whole number") }
        return value
    }
}
