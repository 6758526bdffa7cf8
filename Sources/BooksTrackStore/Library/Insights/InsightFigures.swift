import BooksTrackCore
import GRDB

/// Brings the insight facts and counters (see `LibraryDatabase.createInsightFigures`) up to date
/// with the entries marked by triggers and by the store: their old facts are taken out of the
/// counters, recomputed and added back, set by set, so a refresh costs what changed since the last.
enum InsightFigures {
    /// The version of the rules that compute an entry's facts (what is a read, a re-read, an
    /// abandoned read, which edition counts). Raise it with any change to them: every library
    /// opened afterwards counts all its entries again by the new rules, once.
    static let factsVersion = 2

    /// Whether the stored facts were computed by this build's rules.
    static func factsAreCurrent(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT factsVersion FROM insight_rules WHERE id = 1") == factsVersion
    }

    /// Drops the facts and counters and marks every entry for counting again when the facts in
    /// the file were computed by other rules than this build's (`factsVersion`), and records the
    /// version; inside the caller's write transaction. Returns whether the entries were marked.
    @discardableResult
    static func recountIfRulesChanged(_ db: Database) throws -> Bool {
        guard try !factsAreCurrent(db) else { return false }
        // Every entry is counted again: taking each old fact out of the counters one by one would
        // cost more than the count itself.
        for table in ["insight_facts", "insight_dirty", "insight_marked"] + InsightCounter.all.map(\.table) {
            try db.execute(sql: "DELETE FROM \(table)")
        }
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

    /// Counts the marked entries again, inside the caller's write transaction: their old facts
    /// are taken out of the counters and deleted, their facts are computed again by the core's
    /// rule (`InsightFact.facts`) from the entries as stored, written and added to the counters.
    static func refresh(_ db: Database, writer: any DatabaseWriter) throws {
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
        let floor = try factsFloor(db)
        let users = try SQLiteLibraryStore.fetch(db, """
            SELECT DISTINCT d.userKey, u.id, u.name, u.dateCreated FROM insight_marked d JOIN users u ON u.key = d.userKey
            """, []) { reader in (key: Int64(try reader.int()), user: try UserRecord.decode(&reader)) }
        for (user, owner) in users {
            let store = SQLiteLibraryStore(writer: writer, userID: owner.id)
            let marked: [LibraryEntry.ID] = try SQLiteLibraryStore.fetchIDs(
                db, "SELECT entryID FROM insight_marked WHERE userKey = ?", [user])
            var rows = InsightFactRows(user: user)
            for start in stride(from: 0, to: marked.count, by: recountBatch) {
                let batch = Array(marked[start..<min(start + recountBatch, marked.count)])
                for (entryID, facts) in try store.insightFacts(db, user, entryIDs: batch) {
                    rows.add(facts, entryID: entryID)
                }
                try rows.insert(db)
            }
        }
        try addCounters(above: floor, db)
        try db.execute(sql: "DELETE FROM insight_marked")
    }

    /// How many marked entries a refresh loads at a time.
    private static let recountBatch = 2_000

    /// The largest rowid of `insight_facts`: facts written afterwards are above it (SQLite gives a
    /// new row the largest rowid plus one), so `addCounters(above:)` reads them back as a range.
    static func factsFloor(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(rowid), 0) FROM insight_facts")) ?? 0
    }

    /// Adds the facts written above the rowid `floor` to every counter.
    static func addCounters(above floor: Int64, _ db: Database) throws {
        for counter in InsightCounter.all {
            try db.cachedStatement(sql: counter.addSQL).execute(arguments: [floor])
        }
    }
}

/// Facts of one user's entries waiting to be written to `insight_facts` (by multi-row INSERTs)
/// and added to the counters, all at once by `write`.
struct InsightFactRows {
    private let user: Int64
    private var pending: [(entryID: LibraryEntry.ID, fact: InsightFact)] = []

    static let columns = [
        "userKey", "entryID", "kind", "year", "month", "finished", "added", "pages", "rating", "isReread", "days", "format",
        "authorID", "gender", "region", "nationality", "marginalizedOverride", "originalLanguage", "editionLanguage",
        "translated", "genres",
    ]

    init(user: Int64) { self.user = user }

    /// Queues the facts of one entry.
    mutating func add(_ facts: [InsightFact], entryID: LibraryEntry.ID) {
        for fact in facts { pending.append((entryID, fact)) }
    }

    /// Writes the queued facts without counting them, and starts over.
    mutating func insert(_ db: Database) throws {
        var rows = PendingRows<(entryID: LibraryEntry.ID, fact: InsightFact)>(
            table: "insight_facts", columns: Self.columns, bind: Self.bind)
        for row in pending { try rows.add(row, user: user, db) }
        try rows.flush(user: user, db)
        pending.removeAll()
    }

    /// Writes the queued facts and adds them to the counters, and starts over.
    mutating func write(_ db: Database) throws {
        guard !pending.isEmpty else { return }
        let floor = try InsightFigures.factsFloor(db)
        try insert(db)
        try InsightFigures.addCounters(above: floor, db)
    }

    private static func bind(_ row: (entryID: LibraryEntry.ID, fact: InsightFact), user: Int64, to inserter: inout RowInserter) {
        let fact = row.fact
        let author = fact.firstAuthor
        inserter.bind(user)
        inserter.bind(row.entryID)
        inserter.bind(fact.kind.rawValue)
        inserter.bind(fact.year)
        inserter.bind(fact.month)
        inserter.bind(fact.ended)
        inserter.bind(fact.added)
        inserter.bind(fact.pages)
        inserter.bind(fact.rating)
        inserter.bind(fact.isReread)
        inserter.bind(fact.days)
        inserter.bind(fact.format?.rawValue)
        inserter.bind(author?.id)
        inserter.bind(author?.gender.rawValue)
        inserter.bind(author?.culturalRegion?.rawValue)
        inserter.bind(author?.nationality)
        inserter.bind(author?.marginalizedVoiceOverride)
        inserter.bind(fact.originalLanguage)
        inserter.bind(fact.editionLanguage)
        inserter.bind(fact.translated)
        inserter.bind(JSONStringList.encode(fact.genres))
    }
}

extension SQLiteLibraryStore {
    /// The insight facts of the given entries as stored, computed by the core's rule: a fixed
    /// number of statements whatever their number. Entries that no longer exist have none.
    func insightFacts(_ db: Database, _ user: Int64, entryIDs: [LibraryEntry.ID]) throws -> [(LibraryEntry.ID, [InsightFact])] {
        let entries = try Self.inChunks(entryIDs) { list, ids in
            try Self.fetch(db, "SELECT \(EntryRecord.selection(alias: "e")) FROM entries e WHERE e.userKey = ? AND e.id IN (\(list))",
                           [user] + ids, table: "entries") { try EntryRecord.decode(&$0, userID: userID) }
        }
        let workIDs = Self.uniqued(entries.map(\.workID))
        let works = Dictionary(uniqueKeysWithValues: try Self.inChunks(workIDs) { list, ids in
            try loadWorks(db, user, where: "w.id IN (\(list))", ids)
        }.map { ($0.id, $0) })
        let editions = try editionsByWork(db, user, workIDs: workIDs)
        let firstAuthorIDs = Self.uniqued(works.values.compactMap(\.authorIDs.first))
        let authors = Dictionary(uniqueKeysWithValues: try Self.inChunks(firstAuthorIDs) { list, ids in
            try Self.fetch(db, "SELECT \(AuthorRecord.selection(alias: "a")) FROM authors a WHERE a.userKey = ? AND a.id IN (\(list))",
                           [user] + ids, table: "authors") { try AuthorRecord.decode(&$0) }
        }.map { ($0.id, $0) })
        return entries.compactMap { entry in
            guard let work = works[entry.workID] else { return nil }
            let edition = InsightFact.countedEdition(of: entry, among: editions[work.id] ?? [])
            let firstAuthor = work.authorIDs.first.flatMap { authors[$0] }
            return (entry.id, InsightFact.facts(of: entry, work: work, countedEdition: edition, firstAuthor: firstAuthor))
        }
    }
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

    /// The facts inserted last: those above the rowid `?1`, found by that range (no index holds
    /// the new facts together).
    private static let newFacts = "FROM insight_facts f NOT INDEXED"

    /// The three levels a fact counts in: all time (0), its year (1) and its month (2).
    private static let levels = "(SELECT 0 AS level UNION ALL SELECT 1 UNION ALL SELECT 2) l"

    /// `facts`, one row per counter row each fact counts in, from `FROM` on.
    private func expanded(_ facts: String) -> String {
        """
        \(facts)\(join)
        JOIN \(Self.levels) ON l.level = 0 OR (f.year > 0 AND l.level <= \(months ? 2 : 1))
        WHERE \(filter)
        """
    }

    /// Takes the marked entries' facts out of the counter.
    var subtractSQL: String { upsertSQL(sign: "-1", Self.markedFacts) }

    /// Adds the facts above the rowid `?1` to the counter.
    var addSQL: String { upsertSQL(sign: "1", Self.newFacts, newOnly: true) }

    /// Adds the sums over `facts` (from `FROM` on), times `sign`, to the counter. The facts are
    /// summed per user, year (and month) and key first, and those few sums are then added up for
    /// each level: the facts are read once, not once per level.
    private func upsertSQL(sign: String, _ facts: String, newOnly: Bool = false) -> String {
        let finest = ["f.userKey", "f.year"] + (months ? ["f.month"] : []) + keys.map(\.expression)
        let sumsByPeriod = ["COUNT(*) AS facts"] + sums.indices.map { "COALESCE(SUM(\(sums[$0].expression)), 0) AS sum\($0)" }
            + (label.map { ["\($0.expression) AS label"] } ?? [])
        let byPeriod = """
            SELECT \((finest.indices.map { "\(finest[$0]) AS key\($0)" } + sumsByPeriod).joined(separator: ", "))
            \(facts)\(join)
            WHERE \(newOnly ? "f.rowid > ?1 AND " : "")\(filter)
            GROUP BY \((1...finest.count).map(String.init).joined(separator: ", "))
            """
        let keyed = ["p.key0", "CASE WHEN l.level = 0 THEN 0 ELSE p.key1 END"] + (months ? ["CASE WHEN l.level = 2 THEN p.key2 ELSE 0 END"] : [])
            + keys.indices.map { "p.key\($0 + (months ? 3 : 2))" }
        let summed = ["\(sign) * SUM(p.facts)"] + sums.indices.map { "\(sign) * SUM(p.sum\($0))" } + (label.map { _ in ["MIN(p.label)"] } ?? [])
        let updates = ["facts = facts + excluded.facts"]
            + sums.map { "\($0.column) = \($0.column) + excluded.\($0.column)" }
            + (label.map { ["\($0.column) = MIN(\($0.column), excluded.\($0.column))"] } ?? [])
        let columns = keyColumns + ["facts"] + sums.map(\.column) + (label.map { [$0.column] } ?? [])
        // "WHERE true": an upsert after a join needs a WHERE for its ON to be read as the upsert's.
        return """
            INSERT INTO \(table) (\(columns.joined(separator: ", ")))
            SELECT \((keyed + summed).joined(separator: ", "))
            FROM (\(byPeriod)) p
            JOIN \(Self.levels) ON l.level = 0 OR (p.key1 > 0 AND l.level <= \(months ? 2 : 1))
            WHERE true
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
