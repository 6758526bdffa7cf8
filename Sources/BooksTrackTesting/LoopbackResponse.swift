/// A canned answer of the loopback server: status, headers, body, and how (or whether) it arrives.
public struct LoopbackResponse: Sendable {
    /// How the body reaches the client.
    public enum Delivery: Sendable, Hashable {
        /// The whole body, then the connection stays open for the next request.
        case complete
        /// Content-Length announces the whole body, only the first bytes are sent, then the connection closes.
        case truncated(afterBytes: Int)
        /// An HTTP/1.0 answer without Content-Length: the first bytes, then close, which reads as a
        /// complete but cut-off body.
        case truncatedWithoutLength(afterBytes: Int)
        /// Content-Length announces the whole body, the first bytes are sent, then nothing more
        /// until the client gives up.
        case stalled(afterBytes: Int)
        /// The connection closes without any answer.
        case closeWithoutAnswer
    }

    /// The HTTP status code.
    public var status: Int
    /// Header fields; Content-Length is added from the body.
    public var headers: [LoopbackHeader]
    /// The body bytes.
    public var body: [UInt8]
    /// How long the server waits before answering.
    public var delay: Duration
    /// How the body is sent.
    public var delivery: Delivery

    /// Creates a response.
    public init(
        status: Int = 200, headers: [LoopbackHeader] = [], body: [UInt8] = [], delay: Duration = .zero,
        delivery: Delivery = .complete
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.delivery = delivery
    }

    /// A JSON body with `Content-Type: application/json`.
    public static func json(_ text: String, status: Int = 200) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [LoopbackHeader(name: "Content-Type", value: "application/json")], body: Array(text.utf8))
    }

    /// A body of any content type.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [LoopbackHeader(name: "Content-Type", value: contentType)], body: Array(text.utf8))
    }

    /// An HTML page, as proxies and outage pages answer.
    public static func html(_ text: String, status: Int = 200) -> LoopbackResponse {
        .text(text, status: status, contentType: "text/html; charset=utf-8")
    }

    /// A redirect to `location` (absolute, or a path on this server).
    public static func redirect(to location: String, status: Int = 302) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [LoopbackHeader(name: "Location", value: location)])
    }

    /// An empty answer with this status.
    public static func status(_ status: Int, headers: [LoopbackHeader] = []) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: headers)
    }

    /// The same answer, sent after `delay`.
    public func delayed(by delay: Duration) -> LoopbackResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// The same answer, delivered as `delivery` says.
    public func delivered(_ delivery: Delivery) -> LoopbackResponse {
        var copy = self
        copy.delivery = delivery
        return copy
    }

    /// The same answer with one more header field.
    public func adding(header name: String, _ value: String) -> LoopbackResponse {
        var copy = self
        copy.headers.append(LoopbackHeader(name: name, value: value))
        return copy
    }
}
