import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Adds authors (reusing existing IDs), the work, the edition and the entry in one transaction.
    ///
    /// The entry is attached to `book.work` and to this store's user. Throws
    /// `LibraryError.duplicateEntry` when the work already has an entry.
    public func add(_ book: NewBook) throws -> LibraryBook {
        try write { db in
            var inserter = try BookInserter(db, store: self)
            let entryID = try inserter.insert(book)
            guard let added = try loadBooks(db, where: "e.id = ?", [entryID.description], order: "e.id", limit: 1, offset: 0).first else {
                throw LibraryError.entryNotFound(entryID)
            }
            return added
        }
    }

    /// Adds many books in one transaction with prepared statements: the fast path for imports.
    /// Nothing is added when any book is refused.
    public func add(_ books: [NewBook]) throws {
        guard !books.isEmpty else { return }
        try write { db in
            var inserter = try BookInserter(db, store: self)
            for book in books {
                _ = try inserter.insert(book)
            }
        }
    }

    /// The book for an entry.
    public func book(entryID: LibraryEntry.ID) throws -> LibraryBook? {
        try read { db in
            try loadBooks(db, where: "e.id = ?", [entryID.description], order: "e.id", limit: 1, offset: 0).first
        }
    }

    /// One page of books: the entries matching the query's filters in its order, each with its
    /// work, authors, edition, tags, quotes, sessions and photo metadata, in nine statements.
    public func books(_ query: EntryQuery) throws -> [LibraryBook] {
        guard let filter = EntryFilter(query) else { return [] }
        return try read { db in
            try loadBooks(db, where: filter.condition, filter.arguments, order: filter.order,
                          limit: query.limit, offset: query.offset)
        }
    }

    /// How many entries match the query's filters (paging ignored), counted in SQL.
    public func count(_ query: EntryQuery) throws -> Int {
        guard let filter = EntryFilter(query) else { return 0 }
        return try read { db in
            try Self.fetchInt(db, "SELECT COUNT(*) FROM entries e WHERE e.userID = ? AND \(filter.condition)", [user] + filter.arguments)
        }
    }

    /// The books whose entries match `condition` (a predicate on `e` and `w`), in `order`.
    func loadBooks(
        _ db: Database, where condition: String, _ arguments: StatementArguments, order: String, limit: Int?, offset: Int
    ) throws -> [LibraryBook] {
        let sql = """
            SELECT \(EntryRecord.selection(alias: "e")), \(WorkRecord.selection(alias: "w"))
            FROM entries e JOIN works w ON w.userID = e.userID AND w.id = e.workID
            WHERE e.userID = ? AND \(condition)
            ORDER BY \(order) LIMIT ? OFFSET ?
            """
        let workColumn = EntryRecord.decodedColumns.count
        var entries: [LibraryEntry] = []
        var works: [Work] = []
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [user] + arguments + [limit ?? -1, max(offset, 0)])
        while let row = try cursor.next() {
            entries.append(try EntryRecord.decode(row, userID: userID))
            works.append(try WorkRecord.decode(row, at: workColumn))
        }
        guard !entries.isEmpty else { return [] }
        try attachChildren(db, to: &entries)
        let workIDs = works.map(\.id)
        let authors = try authorsByWork(db, workIDs: workIDs)
        let editions = try editionsByWork(db, workIDs: workIDs)
        return zip(entries, works).map { entry, work in
            var work = work
            let workAuthors = authors[work.id] ?? []
            work.authorIDs = workAuthors.map(\.id)
            let edition = EditionSelection.primaryEdition(of: editions[work.id] ?? [], ownedEditionID: entry.editionID)
            return LibraryBook(entry: entry, work: work, authors: workAuthors, edition: edition)
        }
    }
}

/// The SQL of an `EntryQuery`'s filters and order, over `entries e JOIN works w`.
struct EntryFilter {
    /// A predicate to AND after `e.userID = ?`.
    var condition: String
    var arguments: StatementArguments
    /// The ORDER BY terms, ending with the entry ID so pages never overlap.
    var order: String

    /// The filter of `query`, or nil when it can match nothing (an empty status set).
    init?(_ query: EntryQuery) {
        var conditions: [String] = []
        var arguments = StatementArguments()
        if let statuses = query.statuses {
            guard !statuses.isEmpty else { return nil }
            let raw = statuses.map(\.rawValue).sorted()
            conditions.append("e.status IN (\(SQLText.placeholders(raw.count)))")
            arguments += StatementArguments(raw)
        }
        if let tag = query.tag {
            let normalized = EntryTagRecord.normalized(tag)
            guard !normalized.isEmpty else { return nil }
            conditions.append("e.id IN (SELECT t.entryID FROM entry_tags t WHERE t.userID = e.userID AND t.normalizedTag = ?)")
            arguments += [normalized]
        }
        // Literal values, not bound ones, so SQLite can use the partial index of favorites.
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
        self.condition = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        self.arguments = arguments
        self.order = Self.order(query.sort, descending: query.descending)
    }

    private static func order(_ sort: EntryQuery.Sort, descending: Bool) -> String {
        let direction = descending ? "DESC" : "ASC"
        let key: String
        switch sort {
        case .dateAdded: key = "e.dateAdded \(direction)"
        case .title: key = "w.normalizedTitle \(direction), w.title \(direction)"
        case .author:
            key = """
                (SELECT a.sortKey FROM work_authors wa JOIN authors a ON a.userID = wa.userID AND a.id = wa.authorID
                 WHERE wa.userID = w.userID AND wa.workID = w.id ORDER BY wa.position LIMIT 1) \(direction) NULLS LAST, \
                w.normalizedTitle \(direction)
                """
        case .rating: key = "e.rating \(direction) NULLS LAST"
        case .dateStarted: key = "e.dateStarted \(direction) NULLS LAST"
        case .dateCompleted: key = "e.dateCompleted \(direction) NULLS LAST"
        case .lastModified: key = "e.lastModified \(direction)"
        case .progress: key = "e.progress \(direction)"
        }
        return "\(key), e.id \(direction)"
    }
}
