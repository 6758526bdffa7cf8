import BooksTrackCore
import Foundation

/// Reads Gemini's answers, checking everything the model sent.
enum GeminiMapping {
    /// Finish reasons that mean the answer was withheld rather than wrong.
    static let blockingReasons: Set<String> = ["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY"]

    /// The JSON text of the first candidate, after checking it was neither blocked nor cut off.
    static func text(of response: GeminiResponse) throws(ShelfRecognitionError) -> String {
        if let reason = response.promptFeedback?.blockReason {
            throw .blocked("Gemini blocked the request (\(reason))")
        }
        guard let candidate = response.candidates?.first else { throw .malformedAnswer("Gemini answered no candidate") }
        switch candidate.finishReason ?? "STOP" {
        case "STOP": break
        case "MAX_TOKENS": throw .malformedAnswer("the answer was cut off at Gemini's token limit")
        case let reason where blockingReasons.contains(reason): throw .blocked("Gemini withheld its answer (\(reason))")
        case let reason: throw .malformedAnswer("Gemini stopped with \(reason.prefix(40))")
        }
        let text = (candidate.content?.parts ?? []).compactMap(\.text).joined()
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .malformedAnswer("the answer has no text") }
        return unfenced(text)
    }

    /// The books of a shelf answer, each checked: a box of four values within 0–1000 with its
    /// minimums below its maximums, then `ShelfDetection.checked`.
    static func detections(fromText text: String) throws(ShelfRecognitionError) -> [ShelfDetection] {
        let answer: GeminiShelfAnswer
        do {
            answer = try JSONDecoder().decode(GeminiShelfAnswer.self, from: Data(text.utf8))
        } catch {
            throw .malformedAnswer("the answer is not the JSON asked for (\(Self.describe(error)))")
        }
        try ShelfDetection.checkCount(answer.books.count)
        var detections: [ShelfDetection] = []
        for (index, book) in answer.books.enumerated() {
            detections.append(try ShelfDetection.checked(
                index: index, title: book.title, author: book.author, isbn: book.isbn, confidence: book.confidence,
                box: try box(book.box_2d, index: index)))
        }
        return detections
    }

    /// `box_2d` ([ymin, xmin, ymax, xmax] in 0–1000) as a normalized box.
    static func box(_ values: [Double]?, index: Int) throws(ShelfRecognitionError) -> BoundingBox {
        guard let values, values.count == 4, values.allSatisfy({ $0.isFinite && (0...1_000).contains($0) }),
              values[0] < values[2], values[1] < values[3]
        else {
            throw .malformedAnswer("book \(index + 1): box_2d \(values.map { "\($0)" } ?? "missing") is not [ymin, xmin, ymax, xmax] within 0–1000")
        }
        return BoundingBox(x: values[1] / 1_000, y: values[0] / 1_000, width: (values[3] - values[1]) / 1_000,
                           height: (values[2] - values[0]) / 1_000)
    }

    /// The JSON inside a ```json fence, which models add even when asked for JSON.
    static func unfenced(_ text: String) -> String {
        var lines = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.hasPrefix("```") == true, lines.last?.hasPrefix("```") == true, lines.count >= 2 else { return text }
        lines.removeFirst()
        lines.removeLast()
        return lines.joined(separator: "\n")
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .dataCorrupted: return "not valid JSON, or cut off"
        case .keyNotFound(let key, _): return "\(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        @unknown default: return "not the expected shape"
        }
    }
}
