import BooksTrackImaging
import CVips
import Foundation

/// A photo-like JPEG made here (no file needed): gradients with seeded noise, so that it
/// compresses like a camera's picture rather than like a flat drawing.
public enum SamplePhoto {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A `width` × `height` RGB JPEG at quality 92, as a phone writes one.
    public static func jpeg(width: Int, height: Int, seed: UInt64 = 7) throws -> Data {
        var generator = SeededGenerator(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let noise = Int(generator.next() % 48)
                let index = (y * width + x) * 3
                pixels[index] = UInt8(clamping: x * 200 / width + noise)
                pixels[index + 1] = UInt8(clamping: y * 200 / height + noise)
                pixels[index + 2] = UInt8(clamping: (x + y) * 120 / (width + height) + noise * 2)
            }
        }
        guard Vips.start() else { throw Failure(description: "libvips did not start") }
        let image = pixels.withUnsafeBytes { raw in
            vips_image_new_from_memory_copy(raw.baseAddress, raw.count, Int32(width), Int32(height), 3, VIPS_FORMAT_UCHAR)
        }
        guard let image else { throw Failure(description: "libvips could not take the pixels") }
        defer { bt_vips_release(image) }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard bt_vips_camera_jpeg(image, &buffer, &length) == 0, let buffer else { throw Failure(description: "libvips could not write the JPEG") }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: length)
    }
}
