import Foundation

/// One earlier read of a book, kept in the entry's history when the reader starts again.
public struct ReadPeriod: Hashable, Sendable, Codable {
    /// How an earlier read ended.
    public enum Outcome: String, Hashable, Sendable, Codable, CaseIterable {
        case read
        case dnf
    }

    public var started: Date?
    public var ended: Date?
    public var outcome: Outcome

    /// Creates a period; either date may be unknown.
    public init(started: Date? = nil, ended: Date? = nil, outcome: Outcome) {
        self.started = started
        self.ended = ended
        self.outcome = outcome
    }
}
