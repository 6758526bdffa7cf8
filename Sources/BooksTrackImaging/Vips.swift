import BooksTrackCore
import CVips
import Foundation

/// libvips, started once per process, and the checks every image passes before it is decoded:
/// its size, its kind by its leading bytes, and its pixel count from its header.
package enum Vips {
    /// Started on first use; libvips is thread-safe after that.
    private static let started: Bool = bt_vips_start() == 0

    /// Starts libvips once for the whole process: its own start is not safe to race (a second
    /// caller goes on while the first still registers its types), so every part of the process
    /// that uses libvips (tests drawing images too) starts it here. False if it did not start.
    package static func start() -> Bool { started }

    /// Checks `bytes` (size, kind, pixels from the header) and answers its width and height.
    static func check(_ bytes: Data, limits: ImageLimits) throws(ImageError) -> (width: Int, height: Int) {
        guard bytes.count <= limits.maxBytes else { throw .tooLarge(bytes: bytes.count, limit: limits.maxBytes) }
        guard let kind = ImageKind(of: bytes) else { throw .notAnImage }
        guard started else { throw .unreadable("the image library did not start") }
        let loadable = bytes.withUnsafeBytes { raw in bt_vips_can_load(raw.baseAddress, raw.count) == 1 }
        guard loadable else { throw .kindNotReadHere(kind.rawValue.uppercased()) }
        let header: (width: Int, height: Int)? = bytes.withUnsafeBytes { raw in
            guard let image = bt_vips_open(raw.baseAddress, raw.count) else { return nil }
            defer { bt_vips_release(image) }
            return (Int(vips_image_get_width(image)), Int(vips_image_get_height(image)))
        }
        guard let header else { throw .unreadable(lastError()) }
        guard header.width > 0, header.height > 0 else { throw .unreadable("it has no pixels") }
        guard header.width.multipliedReportingOverflow(by: header.height).partialValue <= limits.maxPixels,
              header.width <= limits.maxPixels, header.height <= limits.maxPixels
        else { throw .tooManyPixels(width: header.width, height: header.height, limit: limits.maxPixels) }
        return header
    }

    /// The pixels an image's header claims (width × height, capped so it cannot overflow), or nil
    /// when it is no image libvips reads. Only the header is read.
    static func headerPixels(_ bytes: Data) -> Int? {
        guard started, ImageKind(of: bytes) != nil else { return nil }
        return bytes.withUnsafeBytes { raw -> Int? in
            guard let image = bt_vips_open(raw.baseAddress, raw.count) else {
                bt_vips_clear_error()
                return nil
            }
            defer { bt_vips_release(image) }
            let width = Int(vips_image_get_width(image)), height = Int(vips_image_get_height(image))
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            return overflow ? Int.max : pixels
        }
    }

    /// `bytes` turned upright by its EXIF orientation and shrunk to fit `size` (× `height`) pixels, as an
    /// image to work on (released by the caller with `bt_vips_release`).
    static func upright(_ bytes: Data, fitting size: Int, height: Int? = nil) throws(ImageError) -> OpaquePointer {
        let image: UnsafeMutablePointer<VipsImage>? = bytes.withUnsafeBytes { raw in
            var out: UnsafeMutablePointer<VipsImage>?
            guard bt_vips_thumbnail(raw.baseAddress, raw.count, Int32(size), Int32(height ?? size), &out) == 0 else { return nil }
            return out
        }
        guard let image else { throw .unreadable(lastError()) }
        return OpaquePointer(image)
    }

    /// `image` (already upright) shrunk to fit `size` pixels.
    static func shrunk(_ image: OpaquePointer, fitting size: Int) throws(ImageError) -> OpaquePointer {
        var out: UnsafeMutablePointer<VipsImage>?
        guard bt_vips_shrink(UnsafeMutablePointer<VipsImage>(image), Int32(size), &out) == 0, let out else { throw .unreadable(lastError()) }
        return OpaquePointer(out)
    }

    /// `image` turned by `degrees` about its centre, the corners white.
    static func rotated(_ image: OpaquePointer, degrees: Double) throws(ImageError) -> OpaquePointer {
        var out: UnsafeMutablePointer<VipsImage>?
        guard bt_vips_rotate(UnsafeMutablePointer<VipsImage>(image), degrees, &out) == 0, let out else { throw .unreadable(lastError()) }
        return OpaquePointer(out)
    }

    /// The part of `image` inside the normalized `box` (at least one pixel each way).
    static func cropped(_ image: OpaquePointer, to box: BoundingBox) throws(ImageError) -> OpaquePointer {
        let (width, height) = size(image)
        let left = min(width - 1, max(0, Int((box.x * Double(width)).rounded(.down))))
        let top = min(height - 1, max(0, Int((box.y * Double(height)).rounded(.down))))
        let areaWidth = max(1, min(width - left, Int((box.width * Double(width)).rounded(.up))))
        let areaHeight = max(1, min(height - top, Int((box.height * Double(height)).rounded(.up))))
        var out: UnsafeMutablePointer<VipsImage>?
        guard bt_vips_crop(UnsafeMutablePointer<VipsImage>(image), Int32(left), Int32(top), Int32(areaWidth), Int32(areaHeight), &out) == 0,
              let out
        else { throw .unreadable(lastError()) }
        return OpaquePointer(out)
    }

    /// The width and height of an image.
    static func size(_ image: OpaquePointer) -> (width: Int, height: Int) {
        let vipsImage = UnsafeMutablePointer<VipsImage>(image)
        return (Int(vips_image_get_width(vipsImage)), Int(vips_image_get_height(vipsImage)))
    }

    /// Releases an image `upright` made.
    static func release(_ image: OpaquePointer) {
        bt_vips_release(UnsafeMutablePointer<VipsImage>(image))
    }

    /// The pixels of `image` as 8-bit grey, row after row, with its width and height.
    static func grey(_ image: OpaquePointer) throws(ImageError) -> (pixels: [UInt8], width: Int, height: Int) {
        let vipsImage = UnsafeMutablePointer<VipsImage>(image)
        var pixels: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard bt_vips_grey(vipsImage, &pixels, &length) == 0, let pixels else { throw .unreadable(lastError()) }
        defer { g_free(pixels) }
        return (Array(UnsafeBufferPointer(start: pixels, count: length)),
                Int(vips_image_get_width(vipsImage)), Int(vips_image_get_height(vipsImage)))
    }

    /// `image` as JPEG at `quality`, without metadata.
    static func jpeg(_ image: OpaquePointer, quality: Int) throws(ImageError) -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard bt_vips_jpeg(UnsafeMutablePointer<VipsImage>(image), Int32(quality), &buffer, &length) == 0, let buffer else {
            throw .unreadable(lastError())
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    /// The last error libvips recorded, in one line.
    static func lastError() -> String {
        defer { bt_vips_clear_error() }
        let text = bt_vips_error().map { String(cString: $0) } ?? ""
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.isEmpty ? "not a readable image" : String(line.prefix(200))
    }
}
