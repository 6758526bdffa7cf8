import Foundation

/// Turns photos into what is kept of them.
public protocol ImageProcessor: Sendable {
    /// A page photo as kept: turned upright by its EXIF orientation, at most 2,048 pixels on its
    /// longer side, JPEG at quality 70 without metadata (no location, no camera), with a 320-pixel
    /// thumbnail. Throws `ImageError` for what is not a photo it may read.
    func pagePhoto(_ data: Data) async throws -> ProcessedPhoto
    /// The image at most `width` pixels wide (never enlarged), upright, as JPEG without metadata.
    func resized(_ data: Data, width: Int) async throws -> Data
    /// The part of a (processed) photo inside `box`, at most `longestSide` pixels on its longer
    /// side, as JPEG without metadata: a book's spine on a shelf photo.
    func crop(_ data: Data, to box: BoundingBox, longestSide: Int) async throws -> Data
}

/// A photo as kept, and its thumbnail.
public struct ProcessedPhoto: Sendable, Hashable {
    public var jpeg: Data
    public var thumbnail: Data
    public var width: Int
    public var height: Int

    public init(jpeg: Data, thumbnail: Data, width: Int, height: Int) {
        self.jpeg = jpeg
        self.thumbnail = thumbnail
        self.width = width
        self.height = height
    }
}
