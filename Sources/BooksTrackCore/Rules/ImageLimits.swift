import Foundation

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

/// The kinds of image read (by their bytes, never their names): JPEG, PNG, WebP and HEIC.
public enum ImageKind: String, Sendable, Hashable {
    case jpeg, png, webp, heic

    /// The kind of `bytes`, or nil for anything else (SVG, PDF, GIF, TIFF … are not read, however named).
    public init?(of bytes: Data) {
        let head = [UInt8](bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else if head.count == 12, Array(head[4..<8]) == Array("ftyp".utf8),
                  ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].contains(String(decoding: head[8..<12], as: UTF8.self)) {
            self = .heic
        } else {
            return nil
        }
    }

    /// "image/jpeg" and so on.
    public var mediaType: String { "image/\(rawValue)" }
}
