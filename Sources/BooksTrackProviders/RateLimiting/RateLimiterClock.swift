/// The time source of a `RateLimiter`: elapsed time since an arbitrary origin, and a way to wait.
///
/// Production uses `.continuous`; tests pass a manual clock whose `sleep` advances `now` at once,
/// so pacing is checked without real waiting.
public struct RateLimiterClock: Sendable {
    /// Time elapsed since the clock's origin; never goes backwards.
    public var now: @Sendable () -> Duration
    /// Waits for the given time; throws when the waiting task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a clock from its two operations.
    public init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The monotonic system clock.
    public static var continuous: RateLimiterClock {
        let clock = ContinuousClock()
        let origin = clock.now
        return RateLimiterClock(
            now: { origin.duration(to: clock.now) },
            sleep: { duration in try await clock.sleep(for: duration) }
        )
    }
}
