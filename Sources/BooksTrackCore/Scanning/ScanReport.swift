import Foundation

/// What a scan found.
public struct ScanReport: Codable, Hashable, Sendable {
    public var scanID: ShelfScan.ID
    public var recognizer: String
    /// Books seen on the photo, all now pending in the review queue.
    public var found: Int
    /// Of those, the ones a match was found for.
    public var matched: Int

    public init(scanID: ShelfScan.ID, recognizer: String, found: Int, matched: Int) {
        self.scanID = scanID
        self.recognizer = recognizer
        self.found = found
        self.matched = matched
    }
}

/// An accepted item and the book it is in the library.
public struct ReviewDecision: Sendable {
    public var item: ReviewItem
    public var book: LibraryBook
    /// The book was already there: nothing was added.
    public var alreadyInLibrary: Bool

    public init(item: ReviewItem, book: LibraryBook, alreadyInLibrary: Bool) {
        self.item = item
        self.book = book
        self.alreadyInLibrary = alreadyInLibrary
    }
}

/// What accepting every item above a confidence did.
public struct AcceptAllReport: Codable, Hashable, Sendable {
    public struct Failure: Codable, Hashable, Sendable {
        public var itemID: ReviewItem.ID
        public var reason: String

        public init(itemID: ReviewItem.ID, reason: String) {
            self.itemID = itemID
            self.reason = reason
        }
    }

    public var added: Int
    public var alreadyInLibrary: Int
    public var failed: [Failure]

    public init(added: Int, alreadyInLibrary: Int, failed: [Failure]) {
        self.added = added
        self.alreadyInLibrary = alreadyInLibrary
        self.failed = failed
    }
}

/// Why a scan or review item could not be used.
public enum ScanError: Error, Hashable, Sendable, CustomStringConvertible {
    case scanNotFound(ShelfScan.ID)
    /// No item with this ID (or ID prefix) in this library.
    case itemNotFound(String)
    /// Several pending items start with this prefix.
    case ambiguous(String, count: Int)
    /// The item was accepted or rejected already.
    case alreadyDecided(ReviewItem.ID, ReviewItem.Status)

    public var description: String {
        switch self {
        case .scanNotFound(let id): "no shelf scan \(id) in this library"
        case .itemNotFound(let id): "no review item \(id) in this library"
        case .ambiguous(let prefix, let count): "\(count) items waiting for review start with \(prefix); give more of the ID"
        case .alreadyDecided(_, let status): "this book was already \(status.rawValue)"
        }
    }
}
