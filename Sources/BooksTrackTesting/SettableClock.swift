import Foundation
import Synchronization

/// A wall clock that tests move by hand: `now` never reads the real time.
public final class SettableClock: Sendable {
    private let current: Mutex<Date>

    /// Starts at `start`.
    public init(start: Date) { current = Mutex(start) }

    /// The clock's time.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
