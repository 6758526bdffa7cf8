import Foundation

/// Slows down guessing: after `freeFailures` failed sign-ins of one account, or from one address,
/// within `window`, each further attempt must wait twice as long as the last (from 2 s up to
/// `longestWait`). Nobody is locked out for good, and a success clears the account's count. Time
/// is the server's clock (`now`), so tests set it.
actor SignInThrottle {
    private struct Failures {
        var count: Int
        var last: Date
    }

    private let freeFailures: Int
    private let window: TimeInterval
    private let longestWait: TimeInterval
    private let clock: @Sendable () -> Date
    private var failures: [String: Failures] = [:]

    init(freeFailures: Int = 5, window: TimeInterval = 15 * 60, longestWait: TimeInterval = 15 * 60, now: @escaping @Sendable () -> Date) {
        self.freeFailures = freeFailures
        self.window = window
        self.longestWait = longestWait
        clock = now
    }

    /// How long the caller must still wait before trying `keys` again; zero when it may try now.
    func wait(for keys: [String]) -> Duration {
        let now = clock()
        let seconds = keys.map { key -> TimeInterval in
            guard let entry = failures[key], now.timeIntervalSince(entry.last) < window, entry.count >= freeFailures else { return 0 }
            let doubling = min(entry.count - freeFailures, 20)
            let wait = min(longestWait, 2 * Double(1 << doubling))
            return max(0, entry.last.addingTimeInterval(wait).timeIntervalSince(now))
        }.max() ?? 0
        return .milliseconds(Int((seconds * 1_000).rounded(.up)))
    }

    /// Counts a failed attempt against every key.
    func failed(_ keys: [String]) {
        let now = clock()
        for key in keys {
            var entry = failures[key] ?? Failures(count: 0, last: now)
            if now.timeIntervalSince(entry.last) >= window { entry.count = 0 }
            entry.count += 1
            entry.last = now
            failures[key] = entry
        }
        // Forget what is older than the window, so the table cannot grow without bound.
        if failures.count > 10_000 { failures = failures.filter { now.timeIntervalSince($0.value.last) < window } }
    }

    /// Clears the keys after a success.
    func succeeded(_ keys: [String]) {
        for key in keys { failures[key] = nil }
    }
}
