/// Whether a work's data has been confirmed by a person.
public enum ReviewStatus: String, Codable, Sendable, CaseIterable, Hashable {
    /// Entered or confirmed by the reader (the default).
    case verified
    /// Inferred with low confidence (for example from a bookshelf scan) and waiting for review.
    case pending

    /// The name shown to a reader.
    public var displayName: String {
        switch self {
        case .verified: "Verified"
        case .pending: "Pending Review"
        }
    }
}
