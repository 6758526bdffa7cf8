import Foundation

/// Slows down guessing: after `freeFailures` failed sign-ins of one account, or from one address,
/// within `window`, each further attempt must wait twice as long as the last (from 2 s up to
/// `longestWait`). Nobody is locked out for good, and a success clears the account's count.
actor SignInThrottle {
    private struct Failures {
        var count: Int
        var last: ContinuousClock.Instant
    }

    private let freeFailures: Int
    private let window: Duration
    private let longestWait: Duration
    private var failures: [String: Failures] = [:]

    init(freeFailures: Int = 5, window: Duration = .seconds(15 * 60), longestWait: Duration = .seconds(15 * 60)) {
        self.freeFailures = freeFailures
        self.window = window
        self.longestWait = longestWait
    }

    /// How long the caller must still wait before trying `keys` again; zero when it may try now.
    func wait(for keys: [String], now: ContinuousClock.Instant = .now) -> Duration {
        keys.map { key -> Duration in
            guard let entry = failures[key], now - entry.last < window, entry.count >= freeFailures else { return .zero }
            let doubling = min(entry.count - freeFailures, 20)
            let wait = min(longestWait, .seconds(2) * (1 << doubling))
            return max(.zero, entry.last + wait - now)
        }.max() ?? .zero
    }

    /// Counts a failed attempt against every key.
    func failed(_ keys: [String], now: ContinuousClock.Instant = .now) {
        for key in keys {
            var entry = failures[key] ?? Failures(count: 0, last: now)
            if now - entry.last >= window { entry.count = 0 }
            entry.count += 1
            entry.last = now
            failures[key] = entry
        }
        // Forget what is older than the window, so the table cannot grow without bound.
        if failures.count > 10_000 { failures = failures.filter { now - $0.value.last < window } }
    }

    /// Clears the keys after a success.
    func succeeded(_ keys: [String]) {
        for key in keys { failures[key] = nil }
    }
}
