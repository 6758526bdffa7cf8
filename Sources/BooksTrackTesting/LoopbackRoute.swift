/// Which requests a loopback route answers, and with what.
public struct LoopbackRoute: Sendable {
    /// How a route recognizes its requests.
    public enum Matcher: Sendable {
        /// Path and query exactly as sent ("/isbn/9780060273224.json").
        case exact(String)
        /// The path, whatever the query ("/search.json").
        case path(String)
        /// Any path starting with this text ("/authors/").
        case pathPrefix(String)
        /// Any request the closure accepts.
        case custom(@Sendable (LoopbackRequest) -> Bool)
    }

    /// The HTTP method ("GET").
    public var method: String
    /// Which requests match.
    public var matcher: Matcher
    /// The answer for a matching request.
    public var respond: @Sendable (LoopbackRequest) -> LoopbackResponse

    /// A route answering each matching request with what `respond` makes of it.
    public init(method: String = "GET", _ matcher: Matcher, respond: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) {
        self.method = method
        self.matcher = matcher
        self.respond = respond
    }

    /// A route answering every matching request with the same response.
    public init(method: String = "GET", _ matcher: Matcher, _ response: LoopbackResponse) {
        self.init(method: method, matcher) { _ in response }
    }

    /// A GET route: exact when `target` has a query, else by path.
    public static func get(_ target: String, _ response: LoopbackResponse) -> LoopbackRoute {
        LoopbackRoute(target.contains("?") ? .exact(target) : .path(target), response)
    }

    /// Whether this route answers `request`.
    public func matches(_ request: LoopbackRequest) -> Bool {
        guard request.method == method else { return false }
        switch matcher {
        case .exact(let target): return request.uri == target
        case .path(let path): return request.path == path
        case .pathPrefix(let prefix): return request.path.hasPrefix(prefix)
        case .custom(let accepts): return accepts(request)
        }
    }
}
