import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Adds authors (reusing existing IDs), the work, the edition and the entry in one transaction.
    ///
    /// The entry is attached to `book.work` and to this store's user. Throws
    /// `LibraryError.duplicateEntry` when the work already has an entry.
    public func add(_ book: NewBook) throws -> LibraryBook {
        let prepared = try BookInserter.prepare(book, userID: userID)
        return try write { db, user in
            var inserter = try BookInserter(db, user: user, store: self)
            let entryID = try inserter.insert(prepared)
            try inserter.finish()
            guard let added = try loadBooks(db, user, where: "e.id = ?", [entryID.databaseValue], order: "e.id", limit: 1, offset: 0).first
            else {
                throw LibraryError.entryNotFound(entryID)
            }
            return added
        }
    }

    /// Adds many books in one transaction: the fast path for imports. Nothing is added when any
    /// book is refused. Large batches are checked on a second thread while the first writes.
    ///
    /// The transaction commits to the write-ahead log; copying a large batch into the database
    /// file (a checkpoint) is left to the writer's queue right after, so the caller does not wait
    /// for it.
    public func add(_ books: [NewBook]) throws {
        guard !books.isEmpty else { return }
        let preparation = BookPreparation(books, userID: userID)
        try writeInBulk(books: books.count) { db, user in
            var inserter = try BookInserter(db, user: user, store: self)
            try inserter.insert(preparation)
            try inserter.finish()
        }
    }

    /// `write`, for a transaction that writes `books` books: from `bulkThreshold` on, the commit
    /// runs no automatic checkpoint (it would copy the whole batch into the file again before
    /// returning) and one passive checkpoint is left to the writer's queue right after, so the
    /// caller does not wait for it.
    func writeInBulk<T>(books: Int, _ body: (Database, _ user: Int64) throws -> T) throws -> T {
        let isLarge = books >= Self.bulkThreshold
        defer {
            if isLarge {
                writer.asyncWriteWithoutTransaction { db in
                    // Best effort: a failed checkpoint leaves the log for the next one; nothing is lost.
                    try? db.execute(sql: "PRAGMA wal_autocheckpoint = \(LibraryDatabase.autocheckpointPages(db))")
                    try? db.checkpoint(.passive)
                }
            }
        }
        return try write { db, user in
            if isLarge { try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
            return try body(db, user)
        }
    }

    /// Transactions writing this many books or more are checkpointed after they return.
    private static var bulkThreshold: Int { 1_000 }

    /// The book for an entry.
    public func book(entryID: LibraryEntry.ID) throws -> LibraryBook? {
        try read { db, user in
            try loadBooks(db, user, where: "e.id = ?", [entryID.databaseValue], order: "e.id", limit: 1, offset: 0).first
        }
    }

    /// One page of books: the entries matching the query's filters in its order, each with its
    /// work, authors, edition, tags, quotes, sessions and photo metadata, in seven statements
    /// whatever its size.
    public func books(_ query: EntryQuery) throws -> [LibraryBook] {
        guard let filter = EntryFilter(query) else { return [] }
        return try read { db, user in
            try loadBooks(db, user, where: filter.condition, filter.arguments(user: user), order: filter.order,
                          limit: query.limit, offset: query.offset)
        }
    }

    /// The keys of every `step`-th entry in the order books were added, read from the date index
    /// alone.
    public func entryOrderKeys(every step: Int) throws -> [EntryOrderKey] {
        try read { db, user in
            try Self.fetch(db, """
                SELECT dateAdded, id FROM (
                    SELECT dateAdded, id, ROW_NUMBER() OVER (ORDER BY dateAdded, id) AS position
                    FROM entries INDEXED BY entries_by_date_added WHERE userKey = ?
                ) WHERE position % ? = 0 ORDER BY position
                """, [user, max(1, step)], table: "entries") { reader in
                EntryOrderKey(dateAdded: try reader.date(), id: try reader.id())
            }
        }
    }

    /// Books in the order they were added, the entry ID breaking ties, after `start` and up to
    /// `end`: a range of the date index, so the last pages of a library cost what the first do
    /// (an OFFSET would read every row before the page again), and several can load at once.
    /// Every edition of the page's works comes with it, read once for both the books and the page.
    public func books(after start: EntryOrderKey?, through end: EntryOrderKey?) throws -> BookPage {
        try read { db, user in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let start {
                conditions.append("(e.dateAdded, e.id) > (?, ?)")
                arguments += [start.dateAdded.databaseSeconds, start.id.databaseValue]
            }
            if let end {
                conditions.append("(e.dateAdded, e.id) <= (?, ?)")
                arguments += [end.dateAdded.databaseSeconds, end.id.databaseValue]
            }
            return try loadPage(db, user, where: conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments,
                                order: "e.dateAdded ASC, e.id ASC", limit: nil, offset: 0)
        }
    }

    /// How many entries match the query's filters (paging ignored), counted in SQL; without a
    /// tag, favorite or owned filter, from the per-status counts.
    public func count(_ query: EntryQuery) throws -> Int {
        guard let filter = EntryFilter(query) else { return 0 }
        return try read { db, user in
            if query.tag == nil, query.isFavorite == nil, query.isOwned == nil, query.textWords.isEmpty {
                let counts = try statusCounts(db, user)
                return counts.filter { query.statuses?.contains($0.key) ?? true }.values.reduce(0, +)
            }
            let from = filter.condition.contains("w.") ? "entries e JOIN works w ON w.userKey = e.userKey AND w.id = e.workID" : "entries e"
            return try Self.fetchInt(db, "SELECT COUNT(*) FROM \(from) WHERE e.userKey = ? AND \(filter.condition)",
                                     [user] + filter.arguments(user: user))
        }
    }

    /// The books whose entries match `condition` (a predicate on `e` and `w`), in `order`.
    func loadBooks(
        _ db: Database, _ user: Int64?, where condition: String, _ arguments: StatementArguments, order: String,
        limit: Int?, offset: Int
    ) throws -> [LibraryBook] {
        try loadPage(db, user, where: condition, arguments, order: order, limit: limit, offset: offset).books
    }

    /// `loadBooks` with every edition of the books' works.
    func loadPage(
        _ db: Database, _ user: Int64?, where condition: String, _ arguments: StatementArguments, order: String,
        limit: Int?, offset: Int
    ) throws -> BookPage {
        var page = BookPage(books: [], editions: [:])
        try loadPage(db, user, where: condition, arguments, order: order, limit: limit, offset: offset, into: &page)
        return page
    }

    /// `loadPage`, adding the books and editions to `page`; with no `order`, in no particular order.
    ///
    /// Each book is made where it stays: decoded into `page.books` and completed in place, so that
    /// no entry, work or book is copied and then released on the way (a re-import reads every book
    /// of the library this way).
    func loadPage(
        _ db: Database, _ user: Int64?, where condition: String, _ arguments: StatementArguments, order: String?,
        limit: Int?, offset: Int, into page: inout BookPage
    ) throws {
        let selection = "\(EntryRecord.selection(alias: "e")), \(WorkRecord.selection(alias: "w"))"
        let join = "JOIN works w ON w.userKey = e.userKey AND w.id = e.workID"
        let sql: String
        if let order, offset > 0 {
            // The rows before the page are skipped in the index alone (the row IDs of the page are
            // chosen first), and only the page's rows are read whole: page 800 of a 100,000-book
            // library costs about what page 1 does, not 800 times its reading. Every entry has its
            // work, so the join is left out of the choosing when neither filter nor order needs it.
            let chooser = condition.contains("w.") || order.contains("w.") ? "entries e \(join)" : "entries e"
            sql = """
                SELECT \(selection) FROM (
                    SELECT e.rowid AS pageRow FROM \(chooser) WHERE e.userKey = ? AND \(condition) ORDER BY \(order) LIMIT ? OFFSET ?
                ) page
                JOIN entries e ON e.rowid = page.pageRow \(join)
                ORDER BY \(order)
                """
        } else {
            sql = """
                SELECT \(selection) FROM entries e \(join)
                WHERE e.userKey = ? AND \(condition)
                \(order.map { "ORDER BY \($0)" } ?? "") LIMIT ? OFFSET ?
                """
        }
        let paging: StatementArguments = [limit ?? -1, max(offset, 0)]
        let first = page.books.count
        try Self.fetch(db, sql, [user] + arguments + paging, into: &page.books, table: "entries") { reader in
            LibraryBook(entry: try EntryRecord.decode(&reader, userID: userID), work: try WorkRecord.decode(&reader), authors: [], edition: nil)
        }
        let added = first..<page.books.count
        guard !added.isEmpty else { return }
        try attachChildren(db, user, to: &page.books, in: added)
        let workIDs = page.books[added].map(\.work.id)
        let authors = try authorsByWork(db, user, workIDs: workIDs)
        let editions = try editionsByWork(db, user, workIDs: workIDs)
        for index in added {
            let workID = page.books[index].work.id
            let workAuthors = authors[workID] ?? []
            page.books[index].work.authorIDs = workAuthors.map(\.id)
            page.books[index].authors = workAuthors
            page.books[index].edition = EditionSelection.primaryEdition(
                of: editions[workID] ?? [], ownedEditionID: page.books[index].entry.editionID)
        }
        page.editions.merge(editions) { mine, _ in mine }
    }
}

/// The SQL of an `EntryQuery`'s filters and order, over `entries e JOIN works w`.
struct EntryFilter {
    /// A predicate to AND after `e.userKey = ?`.
    let condition: String
    /// The ORDER BY terms, ending with the entry ID so pages never overlap.
    let order: String
    private let statuses: [String]
    private let tag: String?
    /// `%word%` patterns of the query's text, each bound twice (title, then authors).
    private let words: [String]

    /// The filter of `query`, or nil when it can match nothing (an empty status set or tag).
    init?(_ query: EntryQuery) {
        var conditions: [String] = []
        statuses = query.statuses.map { $0.map(\.rawValue).sorted() } ?? []
        if let statuses = query.statuses {
            guard !statuses.isEmpty else { return nil }
            conditions.append("e.status IN (\(SQLText.placeholders(statuses.count)))")
        }
        if let tag = query.tag {
            let normalized = EntryTagRecord.normalized(tag)
            guard !normalized.isEmpty else { return nil }
            self.tag = normalized
            conditions.append("e.id IN (SELECT t.entryID FROM entry_tags t WHERE t.userKey = ? AND t.normalizedTag = ?)")
        } else {
            self.tag = nil
        }
        words = query.textWords.map { "%" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%" }
        for _ in words {
            conditions.append("""
                (w.normalizedTitle LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM work_authors wa JOIN authors a ON a.userKey = wa.userKey AND a.id = wa.authorID \
                WHERE wa.userKey = e.userKey AND wa.workID = e.workID AND a.normalizedName LIKE ? ESCAPE '\\'))
                """)
        }
        // Literal values, not bound ones, so SQLite can use the partial indexes of favorites and not-owned entries.
        switch query.isFavorite {
        case true?: conditions.append("e.isFavorite = 1")
        case false?: conditions.append("e.isFavorite = 0")
        case nil: break
        }
        switch query.isOwned {
        case true?: conditions.append("e.editionID IS NOT NULL")
        case false?: conditions.append("e.editionID IS NULL")
        case nil: break
        }
        condition = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        order = Self.order(query.sort, descending: query.descending)
    }

    /// The values of the condition's placeholders.
    func arguments(user: Int64?) -> StatementArguments {
        var arguments = StatementArguments(statuses)
        if let tag { arguments += [user, tag] }
        for word in words { arguments += [word, word] }
        return arguments
    }

    private static func order(_ sort: EntryQuery.Sort, descending: Bool) -> String {
        let direction = descending ? "DESC" : "ASC"
        let key = switch sort {
        case .dateAdded: "e.dateAdded \(direction)"
        case .title: "w.normalizedTitle \(direction), w.title \(direction)"
        case .author: "w.primaryAuthorSortKey \(direction) NULLS LAST, w.normalizedTitle \(direction)"
        case .rating: "e.rating \(direction) NULLS LAST"
        case .dateStarted: "e.dateStarted \(direction) NULLS LAST"
        case .dateCompleted: "e.dateCompleted \(direction) NULLS LAST"
        case .lastModified: "e.lastModified \(direction)"
        case .progress: "e.progress \(direction)"
        }
        return "\(key), e.id \(direction)"
    }
}
