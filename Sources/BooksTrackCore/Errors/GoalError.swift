import Foundation

/// Why a goal use case could not be done.
public enum GoalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The year has no goal.
    case noGoal(year: Int)

    public var description: String {
        switch self {
        case .noGoal(let year): "no goal for \(year); set one with `bookstrack goal set --books N`"
        }
    }
}
