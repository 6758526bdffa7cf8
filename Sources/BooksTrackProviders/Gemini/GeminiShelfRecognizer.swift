import BooksTrackCore
import Foundation

/// Gemini on the shared transport: `generateContent` with retries on 429 and 503, every answer
/// checked, token usage logged.
public struct GeminiClient: Sendable {
    /// Waits before each retry of a 429 or a 5xx (a Retry-After longer than the wait is obeyed,
    /// up to `longestWait`).
    public let retryDelays: [Duration]
    public static let longestWait: Duration = .seconds(60)

    package let requests: GeminiRequests
    private let transport: HTTPTransport
    private let timeout: Duration
    private let log: @Sendable (String) -> Void

    /// nil when no key is configured or the providers are offline.
    public init?(
        configuration: ProviderConfiguration, transport: HTTPTransport,
        retryDelays: [Duration] = [.seconds(2), .seconds(8), .seconds(20)], log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        guard let key = configuration.geminiKey, !configuration.isOffline else { return nil }
        requests = GeminiRequests(baseURL: configuration.geminiURL, model: configuration.geminiModel, key: key)
        self.transport = transport
        timeout = configuration.geminiTimeout
        self.retryDelays = retryDelays
        self.log = log
    }

    /// The answer's JSON text, after retries; throws `ShelfRecognitionError`.
    package func generate(_ request: ProviderRequest, purpose: String) async throws(ShelfRecognitionError) -> String {
        var attempt = 0
        while true {
            let response: ProviderResponse
            do throws(ProviderError) {
                response = try await transport.send(request, timeout: timeout)
            } catch {
                let wait: Duration
                switch error {
                case .rateLimited(let retryAfter):
                    guard attempt < retryDelays.count else { throw .unavailable("Gemini's quota is used up (HTTP 429) after \(attempt + 1) tries") }
                    wait = max(retryDelays[attempt], .seconds(min(retryAfter ?? 0, 60)))
                case .httpStatus(let status) where status == 500 || status == 503:
                    guard attempt < retryDelays.count else { throw .unavailable("Gemini kept failing (HTTP \(status)) after \(attempt + 1) tries") }
                    wait = retryDelays[attempt]
                case .httpStatus(let status) where status == 400 || status == 401 || status == 403 || status == 404:
                    throw .unavailable("Gemini refused the request (HTTP \(status)); check GEMINI_API_KEY and BOOKSTRACK_GEMINI_MODEL (\(requests.model))")
                case .malformedResponse(let reason):
                    throw .malformedAnswer(reason)
                default:
                    throw .unavailable(error.description)
                }
                log("gemini \(purpose): \(error.description); trying again in \(wait)")
                attempt += 1
                do { try await Task.sleep(for: min(wait, Self.longestWait)) } catch { throw .unavailable("cancelled") }
                continue
            }
            let answer: GeminiResponse
            do throws(ProviderError) {
                answer = try response.decode(GeminiResponse.self)
            } catch {
                throw .malformedAnswer(error.description)
            }
            if let usage = answer.usageMetadata {
                log("gemini \(purpose): model \(requests.model), tokens prompt \(usage.promptTokenCount ?? 0), "
                    + "answer \(usage.candidatesTokenCount ?? 0), total \(usage.totalTokenCount ?? 0)")
            }
            return try GeminiMapping.text(of: answer)
        }
    }
}

/// Names the books on a shelf photo with Gemini.
public struct GeminiShelfRecognizer: ShelfRecognizer {
    public var name: String { "gemini" }
    let client: GeminiClient

    public init(client: GeminiClient) {
        self.client = client
    }

    public func recognize(_ photo: ShelfPhoto) async throws -> [ShelfDetection] {
        let text = try await client.generate(try client.requests.shelf(jpeg: photo.jpeg), purpose: "shelf scan")
        return try GeminiMapping.detections(fromText: text)
    }
}

extension GeminiClient {
    /// The most columns and characters of a cell sent to Gemini for a mapping.
    static let mappingColumnLimit = 60
    static let mappingCellLimit = 120

    /// Gemini's proposal of the column (by index) holding each of `fields`, from the header and
    /// the first rows (temperature 0.2, a JSON schema). Columns out of range, unknown fields and a
    /// field named twice are dropped; what is left is checked against the data by the caller.
    public func suggestColumns(header: [String], rows: [[String]], fields: [String]) async throws -> [String: Int] {
        let header = Array(header.prefix(Self.mappingColumnLimit)).map { String($0.prefix(Self.mappingCellLimit)) }
        let rows = rows.prefix(8).map { Array($0.prefix(header.count)).map { String($0.prefix(Self.mappingCellLimit)) } }
        let text = try await generate(requests.columnMapping(header: header, rows: rows, fields: fields), purpose: "column mapping")
        let answer: GeminiColumnAnswer
        do {
            answer = try JSONDecoder().decode(GeminiColumnAnswer.self, from: Data(text.utf8))
        } catch {
            throw ShelfRecognitionError.malformedAnswer("the column mapping is not the JSON asked for")
        }
        var columns: [String: Int] = [:]
        for column in answer.columns where fields.contains(column.field) && header.indices.contains(column.column) && columns[column.field] == nil {
            columns[column.field] = column.column
        }
        return columns
    }
}
