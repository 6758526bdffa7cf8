import BooksTrackCore
import Foundation
import Testing

/// The one way a day is shown: `ISO8601Text.day(_:)`.
@Suite struct DayTextTests {
    @Test(arguments: [
        (1_795_338_000.0, "2026-11-22"), (0, "1970-01-01"), (-1, "1969-12-31"), (951_782_400, "2000-02-29"),
        (1_795_391_999, "2026-11-22"), (1_795_392_000, "2026-11-23"),
    ])
    func aDateIsShownAsItsDayInUTC(secondsSince1970: Double, day: String) {
        #expect(ISO8601Text.day(Date(timeIntervalSince1970: secondsSince1970)) == day)
    }

    @Test func theDayIsTheDatePartOfTheISO8601Text() throws {
        let date = Date(timeIntervalSince1970: 1_795_338_000.75)
        let text = try #require(ISO8601Text.text(date))
        #expect(ISO8601Text.day(date) == String(text.prefix(10)))
    }

    @Test func datesOutsideTheFourDigitYearsAreClampedToThem() {
        #expect(ISO8601Text.day(.distantFuture) == "4001-01-01")
        #expect(ISO8601Text.day(Date(timeIntervalSince1970: 1e12)) == "9999-12-31")
        #expect(ISO8601Text.day(Date(timeIntervalSince1970: -1e12)) == "0001-01-01")
    }

    @Test func theLastReadingDayOfAStreakIsShownTheSameWay() {
        let streaks = ReadingStreaks(days: [0, 1, 21], today: 21)
        #expect(streaks.lastReadingDay == ISO8601Text.day(Date(timeIntervalSince1970: 21 * 86_400)))
    }
}
