import Foundation
import NIOHTTP1

/// A request the loopback server received, recorded for assertions (headers, batching, paths).
public struct LoopbackRequest: Sendable, Hashable {
    /// "GET".
    public var method: String
    /// The request target as sent: path and query, still percent-encoded.
    public var uri: String
    /// The path without the query, still percent-encoded.
    public var path: String
    /// The header fields in order, names as sent.
    public var headers: [LoopbackHeader]
    /// The body sent (a POST's).
    public var body: [UInt8] = []

    /// Creates a request record.
    public init(method: String, uri: String, headers: [LoopbackHeader] = []) {
        self.method = method
        self.uri = uri
        self.path = String(uri.prefix(while: { $0 != "?" }))
        self.headers = headers
    }

    /// Records a request from its NIO head.
    init(head: HTTPRequestHead) {
        self.init(method: head.method.rawValue, uri: head.uri, headers: head.headers.map { LoopbackHeader(name: $0.name, value: $0.value) })
    }

    /// The first value of a header, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The percent-decoded value of a query parameter, or nil when absent.
    public func queryValue(_ name: String) -> String? {
        URLComponents(string: uri)?.queryItems?.first { $0.name == name }?.value
    }
}

/// One HTTP header field.
public struct LoopbackHeader: Sendable, Hashable {
    /// The field name.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
