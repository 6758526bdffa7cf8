import BooksTrackCore
import Foundation
import Hummingbird

/// JSON in and out: ISO 8601 dates, as the terminal's `--json` prints them.
enum JSONBody {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        // Written as the value is walked (a page of fifty books took Foundation's encoder a third of
        // the request's time); keys in the order the types declare them.
        let bytes = try StreamingJSONEncoder().encode(value)
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The envelope of a successful answer.
    static func success<T: Codable & Sendable>(
        _ data: T, context: APIContext, status: HTTPResponse.Status = .ok, provider: String? = nil, cached: Bool = false
    ) throws -> Response {
        let meta = ResponseMeta(timestamp: Date(), processingTime: context.elapsedMilliseconds, provider: provider, cached: cached)
        return try response(ResponseEnvelope.success(data, meta: meta), status: status)
    }

    /// The request's body decoded as `T`, read up to `limit` bytes; a body that is too large, not
    /// JSON, or not of the expected shape is a 4xx naming what was wrong.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, code: "BODY_TOO_LARGE", "the body is larger than \(limit) bytes", details: ["limit": "\(limit)"])
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(T.self, from: Data(buffer.readableBytesView))
        } catch let DecodingError.keyNotFound(key, _) {
            throw APIError.invalid(field: key.stringValue, "\(key.stringValue) is required", code: "MISSING_FIELD")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw APIError.invalid(field: field, "\(field.isEmpty ? "the body" : field) has the wrong type", code: "INVALID_FIELD")
        } catch let DecodingError.dataCorrupted(context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw APIError.invalid(field: field, field.isEmpty ? "the body is not JSON" : "\(field) is not valid", code: "INVALID_JSON")
        } catch {
            throw APIError.invalid(field: "", "the body is not JSON", code: "INVALID_JSON")
        }
    }
}
