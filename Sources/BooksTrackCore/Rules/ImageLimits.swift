/// How much of an image is read at most.
public struct ImageLimits: Sendable, Hashable {
    /// Bytes of the file (a phone's photo is 2–12 MB).
    public var maxBytes: Int
    /// Width × height, read from the header before decoding (a 48-megapixel phone photo fits).
    public var maxPixels: Int

    public init(maxBytes: Int = 25 * 1_048_576, maxPixels: Int = 100_000_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }
}
