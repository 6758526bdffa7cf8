import BooksTrackCore
import Foundation
import GRDB

/// Loading values with their children, a fixed number of statements per batch of parents
/// (`IN (?, ?, …)`), never one statement per row. `user` is the user's key; nil finds nothing.
extension SQLiteLibraryStore {
    // MARK: Works and authors

    /// The works chosen by `condition` (a predicate on `w`, after `w.userKey = ?`), with their author IDs.
    func loadWorks(_ db: Database, _ user: Int64?, where condition: String, _ arguments: StatementArguments) throws -> [Work] {
        let sql = "SELECT \(WorkRecord.selection(alias: "w")) FROM works w WHERE w.userKey = ? AND \(condition)"
        var works = try Self.fetch(db, sql, [user] + arguments, table: "works") { try WorkRecord.decode(&$0) }
        let links = try authorIDs(db, user, workIDs: works.map(\.id))
        for index in works.indices { works[index].authorIDs = links[works[index].id] ?? [] }
        return works
    }

    /// The ordered author IDs of each work.
    func authorIDs(_ db: Database, _ user: Int64?, workIDs: [Work.ID]) throws -> [Work.ID: [Author.ID]] {
        guard !workIDs.isEmpty else { return [:] }
        var result: [Work.ID: [Author.ID]] = [:]
        for (workID, authorID) in try Self.inChunks(workIDs, { list, ids in
            try Self.fetch(db, """
                SELECT workID, authorID FROM work_authors WHERE userKey = ? AND workID IN (\(list)) ORDER BY workID, position
                """, [user] + ids, table: "work_authors") { reader in
                (try reader.id(Work.self), try reader.id(Author.self))
            }
        }) {
            result[workID, default: []].append(authorID)
        }
        return result
    }

    /// The ordered authors of each work.
    func authorsByWork(_ db: Database, _ user: Int64?, workIDs: [Work.ID]) throws -> [Work.ID: [Author]] {
        guard !workIDs.isEmpty else { return [:] }
        var positioned: [Work.ID: [(position: Int, author: Author)]] = [:]
        // The same author often writes several books of a page: decode each once.
        var decoded: [Author.ID: Author] = [:]
        // Unordered: SQLite would sort the rows of each list by position in a temporary b-tree;
        // a work's few authors are put in order here.
        for (workID, position, author) in try Self.inChunks(workIDs, { list, ids in
            try Self.fetch(db, """
                SELECT wa.workID, wa.position, \(AuthorRecord.selection(alias: "a")) FROM work_authors wa
                JOIN authors a ON a.userKey = wa.userKey AND a.id = wa.authorID
                WHERE wa.userKey = ? AND wa.workID IN (\(list))
                """, [user] + ids, table: "authors") { reader in
                let workID = try reader.id(Work.self)
                let position = try reader.int()
                let authorColumn = reader.index
                let authorID = try reader.id(Author.self)
                if let known = decoded[authorID] { return (workID, position, known) }
                reader.seek(to: authorColumn)
                let author = try AuthorRecord.decode(&reader)
                decoded[authorID] = author
                return (workID, position, author)
            }
        }) {
            positioned[workID, default: []].append((position, author))
        }
        return positioned.mapValues { authors in
            authors.count == 1 ? [authors[0].author] : authors.sorted { $0.position < $1.position }.map(\.author)
        }
    }

    /// Recomputes the stored sort key of the first author of each work.
    func refreshPrimaryAuthorSortKeys(_ db: Database, _ user: Int64, workIDs: [Work.ID]) throws {
        _ = try Self.inChunks(workIDs) { list, ids -> [Int] in
            [try Self.execute(db, """
                UPDATE works SET primaryAuthorSortKey = (
                    SELECT a.sortKey FROM work_authors wa JOIN authors a ON a.userKey = wa.userKey AND a.id = wa.authorID
                    WHERE wa.userKey = works.userKey AND wa.workID = works.id ORDER BY wa.position LIMIT 1)
                WHERE userKey = ? AND id IN (\(list))
                """, [user] + ids)]
        }
    }

    // MARK: Editions

    /// The editions chosen by `condition` (a predicate on `e`, after `e.userKey = ?`), oldest first
    /// (`Edition.createdBefore`); unless `ordered` is false, when they come in no particular order.
    func loadEditions(
        _ db: Database, _ user: Int64?, where condition: String, _ arguments: StatementArguments, ordered: Bool = true
    ) throws -> [Edition] {
        let sql = """
            SELECT \(EditionRecord.selection(alias: "e")) FROM editions e
            WHERE e.userKey = ? AND \(condition)\(ordered ? " ORDER BY e.dateCreated, e.id" : "")
            """
        return try Self.fetch(db, sql, [user] + arguments, table: "editions") { try EditionRecord.decode(&$0) }
    }

    /// Each work's editions, oldest first (`Edition.createdBefore`).
    func editionsByWork(_ db: Database, _ user: Int64?, workIDs: [Work.ID]) throws -> [Work.ID: [Edition]] {
        guard !workIDs.isEmpty else { return [:] }
        // Unordered: SQLite would sort every row of the list in a temporary b-tree, where each
        // work's few editions are put in order here.
        let editions = try Self.inChunks(workIDs) { list, ids in
            try loadEditions(db, user, where: "e.workID IN (\(list))", ids, ordered: false)
        }
        return Dictionary(grouping: editions, by: \.workID).mapValues { editions in
            editions.count == 1 ? editions : editions.sorted(by: Edition.createdBefore)
        }
    }

    /// The edition whose page count the reading rules use for an entry: the owned one, else the
    /// work's primary edition.
    func shownEdition(_ db: Database, _ user: Int64?, workID: Work.ID, ownedEditionID: Edition.ID?) throws -> Edition? {
        let editions = try loadEditions(db, user, where: "e.workID = ?", [workID.databaseValue])
        return EditionSelection.primaryEdition(of: editions, ownedEditionID: ownedEditionID)
    }

    /// Recomputes the stored page count of the edition the work's entry shows, after its editions
    /// changed, and marks the entry for the insight counters (its counted edition may change).
    func refreshShownPageCount(_ db: Database, _ user: Int64, workID: Work.ID) throws {
        try InsightFigures.mark(workID: workID, user: user, db)
        let owned = try Self.fetch(db, "SELECT editionID FROM entries WHERE userKey = ? AND workID = ?", [user, workID.databaseValue]) { try $0.optionalID(Edition.self) }
        guard let ownedEditionID = owned.first else { return }
        let pageCount = try shownEdition(db, user, workID: workID, ownedEditionID: ownedEditionID)?.pageCount
        try Self.execute(db, "UPDATE entries SET shownPageCount = ? WHERE userKey = ? AND workID = ?",
                         [pageCount, user, workID.databaseValue])
    }

    // MARK: Entries

    /// The entries chosen by `condition` (a predicate on `e`, after `e.userKey = ?`), with their
    /// quotes, sessions and photo metadata (the tags are on the row).
    func loadEntries(_ db: Database, _ user: Int64?, where condition: String, _ arguments: StatementArguments) throws -> [LibraryEntry] {
        let sql = "SELECT \(EntryRecord.selection(alias: "e")) FROM entries e WHERE e.userKey = ? AND \(condition)"
        var entries = try Self.fetch(db, sql, [user] + arguments, table: "entries") { try EntryRecord.decode(&$0, userID: userID) }
        try attachChildren(db, user, to: &entries)
        return entries
    }

    /// Fills the quotes, sessions and photo metadata of `entries`, just decoded (an entry that
    /// has none keeps the empty lists it was decoded with): three statements whatever their
    /// number, and none for a kind the user has none of (most libraries hold no sessions or photos,
    /// and an import's candidates would look each entry up three times in vain).
    func attachChildren(_ db: Database, _ user: Int64?, to entries: inout [LibraryEntry]) throws {
        try attachChildren(db, user, to: &entries, in: entries.indices, entry: \.self)
    }

    /// `attachChildren` for the entries of `books[range]`, in place.
    func attachChildren(_ db: Database, _ user: Int64?, to books: inout [LibraryBook], in range: Range<Int>) throws {
        try attachChildren(db, user, to: &books, in: range, entry: \.entry)
    }

    private func attachChildren<Holder>(
        _ db: Database, _ user: Int64?, to holders: inout [Holder], in range: Range<Int>, entry: WritableKeyPath<Holder, LibraryEntry>
    ) throws {
        guard !range.isEmpty else { return }
        let ids = range.map { holders[$0][keyPath: entry].id }
        func userHasAny(_ table: String) throws -> Bool {
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE userKey = ?)"), arguments: [user]) ?? false
        }
        let quotes = try !userHasAny("quotes") ? [:] : Self.grouped(db, user, ids, { list in """
            SELECT entryID, \(QuoteRecord.selection) FROM quotes WHERE userKey = ? AND entryID IN (\(list)) ORDER BY entryID, position
            """ }) { try QuoteRecord.decode(&$0) }
        let sessions = try !userHasAny("reading_sessions") ? [:] : Self.grouped(db, user, ids, { list in """
            SELECT entryID, \(ReadingSessionRecord.selection) FROM reading_sessions
            WHERE userKey = ? AND entryID IN (\(list)) ORDER BY entryID, position
            """ }) { try ReadingSessionRecord.decode(&$0) }
        let photos = try !userHasAny("page_photos") ? [:] : Self.grouped(db, user, ids, { list in """
            SELECT entryID, \(PagePhotoRecord.selection) FROM page_photos
            WHERE userKey = ? AND entryID IN (\(list)) ORDER BY entryID, dateAdded, id
            """ }) { try PagePhotoRecord.decode(&$0) }
        // Decoded entries have none of these yet: with nothing found, there is nothing to set.
        guard !quotes.isEmpty || !sessions.isEmpty || !photos.isEmpty else { return }
        for index in range {
            let id = holders[index][keyPath: entry].id
            holders[index][keyPath: entry].quotes = quotes[id] ?? []
            holders[index][keyPath: entry].sessions = sessions[id] ?? []
            holders[index][keyPath: entry].pagePhotos = photos[id] ?? []
        }
    }

    /// Rows whose first column is an entry ID, decoded (from the next column on) and grouped by
    /// that entry. `sql` makes the statement for an `IN (…)` list of each chunk of identifiers.
    private static func grouped<T>(
        _ db: Database, _ user: Int64?, _ ids: [LibraryEntry.ID], _ sql: (String) -> String, _ decode: (inout RowReader) throws -> T
    ) throws -> [LibraryEntry.ID: [T]] {
        var result: [LibraryEntry.ID: [T]] = [:]
        _ = try inChunks(ids) { list, arguments -> [Void] in
            try fetch(db, sql(list), [user] + arguments) { reader in
                let entryID = try reader.id(LibraryEntry.self)
                result[entryID, default: []].append(try decode(&reader))
            }
        }
        return result
    }
}
