import Foundation

/// One bookshelf photo a reader sent to be scanned.
public struct ShelfScan: Codable, Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<ShelfScan>

    public var id: ID
    /// The processed photo's size, in pixels.
    public var width: Int
    public var height: Int
    /// The recognizer that read it ("gemini", "offline"), once it has.
    public var recognizer: String?
    public var dateCreated: Date

    public init(id: ID = ID(), width: Int, height: Int, recognizer: String? = nil, dateCreated: Date) {
        self.id = id
        self.width = width
        self.height = height
        self.recognizer = recognizer
        self.dateCreated = dateCreated
    }

    /// What a work accepted from this scan keeps as its `scanImagePath`.
    public var imagePath: String { "scans/\(id)" }
}

/// A book seen on a shelf photo, waiting in the review queue until the reader accepts (adds it)
/// or rejects it.
public struct ReviewItem: Codable, Hashable, Sendable, Identifiable, NamedByIDPrefix {
    public typealias ID = Identifier<ReviewItem>

    public enum Status: String, Codable, Hashable, Sendable, CaseIterable {
        case pending, accepted, rejected
    }

    public var id: ID
    public var scanID: ShelfScan.ID
    /// What the recognizer read.
    public var detection: ShelfDetection
    /// The book it most likely is: found by the matcher, or chosen by the reader.
    public var match: WorkDTO?
    public var status: Status
    /// The library entry it became (or already was) once accepted.
    public var entryID: LibraryEntry.ID?
    public var dateCreated: Date
    public var dateDecided: Date?

    public init(id: ID = ID(), scanID: ShelfScan.ID, detection: ShelfDetection, match: WorkDTO?, dateCreated: Date) {
        self.id = id
        self.scanID = scanID
        self.detection = detection
        self.match = match
        status = .pending
        self.dateCreated = dateCreated
    }

    /// What accepting adds: the match, else the book as read from the spine.
    public var bookToAdd: WorkDTO {
        if let match { return match }
        let editions = detection.isbn.map { [EditionDTO(isbn13: [$0.isbn13], primaryProvider: "scan")] } ?? []
        return WorkDTO(title: detection.title, authors: detection.author.map { [AuthorDTO(name: $0)] } ?? [], editions: editions,
                       primaryProvider: "scan")
    }
}

/// Where scans and their review queue are kept. Each method runs inside the caller's transaction.
public protocol ScanStore: UserScoped {
    /// Keeps a scan and its processed photo, and the photo as sent when the reader asked to.
    func addScan(_ scan: ShelfScan, photo: Data, original: Data?) throws
    func scan(id: ShelfScan.ID) throws -> ShelfScan?
    func saveScan(_ scan: ShelfScan) throws
    func scanPhoto(id: ShelfScan.ID) throws -> Data?
    /// The photo as sent, when the reader asked to keep it.
    func scanOriginal(id: ShelfScan.ID) throws -> Data?
    /// Replaces the scan's pending items with these (a scan run again after a restart lands once),
    /// each with its spine crop (JPEG).
    func replacePendingItems(scanID: ShelfScan.ID, with items: [(item: ReviewItem, crop: Data?)]) throws
    /// Items with the status, most recent scan first, then by confidence, highest first.
    func reviewItems(status: ReviewItem.Status, minimumConfidence: Double, limit: Int, offset: Int) throws -> [ReviewItem]
    func reviewItems(scanID: ShelfScan.ID) throws -> [ReviewItem]
    func reviewItem(id: ReviewItem.ID) throws -> ReviewItem?
    func reviewItemCrop(id: ReviewItem.ID) throws -> Data?
    /// Saves an item's status, match, entry and decision date.
    func saveReviewItem(_ item: ReviewItem) throws
    func countReviewItems(status: ReviewItem.Status, minimumConfidence: Double) throws -> Int
}
