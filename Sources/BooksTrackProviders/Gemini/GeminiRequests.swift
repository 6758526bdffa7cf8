import BooksTrackCore
import Foundation

/// Builds Gemini's `generateContent` requests: the image first, then the question, the system
/// instruction apart, JSON output with a response schema.
package struct GeminiRequests: Sendable {
    /// Inline data keeps the whole request under 20 MB; a kept photo is far smaller.
    package static let inlineLimit = 15 * 1_024 * 1_024

    package let baseURL: String
    package let model: String
    package let key: String

    /// The request reading the books on a shelf photo.
    package func shelf(jpeg: Data) throws(ShelfRecognitionError) -> ProviderRequest {
        guard jpeg.count <= Self.inlineLimit else {
            throw .malformedAnswer("the photo is \(jpeg.count / 1_048_576) MB; Gemini takes at most \(Self.inlineLimit / 1_048_576) MB inline")
        }
        return generate(
            system: Self.shelfInstruction,
            parts: [["inlineData": ["mimeType": "image/jpeg", "data": jpeg.base64EncodedString()]], ["text": Self.shelfQuestion]],
            temperature: 0.4, schema: Self.shelfSchema)
    }

    /// The request proposing how a CSV's columns map to a book's fields.
    package func columnMapping(header: [String], rows: [[String]], fields: [String]) -> ProviderRequest {
        var table = "Columns: " + header.enumerated().map { "\($0.offset): \($0.element)" }.joined(separator: " | ")
        for row in rows { table += "\nRow: " + row.joined(separator: " | ") }
        let schema: [String: Any] = [
            "type": "OBJECT",
            "properties": ["columns": [
                "type": "ARRAY",
                "items": ["type": "OBJECT", "properties": ["field": ["type": "STRING", "enum": fields], "column": ["type": "INTEGER"]],
                          "required": ["field", "column"]],
            ]],
            "required": ["columns"],
        ]
        return generate(
            system: """
                You map the columns of a CSV file exported by a reading tracker to a book's fields. Map a column only \
                when its name and its values show it holds that field; leave fields without a column out.
                """,
            parts: [["text": table]], temperature: 0.2, schema: schema)
    }

    private func generate(system: String, parts: [[String: Any]], temperature: Double, schema: [String: Any]) -> ProviderRequest {
        let body: [String: Any] = [
            "systemInstruction": ["parts": [["text": system]]],
            "contents": [["role": "user", "parts": parts]],
            "generationConfig": ["temperature": temperature, "responseMimeType": "application/json", "responseSchema": schema],
        ]
        // Dictionaries of strings, numbers and arrays: always serializable.
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        let url = ProviderRequest.url(base: baseURL, path: "/v1beta/models/\(ProviderRequest.percentEncoded(model)):generateContent")
        return ProviderRequest(url: url, headers: ["Accept": "application/json", "Content-Type": "application/json", "x-goog-api-key": key],
                               body: Array(data))
    }

    static let shelfInstruction = """
        You read the spines of books on a bookshelf photo. For each book whose spine you can see, give its title and \
        author as printed, its ISBN only if one is legible, your confidence from 0 to 1 that title and author are right, \
        and box_2d, the spine's box as [ymin, xmin, ymax, xmax] scaled to 0-1000 of the image's height and width. \
        Leave out what is not a book. Never invent a title you cannot read.
        """

    static let shelfQuestion = "List the books on this shelf."

    static var shelfSchema: [String: Any] { [
        "type": "OBJECT",
        "properties": ["books": [
            "type": "ARRAY",
            "items": [
                "type": "OBJECT",
                "properties": [
                    "title": ["type": "STRING"],
                    "author": ["type": "STRING"],
                    "isbn": ["type": "STRING"],
                    "confidence": ["type": "NUMBER"],
                    "box_2d": ["type": "ARRAY", "items": ["type": "INTEGER"]],
                ],
                "required": ["title", "confidence", "box_2d"],
            ],
        ]],
        "required": ["books"],
    ] }
}
