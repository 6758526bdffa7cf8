import CVips
import Foundation

/// PNGs of one colour drawn with libvips, for the image tests: a transparent one, and the few
/// hundred kilobytes of 16-bit pixels that decode to hundreds of megabytes.
public enum TestPNG {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `width` × `height` pixels of grey `grey` (0–255, or 0–65535 at 16 bits) with alpha `alpha`.
    public static func make(width: Int, height: Int, bits: Int = 8, grey: Double, alpha: Double) throws -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard bt_vips_test_png(Int32(width), Int32(height), Int32(bits), grey, alpha, &buffer, &length) == 0, let buffer else {
            throw Failure(description: "libvips could not draw the PNG")
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    /// The bomb: 10,000 × 10,000 pixels of 16-bit RGBA, about 778 KB.
    public static func sixteenBitGiant() throws -> Data {
        try make(width: 10_000, height: 10_000, bits: 16, grey: 0, alpha: 0)
    }
}
