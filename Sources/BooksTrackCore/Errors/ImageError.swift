/// Why an image (a page photo, a back cover, a shelf) was refused.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// More bytes than an image may have.
    case tooLarge(bytes: Int, limit: Int)
    /// Not an image format that is read (JPEG, PNG, WebP, HEIC), by its bytes.
    case notAnImage
    /// More pixels than an image may have, found from its header before decoding (a
    /// decompression bomb is a few KB that would decode to gigabytes).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The image could not be decoded or written (truncated, corrupt).
    case unreadable(String)
    /// A kind this server's image library was built without (Debian's libvips may lack HEIF).
    case kindNotReadHere(String)
    /// As many images as the server works on and keeps waiting are there already.
    case busy

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "the image is \(ByteCountText.megabytes(bytes)); at most \(ByteCountText.megabytes(limit)) is read"
        case .notAnImage:
            "this is not a photo BooksTrack reads: send a JPEG, PNG, WebP or HEIC image"
        case .tooManyPixels(let width, let height, let limit):
            "the image is \(width) × \(height) pixels; at most \(limit / 1_000_000) million pixels are read"
        case .unreadable(let reason):
            "the image cannot be read (\(reason))"
        case .kindNotReadHere(let kind):
            "this server cannot read \(kind) images (its image library was built without them); send the photo as JPEG"
        case .busy:
            "the server is working on as many images as it takes at once; send this one again in a few seconds"
        }
    }
}
