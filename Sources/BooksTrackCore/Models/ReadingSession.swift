import Foundation

/// One sitting with a book: when, for how long, how many pages.
public struct ReadingSession: Hashable, Sendable, Codable, Identifiable {
    /// The session's identifier.
    public typealias ID = Identifier<ReadingSession>

    /// Allowed session lengths in minutes (one minute to one day).
    public static let durationRange = Bounds.sessionMinutes

    public var id: ID
    public var date: Date
    /// 1–1440 minutes.
    public var durationMinutes: Int
    /// ≥ 0.
    public var pagesRead: Int

    /// Creates a session; `Validation` checks the bounds.
    public init(id: ID = ID(), date: Date, durationMinutes: Int, pagesRead: Int = 0) {
        self.id = id
        self.date = date
        self.durationMinutes = durationMinutes
        self.pagesRead = pagesRead
    }
}
