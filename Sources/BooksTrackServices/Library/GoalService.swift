import BooksTrackCore
import Foundation

/// The goals' and insights' use cases.
public struct GoalService: Sendable {
    private let store: any GoalStore & InsightStore & LibraryTransactions
    private let now: @Sendable () -> Date

    /// Creates the service over one user's library.
    public init(store: any GoalStore & InsightStore & LibraryTransactions, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// The year asked for, else this year (UTC).
    public func year(_ year: Int?) -> Int {
        year ?? PartialDate.gregorianUTC.component(.year, from: now())
    }

    /// Sets (or replaces) a year's goal (this year when nil): books, pages, books toward the
    /// cultural goal, or several.
    public func setGoal(year: Int?, books: Int?, pages: Int?, cultural: Int? = nil) async throws -> ReadingGoal {
        let goal = try ReadingGoal(year: self.year(year), books: books, pages: pages, cultural: cultural)
        let store = store
        try await store.transaction { try store.setGoal(goal) }
        return goal
    }

    /// How a year's goal stands now.
    public func goalProgress(year: Int?) async throws -> GoalProgress {
        let year = self.year(year)
        let now = now()
        let store = store
        // A transaction, not a snapshot: counters a change marked are brought up to date first.
        guard let progress = try await store.transaction({ try store.goalProgress(year: year, now: now) }) else {
            throw GoalError.noGoal(year: year)
        }
        return progress
    }

    /// Removes a year's goal; a year without one is `GoalError.noGoal`.
    public func removeGoal(year: Int?) async throws -> Int {
        let year = self.year(year)
        let store = store
        try await store.transaction {
            guard try store.goal(year: year) != nil else { throw GoalError.noGoal(year: year) }
            try store.removeGoal(year: year)
        }
        return year
    }

    /// The insights of one year (nil for all time), as of now.
    public func insights(year: Int?) async throws -> Insights {
        let now = now()
        let store = store
        // A transaction, not a snapshot: counters a change marked are brought up to date first.
        return try await store.transaction { try store.insights(year: year, now: now) }
    }
}
