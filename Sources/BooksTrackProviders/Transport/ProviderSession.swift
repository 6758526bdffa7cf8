import BooksTrackCore

/// What one provider needs to make requests: the shared transport, its own rate limiter and its timeout.
package struct ProviderSession: Sendable {
    // A Retry-After of hours would shut a provider off for the whole run; past this it is not obeyed.
    private static let longestBackOff: Double = 300

    /// The shared HTTP client.
    package let transport: HTTPTransport
    /// The provider's own pacing.
    package let limiter: RateLimiter
    /// How long one provider call may take, all its requests together.
    package let timeout: Duration

    /// Creates a session.
    package init(transport: HTTPTransport, limiter: RateLimiter, timeout: Duration) {
        self.transport = transport
        self.limiter = limiter
        self.timeout = timeout
    }

    /// Starts the clock of one provider call (a lookup, a search, one batch).
    package func startCall() -> CallBudget {
        CallBudget(total: timeout)
    }

    /// Waits for the rate limiter, then sends the request within what is left of the call's time.
    ///
    /// A 429 answer also holds back the following requests for the Retry-After time.
    package func get(_ request: ProviderRequest, within budget: CallBudget) async throws(ProviderError) -> ProviderResponse {
        try await limiter.acquire(maxWait: budget.remaining())
        do throws(ProviderError) {
            return try await transport.send(request, timeout: budget.remaining())
        } catch {
            switch error {
            case .rateLimited(let retryAfter):
                await limiter.backOff(for: .seconds(min(retryAfter ?? 1, Self.longestBackOff)))
                throw error
            case .timedOut:
                throw .timedOut(seconds: budget.totalSeconds)
            default:
                throw error
            }
        }
    }
}

/// The time left to one provider call, which may make several requests (edition, work, authors).
package struct CallBudget: Sendable {
    /// The whole time the call may take.
    package let total: Duration
    private let deadline: ContinuousClock.Instant

    /// Starts a budget of `total` from now.
    package init(total: Duration) {
        self.total = total
        self.deadline = ContinuousClock.now.advanced(by: total)
    }

    /// `total` in seconds, as `ProviderError.timedOut` reports it.
    package var totalSeconds: Double {
        ProviderConfiguration.seconds(total)
    }

    /// The time left; throws `.timedOut` when none is.
    package func remaining() throws(ProviderError) -> Duration {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { throw .timedOut(seconds: totalSeconds) }
        return left
    }
}
