import Foundation
import Testing

@testable import BooksTrackCore

@Suite struct GoalProgressTests {
    func date(_ year: Int, _ month: Int, _ day: Int) -> Date {
        PartialDate.gregorianUTC.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? .distantPast
    }

    @Test func aLeapYearHas366DaysAndTheLastDayExpectsTheWholeGoal() throws {
        let goal = try ReadingGoal(year: 2024, books: 366, pages: nil)
        let lastDay = GoalProgress(goal: goal, booksDone: 300, pagesDone: 0, now: date(2024, 12, 31))
        #expect(lastDay.daysInYear == 366)
        #expect(lastDay.daysElapsed == 366)
        #expect(lastDay.daysLeft == 1)
        #expect(lastDay.expectedBooks == 366)
        #expect(lastDay.booksPerWeekNeeded == 66.0 * 7)
        let leapDay = GoalProgress(goal: goal, booksDone: 60, pagesDone: 0, now: date(2024, 2, 29))
        #expect(leapDay.daysElapsed == 60)
        #expect(leapDay.expectedBooks == 60)
        #expect(leapDay.isOnTrack)
    }

    @Test func aYearOverNeedsNoPaceAndAYearAheadExpectsNothingYet() throws {
        let goal = try ReadingGoal(year: 2025, books: 12, pages: 5_000)
        let after = GoalProgress(goal: goal, booksDone: 10, pagesDone: 4_000, now: date(2026, 3, 1))
        #expect(after.daysLeft == 0)
        #expect(after.booksPerWeekNeeded == nil)
        #expect(after.pagesPerDayNeeded == nil)
        #expect(after.expectedBooks == 12)
        #expect(!after.isOnTrack)
        let before = GoalProgress(goal: goal, booksDone: 0, pagesDone: 0, now: date(2024, 6, 1))
        #expect(before.daysElapsed == 0)
        #expect(before.daysLeft == 365)
        #expect(before.expectedBooks == 0)
        #expect(before.pagesPerDayNeeded == 5_000.0 / 365)
    }

    @Test func aGoalNeedsBooksOrPagesAboveZero() {
        #expect(throws: ValidationError.self) { try ReadingGoal(year: 2025, books: nil, pages: nil) }
        #expect(throws: ValidationError.self) { try ReadingGoal(year: 2025, books: 0, pages: nil) }
        #expect(throws: ValidationError.self) { try ReadingGoal(year: 2025, books: nil, pages: -5) }
        #expect(throws: ValidationError.self) { try ReadingGoal(year: 0, books: 5, pages: nil) }
    }
}

@Suite struct ReadingStreakTests {
    @Test func theCurrentStreakEndsTodayOrYesterday() {
        #expect(ReadingStreaks(days: [10, 11, 12], today: 12).current == 3)
        #expect(ReadingStreaks(days: [10, 11, 12], today: 13).current == 3)
        #expect(ReadingStreaks(days: [10, 11, 12], today: 14).current == 0)
    }

    @Test func theLongestRunIgnoresRepeatsAndOrder() {
        let streaks = ReadingStreaks(days: [5, 3, 4, 4, 20, 21, 9], today: 21)
        #expect(streaks.longest == 3)
        #expect(streaks.current == 2)
        #expect(streaks.lastReadingDay == "1970-01-22")
    }

    @Test func noDaysMeansNoStreak() {
        let streaks = ReadingStreaks(days: [], today: 100)
        #expect(streaks == ReadingStreaks(current: 0, longest: 0, lastReadingDay: nil))
    }
}

@Suite struct ShareListTests {
    func share(_ key: String, _ count: Int) -> Share { Share(key: key, label: key, count: count, fraction: Double(count) / 100) }

    @Test func longListsKeepTheLargestFoldTheRestAndKeepUnknownLast() {
        let shares = (1...12).map { share("C\($0)", 13 - $0) } + [share(Share.unknown, 10)]
        let folded = Share.largest(shares, 8)
        #expect(folded.map(\.key) == (1...8).map { "C\($0)" } + ["other", Share.unknown])
        #expect(folded[8].label == "Other (4)")
        #expect(folded[8].count == 4 + 3 + 2 + 1)
        #expect(folded.map(\.count).reduce(0, +) == shares.map(\.count).reduce(0, +))
    }

    @Test func aListOneLongerThanTheLimitIsNotFoldedIntoAnOtherOfOne() {
        let shares = (1...9).map { share("C\($0)", 1) } + [share(Share.unknown, 0)]
        #expect(Share.largest(shares, 8) == shares)
    }
}
