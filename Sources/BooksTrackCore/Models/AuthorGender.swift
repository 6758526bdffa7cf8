/// An author's gender as recorded by the reader or suggested from open data.
public enum AuthorGender: String, Codable, Sendable, CaseIterable, Hashable {
    case female
    case male
    case nonBinary
    case other
    case unknown

    /// The name shown to a reader.
    public var displayName: String {
        switch self {
        case .female: "Female"
        case .male: "Male"
        case .nonBinary: "Non-binary"
        case .other: "Other"
        case .unknown: "Unknown"
        }
    }
}
