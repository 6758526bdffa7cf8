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
    /// JSON, or not of the expected shape is a 4xx naming the field that was wrong and what it must be.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        try decode(type, from: try await bytes(of: request, limit: limit))
    }

    /// The request's body, read up to `limit` bytes; a larger body is a 413.
    static func bytes(of request: Request, limit: Int) async throws -> Data {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, code: "BODY_TOO_LARGE", "the body is larger than \(ByteCountText.megabytes(limit))", details: ["limit": "\(limit)"])
        }
        return Data(buffer.readableBytesView)
    }

    /// `data` decoded as `T`, or the 400 that names what was wrong.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(APIError) -> T {
        let decoder = Self.decoder
        do {
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw refusal(error, body: data) { _ = try decoder.decode(T.self, from: $0) }
        } catch let error as DateProblem {
            let field = fieldName(error.codingPath)
            throw APIError(.badRequest, code: "INVALID_FIELD",
                           "\(field) must be an ISO 8601 date and time with a time zone, like 2026-11-20T10:00:00Z; "
                               + "\(quoted(error.text)) is not one", details: ["field": field])
        } catch {
            throw APIError.invalid(field: "", "the body is not JSON", code: "INVALID_JSON")
        }
    }

    /// Foundation's decoder with the API's dates. A date it cannot read is reported without the
    /// field it was in, and `.iso8601` takes text after the time zone (`…T10:00:00Zjunk`) and
    /// hours past 23: dates are read here, in the form the OpenAPI document gives, naming the field.
    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard text.wholeMatch(of: dateForm) != nil, let date = try? Date.ISO8601FormatStyle().parse(text) else {
                throw DateProblem(codingPath: decoder.codingPath, text: text)
            }
            return date
        }
        return decoder
    }

    /// An ISO 8601 date and time with seconds and a time zone, each part in its range: the
    /// `DATE_IN` pattern of scripts/openapi-document.py.
    nonisolated(unsafe) private static let dateForm =
        #/[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?(Z|[+-](0[0-9]|1[0-4]):?[0-5][0-9])/#

    /// A date that is not ISO 8601, and where it was.
    private struct DateProblem: Error {
        var codingPath: [any CodingKey]
        var text: String
    }

    /// The answer to a body the decoder refused.
    private static func refusal(_ error: DecodingError, body: Data, decode: (Data) throws -> Void) -> APIError {
        switch error {
        case .keyNotFound(let key, let context):
            let field = fieldName(context.codingPath + [key])
            return APIError.invalid(field: field, "\(field) is required", code: "MISSING_FIELD")
        case .typeMismatch(let type, let context):
            let field = fieldName(context.codingPath)
            return APIError.invalid(field: field, "\(field.isEmpty ? "the body" : field) must be \(describe(type))", code: "INVALID_FIELD")
        case .valueNotFound(let type, let context):
            let field = fieldName(context.codingPath)
            return APIError.invalid(field: field, "\(field) must be \(describe(type)), not null", code: "INVALID_FIELD")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            let field = fieldName(context.codingPath)
            return APIError.invalid(field: field, "\(field) is not one of the values it takes (/openapi.json lists them)",
                                    code: "INVALID_FIELD")
        case .dataCorrupted:
            // Foundation says "not valid JSON", without a field, both for text that is not JSON and
            // for a number the field's type cannot hold (1e308 for an Int, 1e-400 for a Double).
            guard let number = NumberInBody.misfit(in: body, decode: decode) else {
                return APIError.invalid(field: "", "the body is not JSON", code: "INVALID_JSON")
            }
            return number.refusal
        @unknown default:
            return APIError.invalid(field: "", "the body is not JSON", code: "INVALID_JSON")
        }
    }

    /// `books[3].isbn`: a coding path as a reader writes it.
    static func fieldName(_ path: [any CodingKey]) -> String {
        path.reduce(into: "") { name, key in
            if let index = key.intValue {
                name += "[\(index)]"
            } else {
                name += name.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
    }

    /// What a value of `type` is in JSON's words.
    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text (a JSON string)"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        default:
            switch String(describing: type) {
            case let name where name.hasPrefix("Dictionary"): "an object"
            case let name where name.hasPrefix("Array"): "a list (a JSON array)"
            default: "of another type"
            }
        }
    }

    /// A value as sent, cut short for a message.
    static func quoted(_ text: String) -> String {
        text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
    }
}

/// A number written in a JSON body, where it is and the bytes it takes.
struct NumberInBody: Equatable {
    var field: String
    var text: String
    var range: Range<Int>

    /// The 400 for this number, which its field's type cannot hold.
    var refusal: APIError {
        let value = text.count > 40 ? String(text.prefix(40)) + "…" : text
        let details = ["field": field, "value": value]
        let number = Double(text) ?? .infinity
        if !number.isFinite {
            return APIError(.badRequest, code: "OUT_OF_RANGE", "\(field): \(value) is too large for a number", details: details)
        }
        if number == 0 {
            return APIError(.badRequest, code: "OUT_OF_RANGE", "\(field): \(value) is too close to 0 for a number; send 0 or a larger one",
                            details: details)
        }
        if number.rounded() == number {
            // A Double holds it, so the field is a whole number: one larger than any count the API takes.
            return APIError(.badRequest, code: "OUT_OF_RANGE",
                            "\(field) must be a whole number within its range (/openapi.json gives it); \(value) is too large",
                            details: details)
        }
        return APIError(.badRequest, code: "INVALID_FIELD", "\(field) must be a whole number; \(value) has a fraction", details: details)
    }

    /// The number of `body` that `decode` cannot read, found by writing 0 in place of suspects until
    /// the failure goes: nil when no number is to blame (the body is not JSON). Only numbers a Swift
    /// `Int` cannot read as written are suspects; halving them, it decodes a few times, not once each.
    static func misfit(in body: Data, decode: (Data) throws -> Void) -> NumberInBody? {
        let bytes = Array(body)
        let suspects = numbers(in: bytes).filter { Int($0.text) == nil }
        func fails(keeping kept: ArraySlice<NumberInBody>) -> Bool {
            let keptStarts = Set(kept.map(\.range.lowerBound))
            var written: [UInt8] = []
            written.reserveCapacity(bytes.count)
            var copied = 0
            for number in suspects where !keptStarts.contains(number.range.lowerBound) {
                written += bytes[copied..<number.range.lowerBound]
                written.append(UInt8(ascii: "0"))
                copied = number.range.upperBound
            }
            written += bytes[copied...]
            do {
                try decode(Data(written))
                return false
            } catch DecodingError.dataCorrupted(let context) {
                return context.codingPath.isEmpty
            } catch {
                return false
            }
        }
        guard !suspects.isEmpty, !fails(keeping: []) else { return nil }
        var blamed = suspects[...]
        while blamed.count > 1 {
            let half = blamed.prefix(blamed.count / 2)
            blamed = fails(keeping: half) ? half : blamed.dropFirst(half.count)
        }
        guard let number = blamed.first, fails(keeping: blamed) else { return nil }
        return number
    }

    /// Every number of a JSON text with the field it is the value of, read leniently: text that is
    /// not JSON gives what it gives, and the decoder says it is not JSON.
    static func numbers(in bytes: [UInt8]) -> [NumberInBody] {
        enum Container {
            case object(key: String?, awaitingValue: Bool)
            case array(index: Int)
        }
        var path: [Container] = []
        var found: [NumberInBody] = []
        func field() -> String {
            path.reduce(into: "") { name, container in
                switch container {
                case .array(let index): name += "[\(index)]"
                case .object(let key, _): name += name.isEmpty ? key ?? "" : "." + (key ?? "")
                }
            }
        }
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"):
                path.append(.object(key: nil, awaitingValue: false))
            case UInt8(ascii: "["):
                path.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !path.isEmpty { path.removeLast() }
            case UInt8(ascii: ":"):
                if case .object(let key, _)? = path.last { path[path.count - 1] = .object(key: key, awaitingValue: true) }
            case UInt8(ascii: ","):
                switch path.last {
                case .array(let index)?: path[path.count - 1] = .array(index: index + 1)
                case .object?: path[path.count - 1] = .object(key: nil, awaitingValue: false)
                case nil: break
                }
            case UInt8(ascii: "\""):
                let start = position
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                if case .object(nil, false)? = path.last {
                    let end = min(position + 1, bytes.count)
                    let key = (try? JSONDecoder().decode(String.self, from: Data(bytes[start..<end])))
                        ?? String(decoding: bytes[(start + 1)..<min(position, bytes.count)], as: UTF8.self)
                    path[path.count - 1] = .object(key: key, awaitingValue: false)
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = position
                while position + 1 < bytes.count, isNumberByte(bytes[position + 1]) { position += 1 }
                let text = String(decoding: bytes[start...position], as: UTF8.self)
                if text.wholeMatch(of: #/-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/#) != nil {
                    found.append(NumberInBody(field: field(), text: text, range: start..<(position + 1)))
                }
            default:
                break
            }
            position += 1
        }
        return found
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
                                                                   UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte)
    }
}
