import Foundation

/// A yearly reading goal in books, pages, books toward the cultural goal (books the reader marks
/// as by under-represented voices, `LibraryEntry.contributesToCulturalGoal`), or several.
public struct ReadingGoal: Codable, Hashable, Sendable {
    public var year: Int
    public var books: Int?
    public var pages: Int?
    /// Books marked toward the cultural goal to finish in the year.
    public var cultural: Int?

    /// Creates a goal; at least one of `books`, `pages` and `cultural` must be given, each above zero.
    public init(year: Int, books: Int?, pages: Int?, cultural: Int? = nil) throws(ValidationError) {
        guard books != nil || pages != nil || cultural != nil else { throw .empty(field: "goal (books, pages or cultural)") }
        if let books, !Bounds.goalBooks.contains(books) {
            throw .outOfRange(field: "books", value: "\(books)", allowed: "1 to 100,000")
        }
        if let cultural, !Bounds.goalBooks.contains(cultural) {
            throw .outOfRange(field: "cultural", value: "\(cultural)", allowed: "1 to 100,000")
        }
        if let pages, !Bounds.goalPages.contains(pages) {
            throw .outOfRange(field: "pages", value: "\(pages)", allowed: "1 to 100,000,000")
        }
        guard Bounds.calendarYear.contains(year) else { throw .outOfRange(field: "year", value: "\(year)", allowed: "\(Bounds.calendarYear.lowerBound) to \(Bounds.calendarYear.upperBound)") }
        self.year = year
        self.books = books
        self.pages = pages
        self.cultural = cultural
    }
}

/// How a yearly goal stands on a given day (UTC).
public struct GoalProgress: Codable, Hashable, Sendable {
    public var goal: ReadingGoal
    public var booksDone: Int
    public var pagesDone: Int
    /// Books marked toward the cultural goal finished in the year.
    public var culturalDone: Int
    /// 365 or 366.
    public var daysInYear: Int
    /// Days of the year gone by, today included: 0 before the year, `daysInYear` after it.
    public var daysElapsed: Int
    /// Days left in the year, today included: `daysInYear` before it, 0 once it is over.
    public var daysLeft: Int
    /// Where the reader would be by today at an even pace toward the goal.
    public var expectedBooks: Double?
    public var expectedPages: Double?
    public var expectedCultural: Double?
    /// What is left to read, per week and per day, to reach the goal on time; nil once reached
    /// or once the year is over.
    public var booksPerWeekNeeded: Double?
    public var pagesPerDayNeeded: Double?

    /// Works out the progress of `goal` with what was finished so far, on the day of `now`.
    public init(goal: ReadingGoal, booksDone: Int, pagesDone: Int, culturalDone: Int = 0, now: Date) {
        self.goal = goal
        self.booksDone = booksDone
        self.pagesDone = pagesDone
        self.culturalDone = culturalDone
        let calendar = PartialDate.gregorianUTC
        let isLeap = (goal.year % 4 == 0 && goal.year % 100 != 0) || goal.year % 400 == 0
        daysInYear = isLeap ? 366 : 365
        let today = calendar.dateComponents([.year], from: now).year ?? goal.year
        if today < goal.year {
            daysElapsed = 0
        } else if today > goal.year {
            daysElapsed = daysInYear
        } else {
            daysElapsed = calendar.ordinality(of: .day, in: .year, for: now) ?? 1
        }
        daysLeft = daysInYear - daysElapsed + (today == goal.year ? 1 : 0)
        let elapsed = Double(daysElapsed)
        let days = Double(daysInYear)
        expectedBooks = goal.books.map { Double($0) * elapsed / days }
        expectedPages = goal.pages.map { Double($0) * elapsed / days }
        expectedCultural = goal.cultural.map { Double($0) * elapsed / days }
        if let books = goal.books, booksDone < books, daysLeft > 0, today <= goal.year {
            booksPerWeekNeeded = Double(books - booksDone) / Double(daysLeft) * 7
        }
        if let pages = goal.pages, pagesDone < pages, daysLeft > 0, today <= goal.year {
            pagesPerDayNeeded = Double(pages - pagesDone) / Double(daysLeft)
        }
    }

    /// Whether the reader is at or ahead of the even pace on every part of the goal.
    public var isOnTrack: Bool {
        let booksOK = expectedBooks.map { Double(booksDone) >= $0.rounded(.down) } ?? true
        let pagesOK = expectedPages.map { Double(pagesDone) >= $0.rounded(.down) } ?? true
        let culturalOK = expectedCultural.map { Double(culturalDone) >= $0.rounded(.down) } ?? true
        return booksOK && pagesOK && culturalOK
    }
}

/// Days in a row with reading: a session or a progress update (UTC days).
public struct ReadingStreaks: Codable, Hashable, Sendable {
    /// The run of reading days ending today, or yesterday when nothing is logged today yet.
    public var current: Int
    public var longest: Int
    /// The last day with reading, "2026-11-22".
    public var lastReadingDay: String?

    public init(current: Int, longest: Int, lastReadingDay: String?) {
        self.current = current
        self.longest = longest
        self.lastReadingDay = lastReadingDay
    }

    /// The streaks of `days` (day numbers, days since 1970-01-01 in UTC, any order, repeats
    /// allowed) seen on day `today`.
    public init(days: [Int], today: Int) {
        let sorted = Array(Set(days)).sorted()
        var longest = 0
        var run = 0
        var previous: Int?
        for day in sorted {
            run = previous.map { day == $0 + 1 } == true ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        let current = if let last = sorted.last, last == today || last == today - 1, last <= today { run } else { 0 }
        let lastDay = sorted.last.map { ISO8601Text.day(Date(timeIntervalSince1970: Double($0) * 86_400)) }
        self.init(current: current, longest: longest, lastReadingDay: lastDay)
    }
}
