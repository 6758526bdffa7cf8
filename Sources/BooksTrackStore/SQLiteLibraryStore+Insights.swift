import BooksTrackCore
import Foundation
import GRDB

/// The insights: every figure an SQL aggregate over the entries, never a loaded book.
///
/// A read is an entry with status read (finished on `dateCompleted`) or a finished read in an
/// entry's history (finished on its `ended`); a year counts the reads finished in it, so a read
/// without a finish date counts only for all time. A read's pages are its entry's shown page
/// count; its rating the entry's (history reads have none). A read's edition, for its format
/// and language, is the owned one, else the work's first. The primary author is the first.
///
/// The entries are read `NOT INDEXED`: every index starts with the user, and following one to
/// each of a library's rows costs several times more than reading the table through.
extension SQLiteLibraryStore {
    public func insights(year: Int?, now: Date) throws -> Insights {
        let scope = InsightsScope(year: year, now: now)
        return try read { db, user in
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
        try read { db, user in try goalProgress(db, user, year: year, now: now) }
    }

    /// How the goal of `year` stands, nil without one.
    private func goalProgress(_ db: Database, _ user: Int64?, year: Int, now: Date) throws -> GoalProgress? {
        guard let set = try goal(db, user, year: year) else { return nil }
        let done = try InsightsQueries(db: db, user: user, scope: InsightsScope(year: year, now: now)).finished()
        return GoalProgress(goal: set, booksDone: done.books, pagesDone: done.pages, now: now)
    }

    public func goal(year: Int) throws -> ReadingGoal? {
        try read { db, user in try goal(db, user, year: year) }
    }

    func goal(_ db: Database, _ user: Int64?, year: Int) throws -> ReadingGoal? {
        try Self.fetch(db, "SELECT year, books, pages FROM reading_goals WHERE userKey = ? AND year = ?", [user, year],
                       table: "reading_goals") { reader in
            try ReadingGoal(year: try reader.int(), books: try reader.optionalInt(), pages: try reader.optionalInt())
        }.first
    }

    public func setGoal(_ goal: ReadingGoal) throws {
        try write { db, user in
            try Self.execute(db, """
                INSERT INTO reading_goals (userKey, year, books, pages) VALUES (?, ?, ?, ?)
                ON CONFLICT (userKey, year) DO UPDATE SET books = excluded.books, pages = excluded.pages
                """, [user, goal.year, goal.books, goal.pages])
        }
    }

    public func removeGoal(year: Int) throws {
        try write { db, user in
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
        today = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}

/// The statements behind `insights`, for one user and scope, inside one read transaction.
struct InsightsQueries {
    let db: Database
    let user: Int64?
    let scope: InsightsScope

    /// Stored seconds to Unix seconds.
    static let unixOffset = "978307200"

    /// The user's reads (`?1` the user): entry, work, edition, finish and start dates, rating,
    /// pages and whether it is a re-read (the entry has an earlier finished read).
    static let reads = """
        reads(entryID, workID, editionID, finished, started, rating, pages, isReread) AS (
            SELECT e.id, e.workID, e.editionID, e.dateCompleted, e.dateStarted, e.rating, e.shownPageCount, e.earlierReads > 0
            FROM entries e NOT INDEXED WHERE e.userKey = ?1 AND e.status = 'read'
            UNION ALL
            SELECT e.id, e.workID, e.editionID, json_extract(h.value, '$.ended'), json_extract(h.value, '$.started'), NULL,
                e.shownPageCount,
                EXISTS (SELECT 1 FROM json_each(e.readHistory) p WHERE p.key < h.key AND json_extract(p.value, '$.outcome') = 'read')
            FROM entries e NOT INDEXED, json_each(e.readHistory) h
            WHERE e.userKey = ?1 AND e.earlierReads > 0 AND json_extract(h.value, '$.outcome') = 'read'
        )
        """

    /// `reads` and `scoped`, the reads finished in the scope (`?2` to `?3`, both NULL for all time).
    static let scopedReads = """
        WITH \(reads), scoped AS (SELECT * FROM reads WHERE ?2 IS NULL OR (finished >= ?2 AND finished < ?3))
        """

    /// The edition a read is counted with: the owned one, else the work's first.
    static let readEdition = """
        LEFT JOIN editions ed ON ed.userKey = ?1 AND ed.id = COALESCE(s.editionID, (
            SELECT x.id FROM editions x WHERE x.userKey = ?1 AND x.workID = s.workID ORDER BY x.dateCreated, x.id LIMIT 1))
        """

    /// The first author of a work `w`.
    static let primaryAuthor = """
        LEFT JOIN work_authors wa ON wa.userKey = ?1 AND wa.workID = s.workID AND wa.position = 0
        LEFT JOIN authors a ON a.userKey = ?1 AND a.id = wa.authorID
        """

    /// Runs `sql` with the user as `?1`, the scope's bounds as `?2` and `?3` (unless `scoped`
    /// is false: for a statement about the whole library) and `extra` from `?4` on.
    private func rows<T>(
        _ sql: String, _ extra: StatementArguments = [], scoped: Bool = true, _ decode: (inout RowReader) throws -> T
    ) throws -> [T] {
        let arguments: StatementArguments = scoped ? [user, scope.start, scope.end] : [user]
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
        try rows("\(Self.scopedReads) SELECT COUNT(*), COALESCE(SUM(pages), 0) FROM scoped") { (try $0.int(), try $0.int()) }.first ?? (0, 0)
    }

    // MARK: Reading

    func readingFigures() throws -> ReadingFigures {
        var figures = ReadingFigures()
        try totals(into: &figures)
        figures.periods = try periods()
        figures.medianLength = try medianLength(count: figures.finishedWithPageCount)
        figures.shortest = try book(order: "s.pages ASC")
        figures.longest = try book(order: "s.pages DESC")
        figures.ratingDistribution = try ratingDistribution()
        figures.abandoned = try abandoned()
        let ended = figures.booksFinished + figures.abandoned
        figures.dnfRate = ended == 0 ? nil : Double(figures.abandoned) / Double(ended)
        figures.formats = try rows("""
            \(Self.scopedReads) SELECT COALESCE(ed.format, 'unknown'), COUNT(*) FROM scoped s \(Self.readEdition)
            GROUP BY 1 ORDER BY 2 DESC, 1
            """) { NamedCount(name: EditionFormat(rawValue: try $0.string())?.displayName ?? "Unknown", count: try $0.int()) }
        figures.topAuthors = try topAuthors(limit: 5)
        figures.topGenres = try topGenres(limit: 5)
        let recentStart = scope.now - 30 * 86_400
        figures.recentPagesPerDay = try SQLiteLibraryStore.fetch(db, """
            WITH \(Self.reads) SELECT COALESCE(SUM(pages), 0) FROM reads WHERE finished > ?2 AND finished <= ?3
            """, [user, recentStart, scope.now], table: "reads") { Double(try $0.int()) / 30 }.first
        let sessions = try rows("""
            SELECT COUNT(*), COALESCE(SUM(durationMinutes), 0), COALESCE(SUM(pagesRead), 0) FROM reading_sessions NOT INDEXED
            WHERE userKey = ?1 AND (?2 IS NULL OR (date >= ?2 AND date < ?3))
            """) { (try $0.int(), try $0.int(), try $0.int()) }.first ?? (0, 0, 0)
        (figures.sessionCount, figures.sessionMinutes, figures.sessionPages) = sessions
        return figures
    }

    private func totals(into figures: inout ReadingFigures) throws {
        let day = "CAST((%@ + \(Self.unixOffset)) / 86400 AS INTEGER)"
        let finishedDay = String(format: day, "finished")
        let startedDay = String(format: day, "started")
        try rows("""
            \(Self.scopedReads)
            SELECT COUNT(*), COALESCE(SUM(pages), 0), COUNT(pages), AVG(pages), AVG(rating), COALESCE(SUM(isReread), 0),
                AVG(CASE WHEN started IS NOT NULL AND finished >= started THEN \(finishedDay) - \(startedDay) + 1 END)
            FROM scoped s
            """) { reader in
            figures.booksFinished = try reader.int()
            figures.pagesFinished = try reader.int()
            figures.finishedWithPageCount = try reader.int()
            figures.averageLength = try reader.optionalDouble()
            figures.averageRating = try reader.optionalDouble()
            figures.rereads = try reader.int()
            figures.averageDaysToFinish = try reader.optionalDouble()
        }
    }

    /// Twelve months for a year, one entry per year with reads for all time.
    private func periods() throws -> [PeriodFigure] {
        let format = scope.year == nil ? "%Y" : "%Y-%m"
        let found = try rows("""
            \(Self.scopedReads)
            SELECT strftime(?4, finished + \(Self.unixOffset), 'unixepoch') AS label, COUNT(*), COALESCE(SUM(pages), 0)
            FROM scoped WHERE finished IS NOT NULL GROUP BY label ORDER BY label
            """, [format]) { PeriodFigure(label: try $0.string(), books: try $0.int(), pages: try $0.int()) }
        guard let year = scope.year else { return found }
        let byLabel = Dictionary(found.map { ($0.label, $0) }) { first, _ in first }
        return (1...12).map { month in
            let label = String(format: "%04d-%02d", year, month)
            return byLabel[label] ?? PeriodFigure(label: label, books: 0, pages: 0)
        }
    }

    private func medianLength(count: Int) throws -> Double? {
        guard count > 0 else { return nil }
        let middle = try rows("\(Self.scopedReads) SELECT pages FROM scoped WHERE pages IS NOT NULL ORDER BY pages LIMIT ?5 OFFSET ?4",
                              [(count - 1) / 2, count % 2 == 0 ? 2 : 1]) { Double(try $0.int()) }
        return middle.isEmpty ? nil : middle.reduce(0, +) / Double(middle.count)
    }

    /// The first read in `order` (ties to the older entry), found before its title is looked up.
    private func book(order: String) throws -> BookFigure? {
        try rows("""
            \(Self.scopedReads), chosen AS (SELECT * FROM scoped s WHERE s.pages IS NOT NULL ORDER BY \(order), s.entryID LIMIT 1)
            SELECT w.title, a.name, s.pages FROM chosen s
            JOIN works w ON w.userKey = ?1 AND w.id = s.workID \(Self.primaryAuthor)
            """) { BookFigure(title: try $0.string(), author: try $0.optionalString(), pages: try $0.int()) }.first
    }

    private func ratingDistribution() throws -> [Int] {
        var stars = [0, 0, 0, 0, 0]
        for (star, count) in try rows("""
            \(Self.scopedReads)
            SELECT CASE WHEN rating <= 1 THEN 1 WHEN rating <= 2 THEN 2 WHEN rating <= 3 THEN 3 WHEN rating <= 4 THEN 4 ELSE 5 END,
                COUNT(*)
            FROM scoped WHERE rating IS NOT NULL GROUP BY 1
            """, [], { (try $0.int(), try $0.int()) }) {
            stars[min(max(star, 1), 5) - 1] = count
        }
        return stars
    }

    /// Reads abandoned in the scope: entries with status dnf (on `dateStopped`) and abandoned
    /// reads in histories (on their `ended`).
    private func abandoned() throws -> Int {
        try rows("""
            SELECT COUNT(*) FROM (
                SELECT e.dateStopped AS stopped FROM entries e NOT INDEXED WHERE e.userKey = ?1 AND e.status = 'dnf'
                UNION ALL
                SELECT json_extract(h.value, '$.ended') FROM entries e NOT INDEXED, json_each(e.readHistory) h
                WHERE e.userKey = ?1 AND e.readHistory IS NOT NULL AND json_extract(h.value, '$.outcome') = 'dnf'
            ) WHERE ?2 IS NULL OR (stopped >= ?2 AND stopped < ?3)
            """) { try $0.int() }.first ?? 0
    }

    private func topAuthors(limit: Int) throws -> [NamedCount] {
        try rows("""
            \(Self.scopedReads)
            SELECT a.name, COUNT(*) FROM scoped s \(Self.primaryAuthor)
            WHERE a.id IS NOT NULL GROUP BY a.id ORDER BY 2 DESC, a.sortKey LIMIT ?4
            """, [limit]) { NamedCount(name: try $0.string(), count: try $0.int()) }
    }

    private func topGenres(limit: Int) throws -> [NamedCount] {
        try rows("""
            \(Self.scopedReads)
            SELECT MIN(g.value), COUNT(*) FROM scoped s JOIN works w ON w.userKey = ?1 AND w.id = s.workID, json_each(w.genres) g
            WHERE w.genres IS NOT NULL GROUP BY lower(g.value) ORDER BY 2 DESC, 1 LIMIT ?4
            """, [limit]) { NamedCount(name: try $0.string(), count: try $0.int()) }
    }

    // MARK: Years

    func yearsInBooks() throws -> [YearInBooks] {
        let year = "CAST(strftime('%Y', finished + \(Self.unixOffset), 'unixepoch') AS INTEGER)"
        let withYear = "\(Self.scopedReads), dated AS (SELECT *, \(year) AS year FROM reads WHERE finished IS NOT NULL)"
        var years = try rows("""
            \(withYear) SELECT year, COUNT(*), COALESCE(SUM(pages), 0), COALESCE(SUM(isReread), 0), AVG(rating)
            FROM dated GROUP BY year ORDER BY year
            """) { reader in
            YearInBooks(year: try reader.int(), books: try reader.int(), pages: try reader.int(), abandoned: 0,
                        rereads: try reader.int(), averageRating: try reader.optionalDouble(), longest: nil, topAuthor: nil,
                        topGenre: nil)
        }
        let abandoned = Dictionary(try rows("""
            SELECT CAST(strftime('%Y', stopped + \(Self.unixOffset), 'unixepoch') AS INTEGER), COUNT(*) FROM (
                SELECT e.dateStopped AS stopped FROM entries e NOT INDEXED WHERE e.userKey = ?1 AND e.status = 'dnf'
                UNION ALL
                SELECT json_extract(h.value, '$.ended') FROM entries e NOT INDEXED, json_each(e.readHistory) h
                WHERE e.userKey = ?1 AND e.readHistory IS NOT NULL AND json_extract(h.value, '$.outcome') = 'dnf'
            ) WHERE stopped IS NOT NULL GROUP BY 1
            """, scoped: false) { (try $0.int(), try $0.int()) }) { first, _ in first }
        let longest = Dictionary(try rows("""
            \(withYear), longest AS (
                SELECT * FROM (
                    SELECT d.*, ROW_NUMBER() OVER (PARTITION BY d.year ORDER BY d.pages DESC, d.entryID) AS rank
                    FROM dated d WHERE d.pages IS NOT NULL
                ) WHERE rank = 1
            )
            SELECT s.year, w.title, a.name, s.pages FROM longest s
            JOIN works w ON w.userKey = ?1 AND w.id = s.workID \(Self.primaryAuthor)
            """) { (try $0.int(), BookFigure(title: try $0.string(), author: try $0.optionalString(), pages: try $0.int())) }) { first, _ in first }
        let authors = Dictionary(try rows("""
            \(withYear) SELECT year, name, books FROM (
                SELECT d.year, a.name, COUNT(*) AS books,
                    ROW_NUMBER() OVER (PARTITION BY d.year ORDER BY COUNT(*) DESC, a.sortKey) AS rank
                FROM dated d JOIN work_authors wa ON wa.userKey = ?1 AND wa.workID = d.workID AND wa.position = 0
                JOIN authors a ON a.userKey = ?1 AND a.id = wa.authorID
                GROUP BY d.year, a.id
            ) WHERE rank = 1
            """) { (try $0.int(), NamedCount(name: try $0.string(), count: try $0.int())) }) { first, _ in first }
        let genres = Dictionary(try rows("""
            \(withYear) SELECT year, genre, books FROM (
                SELECT d.year, MIN(g.value) AS genre, COUNT(*) AS books,
                    ROW_NUMBER() OVER (PARTITION BY d.year ORDER BY COUNT(*) DESC, lower(g.value)) AS rank
                FROM dated d JOIN works w ON w.userKey = ?1 AND w.id = d.workID, json_each(w.genres) g
                WHERE w.genres IS NOT NULL GROUP BY d.year, lower(g.value)
            ) WHERE rank = 1
            """) { (try $0.int(), NamedCount(name: try $0.string(), count: try $0.int())) }) { first, _ in first }
        let known = Set(years.map(\.year))
        for (year, count) in abandoned where !known.contains(year) {
            years.append(YearInBooks(year: year, books: 0, pages: 0, abandoned: count, rereads: 0, averageRating: nil,
                                     longest: nil, topAuthor: nil, topGenre: nil))
        }
        for index in years.indices {
            let year = years[index].year
            years[index].abandoned = abandoned[year] ?? 0
            years[index].longest = longest[year]
            years[index].topAuthor = authors[year]
            years[index].topGenre = genres[year]
        }
        return years.sorted { $0.year < $1.year }
    }

    // MARK: Goals and streaks

    func culturalGoal() throws -> CulturalGoalProgress {
        let categories = try rows("""
            SELECT COALESCE(culturalGoalCategory, 'unknown'), COUNT(*), SUM(status = 'read') FROM entries NOT INDEXED
            WHERE userKey = ?1 AND contributesToCulturalGoal = 1 GROUP BY 1 ORDER BY 2 DESC, 1
            """, scoped: false) { (name: try $0.string(), marked: try $0.int(), finished: try $0.int()) }
        return CulturalGoalProgress(
            marked: categories.reduce(0) { $0 + $1.marked }, finished: categories.reduce(0) { $0 + $1.finished },
            categories: categories.map { NamedCount(name: $0.name == "unknown" ? "Unknown" : $0.name, count: $0.marked) }
        )
    }

    /// Days with a session or a progress update (`reading_days`, kept by a trigger).
    func streaks() throws -> ReadingStreaks {
        let days = try rows("""
            SELECT CAST((date + \(Self.unixOffset)) / 86400 AS INTEGER) FROM reading_sessions NOT INDEXED
            WHERE userKey = ?1
            UNION SELECT day FROM reading_days WHERE userKey = ?1
            """, scoped: false) { try $0.int() }
        return ReadingStreaks(days: days, today: scope.today)
    }

    // MARK: Diversity

    private static let diversityColumns = """
        a.gender, a.culturalRegion, a.nationality, a.marginalizedVoiceOverride, w.originalLanguage, ed.language,
        ed.translator IS NOT NULL
        """

    private func diversityGroups(_ sql: String, scoped: Bool = true) throws -> [DiversityGroup] {
        try rows(sql, scoped: scoped) { reader in
            let gender: AuthorGender? = try reader.optionalValue()
            let region: CulturalRegion? = try reader.optionalValue()
            return DiversityGroup(
                gender: gender, region: region, nationality: try reader.optionalString(),
                marginalizedVoiceOverride: try reader.optionalBool(), originalLanguage: try reader.optionalString(),
                editionLanguage: try reader.optionalString(), hasTranslator: try reader.bool(), count: try reader.int()
            )
        }
    }

    func diversityOfReads() throws -> DiversityBreakdown {
        DiversityBreakdown(groups: try diversityGroups("""
            \(Self.scopedReads)
            SELECT \(Self.diversityColumns), COUNT(*) FROM scoped s
            JOIN works w ON w.userKey = ?1 AND w.id = s.workID \(Self.primaryAuthor) \(Self.readEdition)
            GROUP BY 1, 2, 3, 4, 5, 6, 7
            """))
    }

    func diversityOfLibrary() throws -> DiversityBreakdown {
        DiversityBreakdown(groups: try diversityGroups("""
            WITH s AS (SELECT workID, editionID FROM entries NOT INDEXED WHERE userKey = ?1)
            SELECT \(Self.diversityColumns), COUNT(*) FROM s
            JOIN works w ON w.userKey = ?1 AND w.id = s.workID \(Self.primaryAuthor) \(Self.readEdition)
            GROUP BY 1, 2, 3, 4, 5, 6, 7
            """, scoped: false))
    }
}
