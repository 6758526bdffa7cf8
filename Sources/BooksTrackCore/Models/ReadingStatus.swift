/// Where a reader is with a book: the six states every source app can be mapped onto.
/// A key of JSON objects too: `[ReadingStatus: Int]` encodes as `{"read": 3}`.
public enum ReadingStatus: String, Codable, CodingKeyRepresentable, Sendable, CaseIterable, Hashable {
    case wishlist
    case toRead
    case reading
    case read
    case onHold
    case dnf

    /// The name shown to a reader.
    public var displayName: String {
        switch self {
        case .wishlist: "Wishlist"
        case .toRead: "To Read"
        case .reading: "Reading"
        case .read: "Read"
        case .onHold: "On Hold"
        case .dnf: "Did Not Finish"
        }
    }
}
