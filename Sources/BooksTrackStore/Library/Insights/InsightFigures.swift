import BooksTrackCore
import GRDB

/// Brings the insight facts and counters (see `LibraryDatabase.createInsightFigures`) up to date
/// with the entries marked by triggers and by the store: their old facts are taken out of the
/// counters, recomputed and added back, set by set, so a refresh costs what changed since the last.
enum InsightFigures {
    /// The version of the rules that compute an entry's facts (what is a read, a re-read, an
    /// abandoned read, which edition counts). Raise it with any change to them: every library
    /// opened afterwards counts all its entries again by the new rules, once.
    static let factsVersion = 3

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
        for table in ["insight_facts", "insight_dirty", "insight_marked"] + InsightCounterSums.tables {
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
        // The marked entries' old facts, taken out of the counters.
        var removed: [Int64: InsightCounterSums] = [:]
        try SQLiteLibraryStore.forEachRow(db, """
            SELECT f.userKey, \(CountedFact.selection)
            FROM insight_marked d JOIN insight_facts f ON f.userKey = d.userKey AND f.entryID = d.entryID
            """, [], table: "insight_facts") { reader in
            let user = Int64(try reader.int())
            removed[user, default: InsightCounterSums()].add(try CountedFact(&reader), sign: -1)
        }
        for (user, var sums) in removed {
            try sums.write(db, user: user)
            try InsightCounterSums.dropEmpty(db, user: user)
        }
        if !removed.isEmpty {
            try db.execute(sql: """
                DELETE FROM insight_facts WHERE rowid IN (
                    SELECT f.rowid FROM insight_marked d JOIN insight_facts f ON f.userKey = d.userKey AND f.entryID = d.entryID)
                """)
        }
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
            try rows.write(db)
        }
        try db.execute(sql: "DELETE FROM insight_marked")
    }

    /// How many marked entries a refresh loads at a time.
    private static let recountBatch = 2_000
}

/// Facts of one user's entries waiting to be written to `insight_facts` (by multi-row INSERTs)
/// and added to the counters (`InsightCounterSums`, summed as they are queued) by `write`.
struct InsightFactRows {
    private let user: Int64
    private var pending: [(entryID: LibraryEntry.ID, fact: InsightFact)] = []
    /// What the facts queued since the last `write` add to the counters.
    private var sums = InsightCounterSums()

    static let columns = [
        "userKey", "entryID", "kind", "year", "month", "finished", "added", "pages", "rating", "isReread", "days", "format",
        "authorID", "gender", "region", "nationality", "marginalizedOverride", "originalLanguage", "editionLanguage",
        "translated", "genres", "minutes",
    ]

    init(user: Int64) { self.user = user }

    /// Queues the facts of one entry.
    mutating func add(_ facts: [InsightFact], entryID: LibraryEntry.ID) {
        addSummed(facts, entryID: entryID)
        sums.add(facts)
    }

    /// Queues the facts of one entry that `adopt(_:)` brought into the sums already.
    mutating func addSummed(_ facts: [InsightFact], entryID: LibraryEntry.ID) {
        for fact in facts { pending.append((entryID, fact)) }
    }

    /// Takes what facts add to the counters, summed elsewhere, into the sums.
    mutating func adopt(_ other: InsightCounterSums) {
        sums.add(other)
    }

    /// Takes facts adopted into the sums out again: their entry is not written with them.
    mutating func disown(_ facts: [InsightFact]) {
        sums.add(facts, sign: -1)
    }

    /// Writes the queued facts, whose counts wait for `write`, and starts over.
    mutating func insert(_ db: Database) throws {
        var rows = PendingRows<(entryID: LibraryEntry.ID, fact: InsightFact)>(
            table: "insight_facts", columns: Self.columns, bind: Self.bind)
        for row in pending { try rows.add(row, user: user, db) }
        try rows.flush(user: user, db)
        pending.removeAll()
    }

    /// Writes the queued facts and adds every fact queued since the last `write` to the
    /// counters, and starts over.
    mutating func write(_ db: Database) throws {
        try insert(db)
        guard !sums.isEmpty else { return }
        try sums.write(db, user: user)
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
        inserter.bind(fact.minutes)
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
