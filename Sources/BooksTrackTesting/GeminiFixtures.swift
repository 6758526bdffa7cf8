import Foundation

/// Answers in the shape Gemini's `generateContent` gives them (candidates, content parts with the
/// JSON as text, finish reasons, prompt feedback, usage metadata, error objects), for a loopback
/// server playing Gemini.
public enum GeminiFixtures {
    /// One book as the shelf question asks for it: box_2d is [ymin, xmin, ymax, xmax] in 0–1000.
    public struct Book: Sendable {
        public var title: String
        public var author: String?
        public var isbn: String?
        public var confidence: Double
        public var box: [Double]

        public init(_ title: String, by author: String? = nil, isbn: String? = nil, confidence: Double, box: [Double]) {
            self.title = title
            self.author = author
            self.isbn = isbn
            self.confidence = confidence
            self.box = box
        }

        var json: [String: Any] {
            var book: [String: Any] = ["title": title, "confidence": confidence, "box_2d": box]
            if let author { book["author"] = author }
            if let isbn { book["isbn"] = isbn }
            return book
        }
    }

    /// The path Gemini's default model answers on.
    public static let path = "/v1beta/models/gemini-2.5-flash:generateContent"

    /// A loopback server playing Gemini, giving `answers` in turn (then 400), and the environment
    /// pointing BooksTrack at it: Gemini with a key, and the other providers, which find nothing
    /// there (matches then come from the offline catalog).
    public static func server(answering answers: [LoopbackResponse]) async throws -> (server: LoopbackHTTPServer, environment: [String: String]) {
        let queue = AnswerQueue(answers)
        let server = try await LoopbackHTTPServer.start(routes: [
            LoopbackRoute(method: "POST", .path(path)) { _ in queue.next() ?? error(400) },
        ])
        return (server, [
            "GEMINI_API_KEY": "test-key", "BOOKSTRACK_GEMINI_URL": server.baseURL,
            "BOOKSTRACK_OPENLIBRARY_URL": server.baseURL, "BOOKSTRACK_GOOGLE_BOOKS_URL": server.baseURL,
            "BOOKSTRACK_WIKIDATA_URL": server.baseURL, "BOOKSTRACK_PROVIDER_TIMEOUT": "10",
        ])
    }

    /// A successful answer whose text is `{"books": [...]}`.
    public static func shelf(_ books: [Book]) -> LoopbackResponse {
        let text = String(decoding: (try? JSONSerialization.data(withJSONObject: ["books": books.map(\.json)])) ?? Data(), as: UTF8.self)
        return answer(text: text, finishReason: "STOP")
    }

    /// An answer with this text and finish reason (a cut-off one is "MAX_TOKENS").
    public static func answer(text: String?, finishReason: String) -> LoopbackResponse {
        var candidate: [String: Any] = ["finishReason": finishReason, "index": 0]
        if let text { candidate["content"] = ["parts": [["text": text]], "role": "model"] }
        if finishReason == "SAFETY" {
            candidate["safetyRatings"] = [["category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH", "blocked": true]]
        }
        return json([
            "candidates": [candidate],
            "usageMetadata": usage,
            "modelVersion": "gemini-2.5-flash",
            "responseId": "mV1nZ8SxA5Kz1MkP0aKQ8Qs",
        ])
    }

    /// The prompt itself blocked: no candidate, `promptFeedback.blockReason`.
    public static func promptBlocked(_ reason: String = "SAFETY") -> LoopbackResponse {
        json([
            "promptFeedback": ["blockReason": reason,
                               "safetyRatings": [["category": "HARM_CATEGORY_SEXUALLY_EXPLICIT", "probability": "HIGH"]]],
            "usageMetadata": ["promptTokenCount": 1290, "totalTokenCount": 1290],
            "modelVersion": "gemini-2.5-flash",
        ])
    }

    /// Google's error object with its HTTP status: 429 `RESOURCE_EXHAUSTED`, 503 `UNAVAILABLE`, 400 `INVALID_ARGUMENT`.
    public static func error(_ status: Int) -> LoopbackResponse {
        let (name, message) = switch status {
        case 429: ("RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota).")
        case 503: ("UNAVAILABLE", "The model is overloaded. Please try again later.")
        default: ("INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.")
        }
        var response = json(["error": ["code": status, "message": message, "status": name]])
        response.status = status
        return response
    }

    static var usage: [String: Any] { [
        "promptTokenCount": 1290, "candidatesTokenCount": 312, "totalTokenCount": 1602,
        "promptTokensDetails": [["modality": "IMAGE", "tokenCount": 1032], ["modality": "TEXT", "tokenCount": 258]],
    ] }

    static func json(_ object: [String: Any]) -> LoopbackResponse {
        LoopbackResponse(headers: [LoopbackHeader(name: "Content-Type", value: "application/json; charset=UTF-8")],
                         body: Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()))
    }
}
