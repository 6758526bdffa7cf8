import BooksTrackCore
import Foundation
import GRDB

/// The insights, read from counters the store keeps (`InsightFigures`), never from a loaded book,
/// so that they cost the same on a library of any size.
///
/// What counts as a read, an abandoned read and a read's edition is the core's
/// `InsightFact.facts`; a year counts the reads finished in it, so a read without a
/// finish date counts only for all time.
extension SQLiteLibraryStore {
    public func insights(year: Int?, now: Date) throws -> Insights {
        let scope = InsightsScope(year: year, now: now)
        return try readInsightFigures { db, user in
            let queries = InsightsQueries(db: db, user: user, scope: scope)
            let statistics = try queries.libraryFigures(statusCounts: statusCounts(db, user), reviewQueue: reviewQueueCount(db, user))
            let progress = try goalProgress(db, user, year: year ?? scope.currentYear, now: now)
            return Insights(
                year: year,
                library: statistics,
                reading: try queries.readingFigures(),
                years: try queries.yearsInBooks(),
                goal: progress,
                culturalGoal: try queries.culturalGoal(),
                streaks: try queries.streaks(),
                diversity: Diversity(read: try queries.diversityOfReads(), library: try queries.diversityOfLibrary())
            )
        }
    }

    public func goalProgress(year: Int, now: Date) throws -> GoalProgress? {
        try readInsightFigures { db, user in try goalProgress(db, user, year: year, now: now) }
    }

    /// How the goal of `year` stands, nil without one.
    private func goalProgress(_ db: Database, _ user: Int64?, year: Int, now: Date) throws -> GoalProgress? {
        guard let set = try goal(db, user, year: year) else { return nil }
        let scope = InsightsScope(year: year, now: now)
        let done = try InsightsQueries(db: db, user: user, scope: scope).finished()
        // Books the reader marked toward the cultural goal and finished in the year.
        let cultural = try Self.fetchInt(db, """
            SELECT COUNT(*) FROM entries WHERE userKey = ? AND contributesToCulturalGoal = 1 AND status = 'read'
            AND dateCompleted >= ? AND dateCompleted < ?
            """, [user, scope.start, scope.end])
        return GoalProgress(goal: set, booksDone: done.books, pagesDone: done.pages, culturalDone: cultural, now: now)
    }

    /// `read` after bringing the insight counters up to date, when a change left them behind.
    private func readInsightFigures<T>(_ body: (Database, _ user: Int64?) throws -> T) throws -> T {
        if try read({ db, _ in try InsightFigures.isStale(db) }) {
            do {
                if let db = TransactionScope.database(of: writer, writing: true) {
                    try InsightFigures.refresh(db, writer: writer)
                } else {
                    try writer.write { db in try InsightFigures.refresh(db, writer: writer) }
                }
            } catch {
                throw StoreError.translating(error)
            }
        }
        return try read(body)
    }

    public func goal(year: Int) throws -> ReadingGoal? {
        try read { db, user in try goal(db, user, year: year) }
    }

    func goal(_ db: Database, _ user: Int64?, year: Int) throws -> ReadingGoal? {
        try Self.fetch(db, "SELECT year, books, pages, culturalBooks FROM reading_goals WHERE userKey = ? AND year = ?", [user, year],
                       table: "reading_goals") { reader in
            try ReadingGoal(year: try reader.int(), books: try reader.optionalInt(), pages: try reader.optionalInt(),
                            cultural: try reader.optionalInt())
        }.first
    }

    public func setGoal(_ goal: ReadingGoal) throws {
        _ = try write { db, user in
            try Self.execute(db, """
                INSERT INTO reading_goals (userKey, year, books, pages, culturalBooks) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (userKey, year) DO UPDATE SET books = excluded.books, pages = excluded.pages,
                    culturalBooks = excluded.culturalBooks
                """, [user, goal.year, goal.books, goal.pages, goal.cultural])
        }
    }

    public func removeGoal(year: Int) throws {
        _ = try write { db, user in
            try Self.execute(db, "DELETE FROM reading_goals WHERE userKey = ? AND year = ?", [user, year])
        }
    }
}

/// The period the reading figures cover, in stored seconds (since 2001-01-01 UTC).
struct InsightsScope {
    let year: Int?
    let currentYear: Int
    /// The first second of the year and of the next; nil for all time.
    let start: Double?
    let end: Double?
    let now: Double
    /// Today, in days since 1970-01-01 (UTC).
    let today: Int

    init(year: Int?, now: Date) {
        let calendar = PartialDate.gregorianUTC
        self.year = year
        currentYear = calendar.component(.year, from: now)
        if let year,
            let first = calendar.date(from: DateComponents(year: year, month: 1, day: 1)),
            let next = calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1))
        {
            start = first.timeIntervalSinceReferenceDate
            end = next.timeIntervalSinceReferenceDate
        } else {
            start = nil
            end = nil
        }
        self.now = now.timeIntervalSinceReferenceDate
        today = ISO8601Text.dayNumber(of: now) ?? 0
    }

    /// The scope's days (since 1970-01-01, UTC), every day for all time.
    var dayRange: Range<Int> {
        guard let start, let end else { return Int(Int32.min)..<Int(Int32.max) }
        let first = ISO8601Text.dayNumber(of: Date(timeIntervalSinceReferenceDate: start)) ?? Int(Int32.min)
        let last = ISO8601Text.dayNumber(of: Date(timeIntervalSinceReferenceDate: end)) ?? Int(Int32.max)
        return first..<last
    }
}

/// The statements behind `insights`, for one user and scope, inside one read transaction, over
/// the counters `InsightFigures.refresh` keeps (year 0 standing for all time).
struct InsightsQueries {
    let db: Database
    let user: Int64?
    let scope: InsightsScope

    /// The counters' year: the scope's, or 0 for all time.
    private var year: Int { scope.year ?? 0 }

    /// Runs `sql` with the user as `?1`, the counters' year as `?2` (unless `scoped` is false:
    /// for a statement about the whole library) and `extra` from `?3` on.
    private func rows<T>(
        _ sql: String, _ extra: StatementArguments = [], scoped: Bool = true, _ decode: (inout RowReader) throws -> T
    ) throws -> [T] {
        let arguments: StatementArguments = scoped ? [user, year] : [user]
        return try SQLiteLibraryStore.fetch(db, sql, arguments + extra, table: "insights", decode)
    }

    // MARK: Library

    func libraryFigures(statusCounts: [ReadingStatus: Int], reviewQueue: Int) throws -> LibraryFigures {
        let totals = try rows("SELECT ownedCount, favoriteCount FROM entry_totals WHERE userKey = ?1", scoped: false) {
            (try $0.int(), try $0.int())
        }.first ?? (0, 0)
        return LibraryFigures(
            total: statusCounts.values.reduce(0, +), countsByStatus: statusCounts, owned: totals.0, favorites: totals.1,
            reviewQueue: reviewQueue
        )
    }

    /// Books and pages finished in the scope.
    func finished() throws -> (books: Int, pages: Int) {
        try rows("SELECT books, pages FROM insight_periods WHERE userKey = ?1 AND year = ?2 AND month = 0") {
            (try $0.int(), try $0.int())
        }.first ?? (0, 0)
    }

    // MARK: Reading

    func readingFigures() throws -> ReadingFigures {
        var figures = ReadingFigures()
        try totals(into: &figures)
        figures.periods = try periods()
        let lengths = try rows("SELECT pages, facts FROM insight_lengths WHERE userKey = ?1 AND year = ?2 ORDER BY pages") {
            (pages: try $0.int(), count: try $0.int())
        }
        figures.medianLength = Self.median(of: lengths)
        figures.shortest = try lengths.first.flatMap { try book(pages: $0.pages, year: year) }
        figures.longest = try lengths.last.flatMap { try book(pages: $0.pages, year: year) }
        let ended = figures.booksFinished + figures.abandoned
        figures.dnfRate = ended == 0 ? nil : Double(figures.abandoned) / Double(ended)
        figures.formats = try rows("""
            SELECT format, facts FROM insight_formats WHERE userKey = ?1 AND year = ?2 ORDER BY facts DESC, format
            """) { NamedCount(name: EditionFormat(rawValue: try $0.string())?.displayName ?? "Unknown", count: try $0.int()) }
        figures.topAuthors = try topAuthors(year: year, limit: 5)
        figures.topGenres = try rows("""
            SELECT name, facts FROM insight_genres WHERE userKey = ?1 AND year = ?2 ORDER BY facts DESC, name LIMIT 5
            """) { NamedCount(name: try $0.string(), count: try $0.int()) }
        figures.recentPagesPerDay = try SQLiteLibraryStore.fetch(db, """
            SELECT COALESCE(SUM(pages), 0) FROM insight_facts WHERE userKey = ? AND kind = 1 AND finished > ? AND finished <= ?
            """, [user, scope.now - 30 * 86_400, scope.now], table: "insights") { Double(try $0.int()) / 30 }.first
        let days = scope.dayRange
        let sessions = try SQLiteLibraryStore.fetch(db, """
            SELECT COALESCE(SUM(sessions), 0), COALESCE(SUM(minutes), 0), COALESCE(SUM(pages), 0) FROM insight_session_days
            WHERE userKey = ? AND day >= ? AND day < ?
            """, [user, days.lowerBound, days.upperBound], table: "insights") {
            (try $0.int(), try $0.int(), try $0.int())
        }.first ?? (0, 0, 0)
        (figures.sessionCount, figures.sessionMinutes, figures.sessionPages) = sessions
        return figures
    }

    private func totals(into figures: inout ReadingFigures) throws {
        _ = try rows("""
            SELECT books, pages, pagedBooks, ratingSum, rated, star1, star2, star3, star4, star5, rereads, daysSum, timed,
                abandoned, minutes, listenedBooks
            FROM insight_periods WHERE userKey = ?1 AND year = ?2 AND month = 0
            """) { reader in
            figures.booksFinished = try reader.int()
            figures.pagesFinished = try reader.int()
            figures.finishedWithPageCount = try reader.int()
            figures.averageLength = Self.mean(Double(figures.pagesFinished), figures.finishedWithPageCount)
            let ratingSum = try reader.double()
            figures.averageRating = Self.mean(ratingSum, try reader.int())
            figures.ratingDistribution = try (0..<5).map { _ in try reader.int() }
            figures.rereads = try reader.int()
            let daysSum = try reader.int()
            figures.averageDaysToFinish = Self.mean(Double(daysSum), try reader.int())
            figures.abandoned = try reader.int()
            figures.minutesListened = try reader.int()
            figures.audiobooksFinished = try reader.int()
        }
    }

    private static func mean(_ sum: Double, _ count: Int) -> Double? {
        count == 0 ? nil : sum / Double(count)
    }

    /// The middle length (the mean of the two middle ones for an even count) of ascending
    /// lengths with their counts.
    static func median(of lengths: [(pages: Int, count: Int)]) -> Double? {
        let total = lengths.reduce(0) { $0 + $1.count }
        guard total > 0 else { return nil }
        let wanted = [(total - 1) / 2, total / 2]
        var values: [Int] = []
        var seen = 0
        for length in lengths {
            let next = seen + length.count
            for index in wanted where index >= seen && index < next { values.append(length.pages) }
            seen = next
        }
        return values.reduce(0.0) { $0 + Double($1) } / Double(values.count)
    }

    /// Twelve months for a year, one entry per year with reads for all time.
    private func periods() throws -> [PeriodFigure] {
        guard let year = scope.year else {
            return try rows("""
                SELECT year, books, pages FROM insight_periods WHERE userKey = ?1 AND year > 0 AND month = 0 AND books > 0
                ORDER BY year
                """, scoped: false) { PeriodFigure(label: String(format: "%04d", try $0.int()), books: try $0.int(), pages: try $0.int()) }
        }
        let found = Dictionary(try rows("""
            SELECT month, books, pages FROM insight_periods WHERE userKey = ?1 AND year = ?2 AND month > 0
            """) { (try $0.int(), (books: try $0.int(), pages: try $0.int())) }) { first, _ in first }
        return (1...12).map { month in
            PeriodFigure(label: String(format: "%04d-%02d", year, month), books: found[month]?.books ?? 0,
                         pages: found[month]?.pages ?? 0)
        }
    }

    /// The read of `pages` pages finished in `year` (any year for 0) of the entry added first.
    private func book(pages: Int, year: Int) throws -> BookFigure? {
        try SQLiteLibraryStore.fetch(db, """
            WITH chosen AS (
                SELECT entryID, authorID, pages FROM insight_facts
                WHERE userKey = ?1 AND kind = 1 AND pages = ?2 AND (?3 = 0 OR year = ?3) ORDER BY added, entryID LIMIT 1
            )
            SELECT w.title, a.name, c.pages FROM chosen c
            JOIN entries e ON e.userKey = ?1 AND e.id = c.entryID
            JOIN works w ON w.userKey = ?1 AND w.id = e.workID
            LEFT JOIN authors a ON a.userKey = ?1 AND a.id = c.authorID
            """, [user, pages, year], table: "insights") {
            BookFigure(title: try $0.string(), author: try $0.optionalString(), pages: try $0.int())
        }.first
    }

    /// The authors with the most reads in `year`, ties by sort key: only the authors with at
    /// least the `limit`-th largest count are looked up.
    private func topAuthors(year: Int, limit: Int) throws -> [NamedCount] {
        try SQLiteLibraryStore.fetch(db, """
            SELECT a.name, c.facts FROM insight_authors c JOIN authors a ON a.userKey = c.userKey AND a.id = c.authorID
            WHERE c.userKey = ?1 AND c.year = ?2 AND c.facts >= COALESCE((
                SELECT facts FROM insight_authors WHERE userKey = ?1 AND year = ?2 ORDER BY facts DESC LIMIT 1 OFFSET ?3 - 1), 0)
            ORDER BY c.facts DESC, a.sortKey LIMIT ?3
            """, [user, year, limit], table: "insights") { NamedCount(name: try $0.string(), count: try $0.int()) }
    }

    // MARK: Years

    func yearsInBooks() throws -> [YearInBooks] {
        var years = try rows("""
            SELECT year, books, pages, pagedBooks, abandoned, rereads, ratingSum, rated FROM insight_periods
            WHERE userKey = ?1 AND year > 0 AND month = 0 ORDER BY year
            """, scoped: false) { reader in
            YearInBooks(year: try reader.int(), books: try reader.int(), pages: try reader.int(), booksWithPages: try reader.int(),
                        abandoned: try reader.int(),
                        rereads: try reader.int(), averageRating: Self.mean(try reader.double(), try reader.int()), longest: nil,
                        topAuthor: nil, topGenre: nil)
        }
        let longest = Dictionary(try rows("""
            SELECT year, MAX(pages) FROM insight_lengths WHERE userKey = ?1 AND year > 0 GROUP BY year
            """, scoped: false) { (try $0.int(), try $0.int()) }) { first, _ in first }
        let genres = Dictionary(try rows("""
            SELECT year, name, facts FROM (
                SELECT year, name, facts, ROW_NUMBER() OVER (PARTITION BY year ORDER BY facts DESC, name) AS rank
                FROM insight_genres WHERE userKey = ?1 AND year > 0
            ) WHERE rank = 1
            """, scoped: false) { (try $0.int(), NamedCount(name: try $0.string(), count: try $0.int())) }) { first, _ in first }
        for index in years.indices {
            let year = years[index].year
            years[index].longest = try longest[year].flatMap { try book(pages: $0, year: year) }
            years[index].topAuthor = try topAuthors(year: year, limit: 1).first
            years[index].topGenre = genres[year]
        }
        return years
    }

    // MARK: Goals and streaks

    func culturalGoal() throws -> CulturalGoalProgress {
        let categories = try rows("""
            SELECT COALESCE(culturalGoalCategory, 'unknown'), COUNT(*), SUM(status = 'read') FROM entries
            WHERE userKey = ?1 AND contributesToCulturalGoal = 1 GROUP BY 1 ORDER BY 2 DESC, 1
            """, scoped: false) { (name: try $0.string(), marked: try $0.int(), finished: try $0.int()) }
        return CulturalGoalProgress(
            marked: categories.reduce(0) { $0 + $1.marked }, finished: categories.reduce(0) { $0 + $1.finished },
            categories: categories.map { NamedCount(name: $0.name == "unknown" ? "Unknown" : $0.name, count: $0.marked) }
        )
    }

    /// Days with a session or a progress update.
    func streaks() throws -> ReadingStreaks {
        let days = try rows("""
            SELECT day FROM insight_session_days WHERE userKey = ?1 UNION SELECT day FROM reading_days WHERE userKey = ?1
            """, scoped: false) { try $0.int() }
        return ReadingStreaks(days: days, today: scope.today)
    }

    // MARK: Diversity

    /// The diversity groups of the reads in `year` (kind 1) or of the library (kind 0, year 0).
    private func diversity(kind: Int, year: Int) throws -> DiversityBreakdown {
        DiversityBreakdown(groups: try SQLiteLibraryStore.fetch(db, """
            SELECT gender, region, nationality, marginalizedOverride, originalLanguage, editionLanguage, translated, facts
            FROM insight_groups WHERE userKey = ? AND kind = ? AND year = ?
            """, [user, kind, year], table: "insights") { reader in
            let gender = try reader.string()
            let region = try reader.string()
            let nationality = try reader.string()
            let override = try reader.int()
            return DiversityGroup(
                gender: AuthorGender(rawValue: gender), region: CulturalRegion(rawValue: region),
                nationality: nationality, marginalizedVoiceOverride: override < 0 ? nil : override != 0,
                originalLanguage: try reader.string(), editionLanguage: try reader.string(), hasTranslator: try reader.bool(),
                count: try reader.int()
            )
        })
    }

    func diversityOfReads() throws -> DiversityBreakdown {
        try diversity(kind: 1, year: year)
    }

    func diversityOfLibrary() throws -> DiversityBreakdown {
        try diversity(kind: 0, year: 0)
    }
}
