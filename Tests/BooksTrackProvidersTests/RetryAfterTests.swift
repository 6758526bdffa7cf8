import BooksTrackProviders
import Foundation
import Testing

@Suite struct RetryAfterTests {
    @Test func delaySecondsAreReadAsGiven() {
        #expect(RetryAfter.seconds(from: "120", now: Date()) == 120)
        #expect(RetryAfter.seconds(from: " 0 ", now: Date()) == 0)
    }

    @Test func anHTTPDateCountsTheSecondsUntilThen() {
        // Given "now" 90 s before the date in the header
        let now = Date(timeIntervalSince1970: 784_111_777 - 90)

        // When reading Retry-After: Sun, 06 Nov 1994 08:49:37 GMT (784111777 s after 1970)
        let seconds = RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: now)

        // Then it is 90 s away
        #expect(seconds == 90)
    }

    @Test func aDateInThePastOrGarbageNeverGivesANegativeWait() {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: now) == 0)
        #expect(RetryAfter.seconds(from: "-5", now: now) == 0)
        #expect(RetryAfter.seconds(from: "soon", now: now) == nil)
        #expect(RetryAfter.seconds(from: nil, now: now) == nil)
    }
}
