/// How demanding a work is to read.
public enum ReadingDifficulty: String, Codable, Sendable, CaseIterable, Hashable {
    case easy
    case moderate
    case challenging
    case academic

    /// The name shown to a reader.
    public var displayName: String {
        switch self {
        case .easy: "Easy"
        case .moderate: "Moderate"
        case .challenging: "Challenging"
        case .academic: "Academic"
        }
    }
}
