import BooksTrackCore
import Foundation

/// `generateContent`'s answer, only what is read of it.
struct GeminiResponse: Decodable {
    struct Candidate: Decodable {
        struct Content: Decodable {
            struct Part: Decodable {
                var text: String?
            }

            var parts: [Part]?
        }

        var content: Content?
        var finishReason: String?
    }

    struct PromptFeedback: Decodable {
        var blockReason: String?
    }

    struct Usage: Decodable {
        var promptTokenCount: Int?
        var candidatesTokenCount: Int?
        var totalTokenCount: Int?
    }

    var candidates: [Candidate]?
    var promptFeedback: PromptFeedback?
    var usageMetadata: Usage?
}

/// The JSON the shelf question asks for (`GeminiRequests.shelfSchema`), as text in the answer.
struct GeminiShelfAnswer: Decodable {
    struct Book: Decodable {
        var title: String?
        var author: String?
        var isbn: String?
        var confidence: Double?
        // swiftlint:disable:next identifier_name
        var box_2d: [Double]?
    }

    var books: [Book]
}

/// The JSON the column question asks for.
struct GeminiColumnAnswer: Decodable {
    struct Column: Decodable {
        var field: String
        var column: Int
    }

    var columns: [Column]
}
