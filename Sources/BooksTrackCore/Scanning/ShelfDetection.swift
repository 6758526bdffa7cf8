import Foundation

/// A book a recognizer saw on a bookshelf photo: what it read on the spine, how sure it is, and
/// where the spine is.
public struct ShelfDetection: Codable, Hashable, Sendable {
    public var title: String
    public var author: String?
    /// The ISBN when one was legible (rare on a spine); one that fails its checksum is dropped.
    public var isbn: ISBN?
    /// 0–1.
    public var confidence: Double
    /// The spine on the photo, normalized 0–1.
    public var box: BoundingBox

    public init(title: String, author: String? = nil, isbn: ISBN? = nil, confidence: Double, box: BoundingBox) {
        self.title = title
        self.author = author
        self.isbn = isbn
        self.confidence = confidence
        self.box = box
    }
}

/// A bookshelf photo as a recognizer reads it: processed (upright, at most 2,048 px, JPEG).
public struct ShelfPhoto: Sendable, Hashable {
    public var jpeg: Data
    public var width: Int
    public var height: Int

    public init(jpeg: Data, width: Int, height: Int) {
        self.jpeg = jpeg
        self.width = width
        self.height = height
    }
}

/// Names the books on a bookshelf photo: Gemini, or tesseract with the offline catalog.
public protocol ShelfRecognizer: Sendable {
    /// "gemini" or "offline", kept with each scan.
    var name: String { get }
    /// The books seen, each checked (`ShelfDetection.checked`). Throws `ShelfRecognitionError`.
    func recognize(_ photo: ShelfPhoto) async throws -> [ShelfDetection]
}

/// Finds the book a detection most likely is (the offline catalog, then the providers).
public protocol BookMatcher: Sendable {
    /// The best match, or nil when nothing plausible was found.
    func bestMatch(for detection: ShelfDetection) async throws -> WorkDTO?
}

/// Why a shelf photo could not be recognized. Each is a failed scan with its reason, never a crash.
public enum ShelfRecognitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The recognizer lacks what it needs (Gemini without `GEMINI_API_KEY`, offline mode).
    case notConfigured(String)
    /// The service refused the photo (Gemini's safety filters).
    case blocked(String)
    /// The answer is not what was asked for: unreadable JSON, cut off, values out of bounds.
    case malformedAnswer(String)
    /// The service could not be reached or kept failing (after its retries).
    case unavailable(String)

    public var description: String {
        switch self {
        case .notConfigured(let reason): "shelf recognition is not configured: \(reason)"
        case .blocked(let reason): "the recognizer refused the photo: \(reason)"
        case .malformedAnswer(let reason): "the recognizer's answer cannot be used: \(reason)"
        case .unavailable(let reason): "the recognizer is unavailable: \(reason)"
        }
    }
}
