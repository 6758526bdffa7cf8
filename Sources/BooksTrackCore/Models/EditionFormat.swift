/// The physical or digital form of an edition.
public enum EditionFormat: String, Codable, Sendable, CaseIterable, Hashable {
    case hardcover
    case paperback
    case massMarket
    case ebook
    case audiobook
    case other

    /// The name shown to a reader.
    public var displayName: String {
        switch self {
        case .hardcover: "Hardcover"
        case .paperback: "Paperback"
        case .massMarket: "Mass Market Paperback"
        case .ebook: "E-book"
        case .audiobook: "Audiobook"
        case .other: "Other"
        }
    }
}
