import Foundation

extension ShelfDetection {
    /// The longest title kept from a recognizer (the library's own limit is longer; a spine is not).
    public static let titleLimit = 300
    public static let authorLimit = 200
    /// The most books one photo may name: a wide shelf holds a few dozen.
    public static let perPhotoLimit = 150
    /// How far past an edge a box may reach and be taken as touching it (rounding by the recognizer).
    static let edgeTolerance = 0.005

    /// A detection from a recognizer's raw values, every one checked: a title of 1–300
    /// characters, an author of at most 200, a confidence in 0–1, a box of positive size inside
    /// the image. An ISBN that fails its checksum is dropped (a misread digit), not an error.
    /// `index` names the detection in the reason.
    public static func checked(
        index: Int, title: String?, author: String?, isbn: String?, confidence: Double?, box: BoundingBox?
    ) throws(ShelfRecognitionError) -> ShelfDetection {
        func refuse(_ reason: String) -> ShelfRecognitionError { .malformedAnswer("book \(index + 1): \(reason)") }
        guard let title = title?.trimmingWhitespace(), !title.isEmpty else { throw refuse("no title") }
        guard title.count <= titleLimit else { throw refuse("a title of \(title.count) characters (at most \(titleLimit))") }
        let author = author?.trimmingWhitespace()
        let kept = author?.isEmpty == false ? author : nil
        if let kept, kept.count > authorLimit { throw refuse("an author of \(kept.count) characters (at most \(authorLimit))") }
        guard let confidence, confidence.isFinite, (0...1).contains(confidence) else {
            throw refuse("confidence \(confidence.map { "\($0)" } ?? "missing") is not within 0–1")
        }
        guard let box else { throw refuse("no box") }
        let values = [box.x, box.y, box.width, box.height]
        guard values.allSatisfy(\.isFinite), box.x >= -edgeTolerance, box.y >= -edgeTolerance, box.width > 0, box.height > 0,
              box.x + box.width <= 1 + edgeTolerance, box.y + box.height <= 1 + edgeTolerance
        else { throw refuse("the box \(values) is not inside the image") }
        let clamped = BoundingBox(x: max(0, box.x), y: max(0, box.y), width: min(box.width, 1 - max(0, box.x)), height: min(box.height, 1 - max(0, box.y)))
        let parsed = isbn.flatMap { ISBN($0.filter { $0.isNumber || $0 == "X" || $0 == "x" }) }
        return ShelfDetection(title: title, author: kept, isbn: parsed, confidence: confidence, box: clamped)
    }

    /// Checks the count of a whole answer.
    public static func checkCount(_ count: Int) throws(ShelfRecognitionError) {
        guard count <= perPhotoLimit else {
            throw .malformedAnswer("\(count) books on one photo (at most \(perPhotoLimit))")
        }
    }
}
