import Foundation

/// A book seen on a shelf photo as the API answers it and `--json` prints it.
public struct ReviewItemResource: Codable, Sendable, Hashable {
    public var id: String
    public var scanId: String
    public var status: ReviewItem.Status
    public var title: String
    public var author: String?
    public var isbn: String?
    public var confidence: Double
    public var box: BoundingBox
    public var match: WorkDTO?
    public var entryId: String?
    /// Where the server serves the spine's crop (JPEG); absent in the terminal.
    public var cropURL: String?
    public var dateCreated: Date

    public init(_ item: ReviewItem, cropURL: String? = nil) {
        id = item.id.description
        scanId = item.scanID.description
        status = item.status
        title = item.detection.title
        author = item.detection.author
        isbn = item.detection.isbn?.isbn13
        confidence = item.detection.confidence
        box = item.detection.box
        match = item.match
        entryId = item.entryID?.description
        self.cropURL = cropURL
        dateCreated = item.dateCreated
    }
}
