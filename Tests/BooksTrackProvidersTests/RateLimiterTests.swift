import BooksTrackCore
import BooksTrackProviders
import Testing

@Suite struct RateLimiterTests {
    @Test func requestsAreSpacedByTheInterval() async throws {
        // Given 3 requests a second without burst, on a manual clock
        let clock = ManualClock()
        let limiter = RateLimiter(policy: RateLimitPolicy(requests: 3, per: .seconds(1), burst: 1), clock: clock.rateLimiterClock)

        // When four requests go one after the other
        var times: [Duration] = []
        for _ in 0..<4 {
            try await limiter.acquire(maxWait: .seconds(5))
            times.append(clock.now)
        }

        // Then they went at 0, 1/3, 2/3 and 1 s
        let interval = Duration.seconds(1) / 3
        #expect(times == [.zero, interval, interval * 2, interval * 3])
    }

    @Test func aBurstGoesAtOnceThenThePaceResumes() async throws {
        // Given 1 request a second with a burst of 3
        let clock = ManualClock()
        let limiter = RateLimiter(policy: RateLimitPolicy(requests: 1, per: .seconds(1), burst: 3), clock: clock.rateLimiterClock)

        // When four requests go one after the other
        for _ in 0..<4 {
            try await limiter.acquire(maxWait: .seconds(5))
        }

        // Then only the fourth waited, one second
        #expect(clock.sleeps == [.seconds(1)])
    }

    @Test func aQuietPeriodRefillsTheBucket() async throws {
        // Given 1 request a second without burst, used once
        let clock = ManualClock()
        let limiter = RateLimiter(policy: RateLimitPolicy(requests: 1, per: .seconds(1), burst: 1), clock: clock.rateLimiterClock)
        try await limiter.acquire(maxWait: .seconds(5))

        // When the next request comes two seconds later
        clock.advance(by: .seconds(2))
        try await limiter.acquire(maxWait: .seconds(5))

        // Then it did not wait
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aRequestThatWouldWaitPastItsTimeoutFailsAtOnceAndReservesNothing() async throws {
        // Given 1 request a second, just used
        let clock = ManualClock()
        let limiter = RateLimiter(policy: RateLimitPolicy(requests: 1, per: .seconds(1), burst: 1), clock: clock.rateLimiterClock)
        try await limiter.acquire(maxWait: .seconds(5))

        // When a request may wait only half a second
        await #expect(throws: ProviderError.rateLimited(retryAfter: 1)) {
            try await limiter.acquire(maxWait: .milliseconds(500))
        }

        // Then it did not sleep, and the next request gets the slot it left free
        #expect(clock.sleeps.isEmpty)
        try await limiter.acquire(maxWait: .seconds(5))
        #expect(clock.sleeps == [.seconds(1)])
    }

    @Test func aBackOffHoldsRequestsForTheRetryAfterTime() async throws {
        // Given a limiter told to back off for 10 s
        let clock = ManualClock()
        let limiter = RateLimiter(policy: RateLimitPolicy(requests: 3, per: .seconds(1), burst: 1), clock: clock.rateLimiterClock)
        await limiter.backOff(for: .seconds(10))

        // When a request may wait 5 s, then one may wait 20 s
        await #expect(throws: ProviderError.rateLimited(retryAfter: 10)) {
            try await limiter.acquire(maxWait: .seconds(5))
        }
        try await limiter.acquire(maxWait: .seconds(20))

        // Then the second waited the 10 s
        #expect(clock.sleeps == [.seconds(10)])
    }

    @Test func openLibraryIsPacedFasterWithAContact() {
        // Given / When Open Library's policies with and without a contact
        let withContact = RateLimitPolicy.openLibrary(hasContact: true)
        let anonymous = RateLimitPolicy.openLibrary(hasContact: false)

        // Then 3 requests a second with it, 1 without
        #expect(withContact.interval == .seconds(1) / 3)
        #expect(anonymous.interval == .seconds(1))
    }

    @Test func coversNeverExceedAHundredInFiveMinutes() {
        // Given the covers policy
        let policy = RateLimitPolicy.openLibraryCovers

        // When counting the most requests any 5-minute window can hold (the burst plus the refill)
        let most = policy.burst + Int(Duration.seconds(300) / policy.interval)

        // Then it is at most 100
        #expect(most <= 100)
    }
}
