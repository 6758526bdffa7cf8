import BooksTrackCore
import Foundation
import Hummingbird

/// JSON in and out: ISO 8601 dates, as the terminal's `--json` prints them.
enum JSONBody {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        let encoder = JSONEncoder()
        // Keys in the order the types declare them: sorting them cost a page of books a tenth of its time.
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // ISO 8601 in UTC written without a formatter (a page of 50 books has some 200 dates).
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            // Outside years 1–9999 (no stored date is), Foundation's formatter writes it.
            try container.encode(ISO8601Text.text(date) ?? date.formatted(.iso8601))
        }
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
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
