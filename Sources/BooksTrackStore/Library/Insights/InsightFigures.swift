import BooksTrackCore
import GRDB

/// Brings the insight facts and counters (see `LibraryDatabase.createInsightFigures`) up to date
/// with the entries marked by triggers and by the store: their old facts are taken out of the
/// counters, recomputed and added back, set by set, so a refresh costs what changed since the last.
enum InsightFigures {
    /// The version of the rules that compute an entry's facts (what is a read, a re-read, an
    /// abandoned read, which edition counts). Raise it with any change to them: every library
    /// opened afterwards counts all its entries again by the new rules, once.
    static let factsVersion = 1

    /// Whether the stored facts were computed by this build's rules.
    static func factsAreCurrent(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT factsVersion FROM insight_rules WHERE id = 1") == factsVersion
    }

    /// Marks every entry for counting again when the facts in the file were computed by other
    /// rules than this build's (`factsVersion`), and records the version; inside the caller's
    /// write transaction. Returns whether the entries were marked.
    @discardableResult
    static func recountIfRulesChanged(_ db: Database) throws -> Bool {
        guard try !factsAreCurrent(db) else { return false }
        try db.execute(sql: """
            INSERT INTO insight_dirty (userKey, entryID) SELECT userKey, id FROM entries;
            INSERT INTO insight_rules (id, factsVersion) VALUES (1, ?)
            ON CONFLICT (id) DO UPDATE SET factsVersion = excluded.factsVersion;
            """, arguments: [factsVersion])
        return true
    }

    /// Whether some entry waits to be counted again.
    static func isStale(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM insight_dirty)")) ?? false
    }

    /// Marks the entry of a work whose editions or author links changed.
    static func mark(workID: Work.ID, user: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO insight_dirty (userKey, entryID) SELECT userKey, id FROM entries WHERE userKey = ? AND workID = ?
            """).execute(arguments: [user, workID.databaseValue])
    }

    /// Counts the marked entries again, inside the caller's write transaction.
    static func refresh(_ db: Database) throws {
        guard try isStale(db) else { return }
        try db.execute(sql: """
            INSERT INTO insight_marked (userKey, entryID) SELECT DISTINCT userKey, entryID FROM insight_dirty WHERE true
            ON CONFLICT DO NOTHING;
            DELETE FROM insight_dirty;
            """)
        let counted = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM insight_marked d JOIN insight_facts f ON f.userKey = d.userKey AND f.entryID = d.entryID)
            """) ?? false
        if counted {
            for counter in InsightCounter.all {
                try db.cachedStatement(sql: counter.subtractSQL).execute()
                try db.cachedStatement(sql: counter.dropEmptySQL).execute()
            }
            try db.execute(sql: """
                DELETE FROM insight_facts WHERE rowid IN (
                    SELECT f.rowid FROM insight_marked d JOIN insight_facts f ON f.userKey = d.userKey AND f.entryID = d.entryID)
                """)
        }
        // SQLite gives a new row the largest rowid plus one, so the new facts are read back as a range.
        let floor = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(rowid), 0) FROM insight_facts") ?? 0
        try db.execute(sql: insertFactsSQL)
        for counter in InsightCounter.all {
            try db.cachedStatement(sql: counter.addSQL).execute(arguments: [floor])
        }
        try db.execute(sql: "DELETE FROM insight_marked")
    }

    /// Stored seconds to Unix seconds.
    static let unixOffset = "978307200"

    private static func year(_ seconds: String) -> String {
        "COALESCE(CAST(strftime('%Y', \(seconds) + \(unixOffset), 'unixepoch') AS INTEGER), 0)"
    }

    private static func month(_ seconds: String) -> String {
        "COALESCE(CAST(strftime('%m', \(seconds) + \(unixOffset), 'unixepoch') AS INTEGER), 0)"
    }

    private static func day(_ seconds: String) -> String {
        "CAST((\(seconds) + \(unixOffset)) / 86400 AS INTEGER)"
    }

    /// The facts of the marked entries that still exist.
    ///
    /// A read is an entry with status read (finished on `dateCompleted`) or a finished read in its
    /// history (on its `ended`); its pages are the entry's shown page count, its rating the
    /// entry's (history reads have none), and it is a re-read when an earlier read was finished.
    /// An abandoned read is an entry with status dnf (on `dateStopped`) or an abandoned read in its
    /// history. The edition counted is the one whose page count the entry shows: the owned one,
    /// else the primary one (`EditionSelection.primaryEdition`: the best scored for cover, ISBN
    /// and page count, ties to the oldest). The author is the work's first.
    static let insertFactsSQL = """
        WITH marked AS MATERIALIZED (
            SELECT e.userKey, e.id AS entryID, e.dateAdded AS added, e.status, e.dateCompleted, e.dateStarted, e.dateStopped,
                e.rating AS entryRating, e.shownPageCount, e.earlierReads, e.readHistory, ed.format, a.id AS authorID, a.gender,
                a.culturalRegion, a.nationality, a.marginalizedVoiceOverride, w.originalLanguage, ed.language,
                ed.translator IS NOT NULL AS translated, w.genres AS workGenres
            FROM insight_marked d
            JOIN entries e ON e.userKey = d.userKey AND e.id = d.entryID
            JOIN works w ON w.userKey = e.userKey AND w.id = e.workID
            LEFT JOIN work_authors wa ON wa.userKey = e.userKey AND wa.workID = e.workID AND wa.position = 0
            LEFT JOIN authors a ON a.userKey = e.userKey AND a.id = wa.authorID
            LEFT JOIN editions ed ON ed.userKey = e.userKey AND ed.id = COALESCE(e.editionID, (
                SELECT x.id FROM editions x WHERE x.userKey = e.userKey AND x.workID = e.workID
                ORDER BY (x.coverImageURL IS NOT NULL) + (x.isbns IS NOT NULL) + (x.pageCount IS NOT NULL) DESC,
                    x.dateCreated, x.id
                LIMIT 1))
        ),
        happened AS (
            SELECT m.*, 0 AS kind, NULL AS finished, NULL AS started, NULL AS rating, NULL AS pages, 0 AS isReread,
                NULL AS genres
            FROM marked m
            UNION ALL
            SELECT m.*, 1, dateCompleted, dateStarted, entryRating, shownPageCount, earlierReads > 0, workGenres
            FROM marked m WHERE status = 'read'
            UNION ALL
            SELECT m.*, 1, json_extract(h.value, '$.ended'), json_extract(h.value, '$.started'), NULL, shownPageCount,
                EXISTS (SELECT 1 FROM json_each(m.readHistory) p WHERE p.key < h.key AND json_extract(p.value, '$.outcome') = 'read'),
                workGenres
            FROM marked m, json_each(m.readHistory) h
            WHERE m.earlierReads > 0 AND json_extract(h.value, '$.outcome') = 'read'
            UNION ALL
            SELECT m.*, 2, dateStopped, NULL, NULL, NULL, 0, NULL FROM marked m WHERE status = 'dnf'
            UNION ALL
            SELECT m.*, 2, json_extract(h.value, '$.ended'), NULL, NULL, NULL, 0, NULL
            FROM marked m, json_each(m.readHistory) h
            WHERE m.readHistory IS NOT NULL AND json_extract(h.value, '$.outcome') = 'dnf'
        )
        INSERT INTO insight_facts (
            userKey, entryID, kind, year, month, finished, added, pages, rating, isReread, days, format, authorID, gender, region,
            nationality, marginalizedOverride, originalLanguage, editionLanguage, translated, genres)
        SELECT userKey, entryID, kind,
            CASE WHEN kind = 0 THEN 0 ELSE \(year("finished")) END,
            CASE WHEN kind = 0 THEN 0 ELSE \(month("finished")) END,
            finished, added, pages, rating, isReread,
            CASE WHEN kind = 1 AND started IS NOT NULL AND finished >= started
                THEN \(day("finished")) - \(day("started")) + 1 END,
            format, authorID, gender, culturalRegion, nationality, marginalizedVoiceOverride, originalLanguage, language,
            translated, genres
        FROM happened
        """
}

/// One table of sums over the insight facts, kept per user and year (0: all time) and, with
/// `months`, per month (0: the whole year).
struct InsightCounter {
    let table: String
    /// Key columns after the user and the period, with their expressions over the fact `f`.
    let keys: [(column: String, expression: String)]
    /// Summed columns besides `facts` (the number of facts counted), with their expressions.
    let sums: [(column: String, expression: String)]
    /// A column that names the row, not summed: the smallest of the values counted.
    let label: (column: String, expression: String)?
    let months: Bool
    /// Joined to each fact (a leading comma for a table-valued function).
    let join: String
    let filter: String

    init(
        _ table: String, keys: [(String, String)] = [], sums: [(String, String)] = [], label: (String, String)? = nil,
        months: Bool = false, join: String = "", filter: String
    ) {
        self.table = table
        self.keys = keys.map { (column: $0.0, expression: $0.1) }
        self.sums = sums.map { (column: $0.0, expression: $0.1) }
        self.label = label.map { (column: $0.0, expression: $0.1) }
        self.months = months
        self.join = join
        self.filter = filter
    }

    static let all: [InsightCounter] = [
        InsightCounter("insight_periods", sums: [
            ("books", "f.kind = 1"),
            ("pages", "CASE WHEN f.kind = 1 THEN f.pages END"),
            ("pagedBooks", "f.kind = 1 AND f.pages IS NOT NULL"),
            ("ratingSum", "f.rating"),
            ("rated", "f.rating IS NOT NULL"),
            ("star1", "f.rating <= 1"),
            ("star2", "f.rating > 1 AND f.rating <= 2"),
            ("star3", "f.rating > 2 AND f.rating <= 3"),
            ("star4", "f.rating > 3 AND f.rating <= 4"),
            ("star5", "f.rating > 4"),
            ("rereads", "f.isReread"),
            ("daysSum", "f.days"),
            ("timed", "f.days IS NOT NULL"),
            ("abandoned", "f.kind = 2"),
        ], months: true, filter: "f.kind IN (1, 2)"),
        InsightCounter("insight_lengths", keys: [("pages", "f.pages")], filter: "f.kind = 1 AND f.pages IS NOT NULL"),
        InsightCounter("insight_formats", keys: [("format", "COALESCE(f.format, 'unknown')")], filter: "f.kind = 1"),
        InsightCounter("insight_authors", keys: [("authorID", "f.authorID")], filter: "f.kind = 1 AND f.authorID IS NOT NULL"),
        InsightCounter("insight_genres", keys: [("genreKey", "lower(g.value)")], label: ("name", "MIN(g.value)"),
                       join: ", json_each(f.genres) g", filter: "f.kind = 1 AND f.genres IS NOT NULL"),
        InsightCounter("insight_groups", keys: [
            ("kind", "f.kind"),
            ("gender", "COALESCE(f.gender, '')"),
            ("region", "COALESCE(f.region, '')"),
            ("nationality", "COALESCE(f.nationality, '')"),
            ("marginalizedOverride", "COALESCE(f.marginalizedOverride, -1)"),
            ("originalLanguage", "COALESCE(f.originalLanguage, '')"),
            ("editionLanguage", "COALESCE(f.editionLanguage, '')"),
            ("translated", "f.translated"),
        ], filter: "f.kind IN (0, 1)"),
    ]

    private var keyColumns: [String] {
        ["userKey", "year"] + (months ? ["month"] : []) + keys.map(\.column)
    }

    private var keyExpressions: [String] {
        ["f.userKey", "CASE WHEN l.level = 0 THEN 0 ELSE f.year END"]
            + (months ? ["CASE WHEN l.level = 2 THEN f.month ELSE 0 END"] : []) + keys.map(\.expression)
    }

    /// The marked entries' facts: all of them, joined from the marks.
    private static let markedFacts = """
        FROM insight_marked d JOIN insight_facts f ON f.userKey = d.userKey AND f.entryID = d.entryID
        """

    /// The facts inserted last: those above the rowid `?1`.
    private static let newFacts = "FROM insight_facts f"

    /// `facts`, one row per counter row each fact counts in, from `FROM` on.
    private func expanded(_ facts: String, newOnly: Bool = false) -> String {
        """
        \(facts)\(join)
        JOIN (SELECT 0 AS level UNION ALL SELECT 1 UNION ALL SELECT 2) l
            ON l.level = 0 OR (f.year > 0 AND l.level <= \(months ? 2 : 1))
        WHERE \(newOnly ? "f.rowid > ?1 AND " : "")\(filter)
        """
    }

    /// Takes the marked entries' facts out of the counter.
    var subtractSQL: String { upsertSQL(sign: "-1", expanded(Self.markedFacts)) }

    /// Adds the facts above the rowid `?1` to the counter.
    var addSQL: String { upsertSQL(sign: "1", expanded(Self.newFacts, newOnly: true)) }

    /// Adds the sums over `facts`, times `sign`, to the counter.
    private func upsertSQL(sign: String, _ facts: String) -> String {
        let summed = sums.map { "\(sign) * COALESCE(SUM(\($0.expression)), 0)" } + (label.map { [$0.expression] } ?? [])
        let updates = ["facts = facts + excluded.facts"]
            + sums.map { "\($0.column) = \($0.column) + excluded.\($0.column)" }
            + (label.map { ["\($0.column) = MIN(\($0.column), excluded.\($0.column))"] } ?? [])
        let columns = keyColumns + ["facts"] + sums.map(\.column) + (label.map { [$0.column] } ?? [])
        return """
            INSERT INTO \(table) (\(columns.joined(separator: ", ")))
            SELECT \((keyExpressions + ["\(sign) * COUNT(*)"] + summed).joined(separator: ", "))
            \(facts)
            GROUP BY \((1...keyColumns.count).map(String.init).joined(separator: ", "))
            ON CONFLICT (\(keyColumns.joined(separator: ", "))) DO UPDATE SET \(updates.joined(separator: ", "))
            """
    }

    /// Deletes the rows the marked entries counted in that count nothing any more.
    var dropEmptySQL: String {
        """
        DELETE FROM \(table) WHERE facts <= 0 AND (\(keyColumns.joined(separator: ", "))) IN (
            SELECT \(keyExpressions.joined(separator: ", ")) \(expanded(Self.markedFacts)))
        """
    }
}
