import Foundation

/// One attempt to enrich a queued work, remembered while the work stays queued.
public struct EnrichmentAttempt: Hashable, Sendable {
    /// What came of an attempt.
    public enum Result: String, Hashable, Sendable, CaseIterable {
        /// Something empty was filled.
        case filled
        /// The sources asked answered, without anything to fill.
        case notFound
        /// A source asked failed, so nothing is known.
        case unreachable
    }

    public var workID: Work.ID
    public var result: Result
    public var attemptedAt: Date
    /// When a run may try the work again without being forced.
    public var retryAfter: Date

    /// Creates an attempt.
    public init(workID: Work.ID, result: Result, attemptedAt: Date, retryAfter: Date) {
        self.workID = workID
        self.result = result
        self.attemptedAt = attemptedAt
        self.retryAfter = retryAfter
    }
}
