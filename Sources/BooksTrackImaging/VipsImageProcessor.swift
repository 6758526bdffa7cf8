import BooksTrackCore
import CVips
import Foundation

/// Page photos through libvips: checked (size, kind, pixels from the header), turned upright,
/// shrunk to 2,048 pixels and a 320-pixel thumbnail, written as JPEG quality 70 (as Bookbuddy
/// keeps them) without any metadata. On a thread of its own.
public struct VipsImageProcessor: ImageProcessor {
    public static let longestSide = 2_048
    public static let thumbnailSide = 320
    public static let quality = 70

    public let limits: ImageLimits

    public init(limits: ImageLimits = ImageLimits()) {
        self.limits = limits
    }

    public func pagePhoto(_ data: Data) async throws -> ProcessedPhoto {
        let limits = limits
        return try await ImageWork.shared.run(name: "bookstrack photo") { try Self.process(data, limits: limits) }
    }

    public func resized(_ data: Data, width: Int) async throws -> Data {
        let limits = limits
        return try await ImageWork.shared.run(name: "bookstrack resize", pixels: Vips.headerPixels(data)) {
            _ = try Vips.check(data, limits: limits)
            // Fit a box `width` wide and far taller: the width decides.
            let image = try Vips.upright(data, fitting: width, height: width * 10)
            defer { Vips.release(image) }
            return try Vips.jpeg(image, quality: 80)
        }
    }

    public func crop(_ data: Data, to box: BoundingBox, longestSide: Int) async throws -> Data {
        let limits = limits
        return try await ImageWork.shared.run(name: "bookstrack crop", pixels: Vips.headerPixels(data)) {
            let header = try Vips.check(data, limits: limits)
            // Decoded at its own size (a kept shelf photo is at most 2,048 px), then cut and shrunk.
            let image = try Vips.upright(data, fitting: max(header.width, header.height))
            defer { Vips.release(image) }
            let area = try Vips.cropped(image, to: box)
            defer { Vips.release(area) }
            let small = try Vips.shrunk(area, fitting: longestSide)
            defer { Vips.release(small) }
            return try Vips.jpeg(small, quality: Self.quality)
        }
    }

    /// The same, blocking the calling thread.
    public static func process(_ data: Data, limits: ImageLimits) throws -> ProcessedPhoto {
        _ = try Vips.check(data, limits: limits)
        let large = try Vips.upright(data, fitting: longestSide)
        defer { Vips.release(large) }
        let jpeg = try Vips.jpeg(large, quality: quality)
        let size = Vips.size(large)
        // The thumbnail comes from the photo already decoded, not from the file again.
        let small = try Vips.shrunk(large, fitting: thumbnailSide)
        defer { Vips.release(small) }
        return ProcessedPhoto(jpeg: jpeg, thumbnail: try Vips.jpeg(small, quality: quality), width: size.width, height: size.height)
    }
}
