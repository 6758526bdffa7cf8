import BooksTrackCore
import Foundation

/// A provider's answer that the transport accepted: a 2xx status, or 404 for the caller to read as "not found".
package struct ProviderResponse: Sendable {
    /// The HTTP status of the final answer (after redirects).
    package var status: Int
    /// The body, complete and at most the transport's size limit.
    package var body: [UInt8]
    /// The Content-Type header, when given.
    package var contentType: String?

    /// Creates a response.
    package init(status: Int, body: [UInt8], contentType: String? = nil) {
        self.status = status
        self.body = body
        self.contentType = contentType
    }

    /// True for 404, which every provider answers for an unknown ISBN.
    package var isNotFound: Bool {
        status == 404
    }

    /// Decodes the JSON body; throws `.httpStatus` for a 404 and `.malformedResponse` for HTML,
    /// empty, truncated or unexpectedly shaped bodies.
    package func decode<Value: Decodable>(_ type: Value.Type) throws(ProviderError) -> Value {
        guard (200..<300).contains(status) else { throw .httpStatus(status) }
        guard let first = body.first(where: { !Self.isWhitespace($0) }) else {
            throw .malformedResponse("the answer was empty")
        }
        // Services behind proxies answer outages with an HTML page, sometimes with status 200.
        if first == UInt8(ascii: "<") || contentType?.lowercased().contains("text/html") == true {
            throw .malformedResponse("the answer was an HTML page, not JSON")
        }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(body))
        } catch let error as DecodingError {
            throw .malformedResponse(Self.describe(error))
        } catch {
            throw .malformedResponse("the answer was not JSON")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            "the answer was not valid JSON (cut off or not JSON)"
        case .dataCorrupted(let context):
            "unexpected value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context):
            "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "unexpected JSON shape at \(path(context.codingPath))"
        @unknown default:
            "unexpected JSON shape"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map(\.stringValue).joined(separator: ".")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }
}
