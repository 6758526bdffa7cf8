import BooksTrackCore
import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// One route of the API: the table every route is registered from, and that tests walk (every
/// route that takes an ID answers 404 for another user's).
struct APIRoute: Sendable {
    /// Who may call a route.
    enum Access: Sendable {
        /// Anyone: health, search, the catalog.
        case open
        /// A signed-in account; the route works on that account's library only.
        case account
    }

    var method: HTTPRequest.Method
    /// Hummingbird's path syntax: `/v1/books/:id`.
    var path: String
    var access: Access
    /// The query parameters the route reads; any other is refused (400 `UNKNOWN_PARAMETER`), so
    /// this list is what the route really takes, and the OpenAPI document is checked against it.
    var query: [String]
    /// Whether the route answers with `Deprecation` and `Sunset` headers (the seed's unversioned paths).
    var deprecated = false
    /// The path that replaces a deprecated one, named in its `Link` header.
    var successor: String?
    /// Whether the route reads an upload (an import file, a page photo): it gets the longer time limit.
    var takesUpload = false
    var handler: @Sendable (Request, APIContext, ServerServices) async throws -> Response

    init(
        _ method: HTTPRequest.Method, _ path: String, _ access: Access, query: [String] = [], deprecated: Bool = false,
        successor: String? = nil, takesUpload: Bool = false, _ handler: @escaping @Sendable (Request, APIContext, ServerServices) async throws -> Response
    ) {
        self.method = method
        self.path = path
        self.access = access
        self.query = query
        self.deprecated = deprecated
        self.successor = successor ?? (deprecated ? path.replacingOccurrences(of: "/search/", with: "/v1/search/") : nil)
        self.takesUpload = takesUpload
        self.handler = handler
    }

    /// The parameter names of the path (`:id` → `id`).
    var parameters: [String] {
        path.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
    }

    /// Whether `path` (as requested) is this route's path, its parameters matching any segment.
    func matches(path: String) -> Bool {
        let pattern = self.path.split(separator: "/", omittingEmptySubsequences: false)
        let given = path.split(separator: "/", omittingEmptySubsequences: false)
        return pattern.count == given.count && zip(pattern, given).allSatisfy { $0.hasPrefix(":") ? !$1.isEmpty : $0 == $1 }
    }

    /// The methods the API routes for `path`; empty when it has no such path. Like the router, a
    /// literal segment wins over a parameter: `/v1/authors/suggestions` is not `/v1/authors/:id`.
    static func methods(forPath path: String) -> [HTTPRequest.Method] {
        let matching = all.filter { $0.matches(path: path) }
        guard let best = matching.map(\.specificity).max() else { return [] }
        return matching.filter { $0.specificity == best }.map(\.method)
    }

    /// Where the path's literal segments are (a literal earlier counts more), for choosing between
    /// patterns that match the same path.
    private var specificity: Int {
        path.split(separator: "/").reduce(0) { score, segment in score * 2 + (segment.hasPrefix(":") ? 0 : 1) }
    }

    /// Every route of the API.
    static var all: [APIRoute] {
        HealthRoutes.routes + SearchRoutes.routes + AccountRoutes.routes + BookRoutes.routes + BookEditRoutes.routes + LibraryRoutes.routes + JobRoutes.routes + ScanRoutes.routes + CoverRoutes.routes + OpenAPIRoutes.routes
    }
}

/// The seed's unversioned routes are kept until this date, then removed.
enum Deprecation {
    static let sunset = "Sat, 01 May 2027 00:00:00 GMT"
}

extension Router where Context == APIContext {
    /// Registers every route of `routes` with its access check.
    func add(_ routes: [APIRoute], services: ServerServices) {
        for route in routes {
            on(RouterPath(route.path), method: route.method) { (request: Request, context: APIContext) -> Response in
                if route.access == .account { _ = try context.requireAccount() }
                for (name, _) in request.uri.queryParameters where !route.query.contains(String(name)) {
                    let known = route.query.isEmpty ? "it takes none" : "it takes " + route.query.joined(separator: ", ")
                    throw APIError(.badRequest, code: "UNKNOWN_PARAMETER", "\(route.path) has no parameter \(name); \(known)",
                                   details: ["field": String(name)])
                }
                var response: Response
                do {
                    let limit = route.takesUpload ? services.configuration.uploadTimeLimit : services.configuration.requestTimeLimit
                    response = try await TimeLimit.run(limit) { try await route.handler(request, context, services) }
                } catch {
                    // A refusal on a deprecated path carries the deprecation too; the server's own
                    // failures go on to the error middleware's log.
                    guard route.deprecated, let refusal = APIError(error) else { throw error }
                    response = try refusal.response(from: request, context: context)
                }
                if route.deprecated, let successor = route.successor {
                    response.headers[HTTPField.Name("Deprecation")!] = "true"
                    response.headers[HTTPField.Name("Sunset")!] = Deprecation.sunset
                    response.headers[HTTPField.Name("Link")!] = "<\(successor)>; rel=\"successor-version\""
                }
                return response
            }
        }
    }
}

extension Request {
    /// A query parameter, nil when absent.
    func query(_ name: String) -> String? {
        uri.queryParameters.get(name)
    }
}

extension APIContext {
    /// The path parameter `name` as an identifier; a malformed one finds nothing, like another user's.
    func id<Owner>(_ name: String, _: Owner.Type = Owner.self) throws -> Identifier<Owner> {
        guard let text = parameters.get(name), let id = Identifier<Owner>(uuidString: text) else { throw APIError.notFound }
        return id
    }
}

/// A request's time limit: past it, the request is answered 503 at once and the handler's work is
/// cancelled (work that ignores cancellation finishes on its own, its answer dropped).
enum TimeLimit {
    /// The answer of `body`, or 503 `REQUEST_TIME_LIMIT` once `limit` has passed, whichever comes first.
    static func run<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation)
                let work = Task {
                    do {
                        race.finish(.success(try await body()))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    try await Task.sleep(for: limit)
                    let seconds = limit.components.seconds
                    race.finish(.failure(APIError(
                        .serviceUnavailable, code: "REQUEST_TIME_LIMIT", "the request took longer than \(seconds) s and was stopped",
                        details: ["limit": "\(seconds)"])))
                    work.cancel()
                }
                race.tasks(work: work, timer: timer)
            }
        } onCancel: {
            race.cancel()
        }
    }

    /// The first of the work and the timer to finish answers; the other is cancelled.
    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T, any Error>?
            var work: Task<Void, Never>?
            var timer: Task<Void, any Error>?
            var cancelled = false
        }

        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<T, any Error>) {
            state.withLock { $0.continuation = continuation }
        }

        func tasks(work: Task<Void, Never>, timer: Task<Void, any Error>) {
            let cancel = state.withLock { state -> Bool in
                state.work = work
                state.timer = timer
                return state.cancelled || state.continuation == nil
            }
            // Answered or cancelled before the tasks were recorded.
            if cancel {
                work.cancel()
                timer.cancel()
            }
        }

        func finish(_ result: Result<T, any Error>) {
            let (continuation, timer) = state.withLock { state in
                defer { state.continuation = nil }
                return (state.continuation, state.timer)
            }
            guard let continuation else { return }
            timer?.cancel()
            continuation.resume(with: result)
        }

        /// The request itself was cancelled (the client went away): so is its work.
        func cancel() {
            let (work, timer) = state.withLock { state in
                state.cancelled = true
                return (state.work, state.timer)
            }
            work?.cancel()
            timer?.cancel()
        }
    }
}

extension Request {
    /// A true/false query parameter (`true`, `1`, `false`, `0`); nil when absent, refused otherwise.
    func flag(_ name: String) throws -> Bool? {
        try EntryQuery.flag(query(name), field: name)
    }
}
