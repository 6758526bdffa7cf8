/// A normalized (0–1) rectangle on a bookshelf photo: where a spine was seen.
public struct BoundingBox: Hashable, Sendable, Codable {
    /// Left edge, 0–1 of the image width.
    public var x: Double
    /// Top edge, 0–1 of the image height.
    public var y: Double
    /// Width, 0–1 of the image width.
    public var width: Double
    /// Height, 0–1 of the image height.
    public var height: Double

    /// Creates a box; `validate()` checks the bounds.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
