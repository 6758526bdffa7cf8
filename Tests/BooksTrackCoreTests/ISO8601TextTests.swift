import BooksTrackCore
import Foundation
import Testing

/// ISO 8601 text for every date that leaves the program as JSON.
@Suite struct ISO8601TextTests {
    @Test func knownDatesAreWrittenInUTC() {
        // 2026-11-22T09:00:00Z is 1,795,338,000 s after 1970; a leap day; the Unix epoch; a fraction
        #expect(ISO8601Text.text(Date(timeIntervalSince1970: 1_795_338_000)) == "2026-11-22T09:00:00Z")
        #expect(ISO8601Text.text(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(ISO8601Text.text(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(ISO8601Text.text(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(ISO8601Text.text(Date(timeIntervalSinceReferenceDate: 0.25)) == "2001-01-01T00:00:00.25Z")
    }

    @Test func textIsReadWithOffsetsAndFractions() {
        #expect(ISO8601Text.date("2026-11-22T09:00:00Z") == Date(timeIntervalSince1970: 1_795_338_000))
        #expect(ISO8601Text.date("2026-11-22T10:30:00+01:30") == Date(timeIntervalSince1970: 1_795_338_000))
        #expect(ISO8601Text.date("2001-01-01T00:00:00.5Z") == Date(timeIntervalSinceReferenceDate: 0.5))
    }

    @Test(arguments: [
        "", "2026-11-22", "2026-11-22T09:00:00", "2023-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-22T24:00:00Z",
        "2026-11-22T09:00:00.Z", "2026-11-22T09:00:00.1234567891Z", "2026-11-22T09:00:00Zjunk", "0000-01-01T00:00:00Z",
        "２０２６-11-22T09:00:00Z", String(repeating: "9", count: 1_000),
    ])
    func malformedTextIsNoDate(_ text: String) {
        #expect(ISO8601Text.date(text) == nil)
    }

    @Test func datesOutsideFourDigitYearsHaveNoText() {
        #expect(ISO8601Text.text(Date(timeIntervalSince1970: 253_402_300_800)) == nil)  // 10000-01-01
        #expect(ISO8601Text.text(Date.distantPast) == nil)
        #expect(ISO8601Text.text(Date(timeIntervalSinceReferenceDate: .infinity)) == nil)
        #expect(ISO8601Text.text(Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
    }

    @Test func writtenDatesReadBackAsTheSameDate() throws {
        // Dates with fractions of a second from 1900 to 2100, as the store keeps them (Double seconds)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let seconds = Double.random(in: -3_155_673_600...3_155_760_000, using: &generator)
            guard abs(seconds) > 10_000_000 else { continue }
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            let text = try #require(ISO8601Text.text(date))
            #expect(ISO8601Text.date(text) == date, "\(text) from \(seconds)")
        }
    }
}

/// Sums that hold at the limit instead of trapping, for figures over data written before the bounds.
@Suite struct SaturatingSumTests {
    @Test func sumsHoldAtTheLimits() {
        #expect([Int.max, Int.max].saturatingSum() == .max)
        #expect([Int.min, -1].saturatingSum() == .min)
        #expect([Int.max, 1, -5].saturatingSum() == .max - 5)
        #expect([412, 300].saturatingSum() == 712)
        #expect(Int.max.saturatingAdd(Int.min) == -1)
    }
}
