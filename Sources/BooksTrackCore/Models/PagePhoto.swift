import Foundation

/// A photo of a page the reader kept (metadata; the store holds the image bytes).
public struct PagePhoto: Hashable, Sendable, Codable, Identifiable {
    /// The photo's identifier.
    public typealias ID = Identifier<PagePhoto>

    /// Largest image accepted, in bytes.
    public static let byteLimit = 10 * 1024 * 1024
    /// Longest caption accepted.
    public static let captionLimit = 500

    public var id: ID
    public var page: Int?
    @MultiLineText public var caption: String?
    public var imageType: ImageType
    public var byteCount: Int
    public var dateAdded: Date

    /// Creates photo metadata.
    public init(id: ID = ID(), page: Int? = nil, caption: String? = nil, imageType: ImageType, byteCount: Int, dateAdded: Date) {
        self.id = id
        self.page = page
        self.caption = caption
        self.imageType = imageType
        self.byteCount = byteCount
        self.dateAdded = dateAdded
    }
}

/// The image formats accepted for page photos, recognized by their leading bytes.
public enum ImageType: String, Hashable, Sendable, Codable, CaseIterable {
    case jpeg
    case png

    /// The MIME type.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        }
    }

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        }
    }

    /// Recognizes JPEG (FF D8 FF) and PNG (89 50 4E 47 0D 0A 1A 0A) by their signatures; nil otherwise.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(8))
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            self = .jpeg
        } else if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            self = .png
        } else {
            return nil
        }
    }
}
