import BooksTrackCore

/// Paces the requests to one service (a token bucket kept as the generic cell rate algorithm).
///
/// Each `acquire` reserves the next free slot before it waits, so concurrent callers queue up in
/// order instead of bursting together; a caller that would wait longer than it may gets
/// `ProviderError.rateLimited` at once and reserves nothing.
public actor RateLimiter {
    /// The pacing rule.
    public nonisolated let policy: RateLimitPolicy
    private let clock: RateLimiterClock
    // The time at which the bucket would be full again ("theoretical arrival time").
    private var theoreticalArrival: Duration

    /// Creates a limiter with a full bucket.
    public init(policy: RateLimitPolicy, clock: RateLimiterClock = .continuous) {
        self.policy = policy
        self.clock = clock
        self.theoreticalArrival = clock.now()
    }

    /// Waits until a request may go, at most `maxWait`.
    ///
    /// Throws `.rateLimited(retryAfter:)` without waiting when the next slot is further away than
    /// `maxWait`, and `.unreachable` when the waiting task is cancelled.
    public func acquire(maxWait: Duration) async throws(ProviderError) {
        let now = clock.now()
        let tolerance = policy.interval * (policy.burst - 1)
        let arrival = max(theoreticalArrival, now)
        let wait = max(.zero, arrival - tolerance - now)
        guard wait <= maxWait else {
            throw .rateLimited(retryAfter: ProviderConfiguration.seconds(wait))
        }
        theoreticalArrival = arrival + policy.interval
        guard wait > .zero else { return }
        do {
            try await clock.sleep(wait)
        } catch {
            throw .unreachable("cancelled while waiting for the rate limiter")
        }
    }

    /// Holds every request back for `duration`, after the service answered 429 Too Many Requests.
    public func backOff(for duration: Duration) {
        let tolerance = policy.interval * (policy.burst - 1)
        theoreticalArrival = max(theoreticalArrival, clock.now() + duration + tolerance)
    }
}
