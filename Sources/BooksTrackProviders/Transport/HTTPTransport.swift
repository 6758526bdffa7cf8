import BooksTrackCore
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The one HTTP client every online provider shares: identifies itself, enforces deadlines and a
/// body size limit, follows a few redirects, and turns every failure into a `ProviderError`.
///
/// Create one per process (the composition root owns it) and call `shutdown()` once when done;
/// the underlying `HTTPClient` insists on an explicit shutdown.
public final class HTTPTransport: Sendable {
    /// The largest body read before the answer is refused.
    public static let defaultMaximumBodyBytes = 5 * 1024 * 1024
    /// Open Library's /isbn/ answers one 302; more than a handful means a loop or a misconfiguration.
    public static let maximumRedirects = 5

    /// The User-Agent sent with every request.
    public let userAgent: String
    /// The largest body accepted, in bytes.
    public let maximumBodyBytes: Int
    private let client: HTTPClient
    private let now: @Sendable () -> Date

    /// Creates the transport and its HTTP client; `now` dates Retry-After headers given as dates.
    public init(
        userAgent: String, maximumBodyBytes: Int = HTTPTransport.defaultMaximumBodyBytes,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.userAgent = userAgent
        self.maximumBodyBytes = maximumBodyBytes
        self.now = now
        // The per-request race in `send` is the real limit; these only stop a connection from
        // lingering if a caller passes an enormous timeout.
        var configuration = HTTPClient.Configuration(
            // Redirects are followed by hand (`exchange`), each one checked.
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(120))
        )
        // By default the pool retries a refused connection with backoff until the deadline, so a
        // service that is down would cost the whole timeout and read as "timed out". A lookup
        // that degrades anyway is better served by "unreachable" at once.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Creates the transport with the configuration's User-Agent.
    public convenience init(configuration: ProviderConfiguration) {
        self.init(userAgent: configuration.userAgent)
    }

    /// Closes the connections and releases the client; call once, after the last request.
    public func shutdown() async {
        // The only failure is "already shut down", which leaves nothing to release.
        try? await client.shutdown()
    }

    /// Sends the request (a GET, or a POST with its body) and reads the whole answer within `timeout` (redirects and body included).
    ///
    /// Answers 2xx and 404 (for the caller to read as "not found"); throws `.rateLimited` for 429
    /// with the Retry-After seconds, `.httpStatus` for other statuses, `.timedOut` past the
    /// timeout, `.malformedResponse` for an oversized or cut-off body or too many redirects, and
    /// `.unreachable` when no connection could be made.
    package func send(_ request: ProviderRequest, timeout: Duration) async throws(ProviderError) -> ProviderResponse {
        let seconds = ProviderConfiguration.seconds(timeout)
        guard timeout > .zero else { throw .timedOut(seconds: seconds) }
        var httpRequest = HTTPClientRequest(url: request.url)
        httpRequest.method = request.body == nil ? .GET : .POST
        if let body = request.body { httpRequest.body = .bytes(ByteBuffer(bytes: body)) }
        httpRequest.headers.add(name: "User-Agent", value: userAgent)
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            httpRequest.headers.add(name: name, value: value)
        }
        let finalRequest = httpRequest
        do {
            // AsyncHTTPClient's deadline stops at the response head; racing a timer also bounds a
            // body that trickles in or stalls.
            return try await withThrowingTaskGroup(of: ProviderResponse?.self) { group in
                group.addTask {
                    try await self.exchange(finalRequest, deadline: .now() + TimeAmount(timeout), timeoutSeconds: seconds)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard case let response?? = try await group.next() else {
                    throw ProviderError.timedOut(seconds: seconds)
                }
                return response
            }
        } catch let error as ProviderError {
            throw error
        } catch {
            throw .unreachable(Task.isCancelled ? "the request was cancelled" : Self.describe(error))
        }
    }

    private func exchange(_ first: HTTPClientRequest, deadline: NIODeadline, timeoutSeconds: Double) async throws -> ProviderResponse {
        var request = first
        var response: HTTPClientResponse
        var redirects = 0
        while true {
            do {
                response = try await client.execute(request, deadline: deadline)
            } catch {
                throw Self.connectionFailure(error, url: request.url, timeoutSeconds: timeoutSeconds)
            }
            guard (300..<400).contains(Int(response.status.code)), let location = response.headers.first(name: "Location") else { break }
            redirects += 1
            guard redirects <= Self.maximumRedirects else {
                throw ProviderError.malformedResponse("too many redirects (more than \(Self.maximumRedirects))")
            }
            request.url = try await Self.checkedRedirect(from: request.url, to: location)
        }
        let status = Int(response.status.code)
        if status == 429 {
            let retryAfter = RetryAfter.seconds(from: response.headers.first(name: "Retry-After"), now: now())
            throw ProviderError.rateLimited(retryAfter: retryAfter)
        }
        if status == 404 {
            return ProviderResponse(status: status, body: [])
        }
        guard (200..<300).contains(status) else {
            throw ProviderError.httpStatus(status)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await response.body.collect(upTo: maximumBodyBytes)
        } catch is NIOTooManyBytesError {
            throw ProviderError.malformedResponse("the answer is larger than the \(maximumBodyBytes)-byte limit")
        } catch let error as HTTPClientError where error == .deadlineExceeded {
            throw ProviderError.timedOut(seconds: timeoutSeconds)
        } catch {
            throw ProviderError.malformedResponse("the answer was cut off (\(Self.describe(error)))")
        }
        return ProviderResponse(
            status: status, body: Array(buffer.readableBytesView), contentType: response.headers.first(name: "Content-Type")
        )
    }

    /// Where a redirect may go: never from https to http, and to another host only when every
    /// address it resolves to is public (the configured service itself may be on loopback).
    package static func checkedRedirect(from current: String, to location: String, resolver: any HostResolver = SystemHostResolver()) async throws -> String {
        guard let base = URL(string: current), let next = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = next.scheme?.lowercased(), scheme == "https" || scheme == "http", let host = next.host?.lowercased()
        else {
            throw ProviderError.malformedResponse("a redirect to \(location.prefix(100)) cannot be followed")
        }
        if base.scheme?.lowercased() == "https", scheme == "http" {
            throw ProviderError.malformedResponse("a redirect from https to http is refused")
        }
        guard host != base.host?.lowercased() || next.port != base.port else { return next.absoluteString }
        let addresses: [IPAddress]
        if let literal = IPAddress(host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))) {
            addresses = [literal]
        } else if OutboundURLPolicy.looksLikeAddress(host) {
            throw ProviderError.malformedResponse("a redirect to the address \(host) is refused")
        } else {
            do {
                addresses = try await resolver.addresses(of: host)
            } catch {
                throw ProviderError.unreachable("\(host) does not resolve")
            }
        }
        if let address = addresses.first(where: { !$0.isPublic }) {
            throw ProviderError.malformedResponse("a redirect to \(host) (\(address)), not a public address, is refused")
        }
        return next.absoluteString
    }

    private static func connectionFailure(_ error: any Error, url: String, timeoutSeconds: Double) -> ProviderError {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .connectTimeout, .readTimeout, .getConnectionFromPoolTimeout:
                return .timedOut(seconds: timeoutSeconds)
            case .redirectLimitReached, .redirectCycleDetected:
                return .malformedResponse("too many redirects (more than \(maximumRedirects))")
            case .remoteConnectionClosed:
                return .unreachable("the service closed the connection without answering")
            case .invalidURL, .emptyHost, .emptyScheme:
                return .unreachable("the configured URL \(url) cannot be used")
            default:
                return .unreachable(codeNameInWords(String(describing: error)) ?? describe(error))
            }
        }
        if error is CancellationError {
            return .unreachable("the request was cancelled")
        }
        let host = URLComponents(string: url)?.host ?? url
        return .unreachable("cannot connect to \(host) (\(describe(error)))")
    }

    /// An HTTP client error's description is its code name ("HTTPClientError.bodyLengthMismatch"),
    /// which reads "body length mismatch"; nil for a description of another shape.
    static func codeNameInWords(_ description: String) -> String? {
        let parts = description.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0] == "HTTPClientError" else { return nil }
        var words = ""
        for character in parts[1].prefix(while: { $0.isLetter || $0.isNumber }) {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(contentsOf: character.lowercased())
        }
        return words.isEmpty ? nil : words
    }

    private static func describe(_ error: any Error) -> String {
        String(String(describing: error).prefix(200))
    }
}
