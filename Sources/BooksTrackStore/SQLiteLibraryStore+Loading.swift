import BooksTrackCore
import Foundation
import GRDB

/// Loading values with their children, a fixed number of statements per batch of parents
/// (`IN (SELECT value FROM json_each(?))`), never one statement per row.
extension SQLiteLibraryStore {
    // MARK: Works and authors

    /// The works with these identifiers, with their ordered author IDs.
    func loadWorks(_ db: Database, ids: [Work.ID]) throws -> [Work] {
        guard !ids.isEmpty else { return [] }
        let sql = """
            SELECT \(WorkRecord.selection(alias: "w")) FROM works w
            WHERE w.userID = ? AND w.id IN (SELECT value FROM json_each(?))
            """
        let links = try authorIDs(db, workIDs: ids)
        return try Self.fetch(db, sql, [user, Self.idList(ids)]) { row in
            var work = try WorkRecord.decode(row)
            work.authorIDs = links[work.id] ?? []
            return work
        }
    }

    /// The works chosen by `condition` (a predicate on `w`, after `w.userID = ?`), with their author IDs.
    func loadWorks(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> [Work] {
        let sql = "SELECT \(WorkRecord.selection(alias: "w")) FROM works w WHERE w.userID = ? AND \(condition)"
        var works = try Self.fetch(db, sql, [user] + arguments) { try WorkRecord.decode($0) }
        let links = try authorIDs(db, workIDs: works.map(\.id))
        for index in works.indices { works[index].authorIDs = links[works[index].id] ?? [] }
        return works
    }

    /// The ordered author IDs of each work.
    func authorIDs(_ db: Database, workIDs: [Work.ID]) throws -> [Work.ID: [Author.ID]] {
        guard !workIDs.isEmpty else { return [:] }
        let sql = """
            SELECT workID, authorID FROM work_authors
            WHERE userID = ? AND workID IN (SELECT value FROM json_each(?)) ORDER BY workID, position
            """
        var result: [Work.ID: [Author.ID]] = [:]
        for (workID, authorID) in try Self.fetch(db, sql, [user, Self.idList(workIDs)], { row in
            var reader = RowReader(row, table: "work_authors")
            return (try reader.id(Work.self), try reader.id(Author.self))
        }) {
            result[workID, default: []].append(authorID)
        }
        return result
    }

    /// The ordered authors of each work.
    func authorsByWork(_ db: Database, workIDs: [Work.ID]) throws -> [Work.ID: [Author]] {
        guard !workIDs.isEmpty else { return [:] }
        let sql = """
            SELECT wa.workID, \(AuthorRecord.selection(alias: "a")) FROM work_authors wa
            JOIN authors a ON a.userID = wa.userID AND a.id = wa.authorID
            WHERE wa.userID = ? AND wa.workID IN (SELECT value FROM json_each(?)) ORDER BY wa.workID, wa.position
            """
        var result: [Work.ID: [Author]] = [:]
        for (workID, author) in try Self.fetch(db, sql, [user, Self.idList(workIDs)], { row in
            var reader = RowReader(row, table: "work_authors")
            return (try reader.id(Work.self), try AuthorRecord.decode(row, at: 1))
        }) {
            result[workID, default: []].append(author)
        }
        return result
    }

    // MARK: Editions

    /// The editions chosen by `condition` (a predicate on `e`, after `e.userID = ?`), oldest first, with their ISBNs.
    func loadEditions(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> [Edition] {
        let sql = """
            SELECT \(EditionRecord.selection(alias: "e")) FROM editions e
            WHERE e.userID = ? AND \(condition) ORDER BY e.dateCreated, e.id
            """
        var editions = try Self.fetch(db, sql, [user] + arguments) { try EditionRecord.decode($0) }
        guard !editions.isEmpty else { return [] }
        let isbns = try isbnsByEdition(db, editionIDs: editions.map(\.id))
        for index in editions.indices { editions[index].isbns = isbns[editions[index].id] ?? [] }
        return editions
    }

    /// Each work's editions, oldest first, with their ISBNs.
    func editionsByWork(_ db: Database, workIDs: [Work.ID]) throws -> [Work.ID: [Edition]] {
        guard !workIDs.isEmpty else { return [:] }
        let editions = try loadEditions(db, where: "e.workID IN (SELECT value FROM json_each(?))", [Self.idList(workIDs)])
        return Dictionary(grouping: editions, by: \.workID)
    }

    /// The ISBNs of each edition, in order.
    func isbnsByEdition(_ db: Database, editionIDs: [Edition.ID]) throws -> [Edition.ID: [ISBN]] {
        let sql = """
            SELECT editionID, isbn FROM edition_isbns
            WHERE userID = ? AND editionID IN (SELECT value FROM json_each(?)) ORDER BY editionID, position
            """
        var result: [Edition.ID: [ISBN]] = [:]
        for (editionID, isbn) in try Self.fetch(db, sql, [user, Self.idList(editionIDs)], { row in
            var reader = RowReader(row, table: "edition_isbns")
            return (try reader.id(Edition.self), try reader.isbn())
        }) {
            result[editionID, default: []].append(isbn)
        }
        return result
    }

    /// The edition whose page count the reading rules use for an entry: the owned one, else the
    /// work's primary edition.
    func shownEdition(_ db: Database, workID: Work.ID, ownedEditionID: Edition.ID?) throws -> Edition? {
        let editions = try loadEditions(db, where: "e.workID = ?", [workID.description])
        return EditionSelection.primaryEdition(of: editions, ownedEditionID: ownedEditionID)
    }

    // MARK: Entries

    /// The entries chosen by `condition` (a predicate on `e`, after `e.userID = ?`), with tags,
    /// quotes, sessions and photo metadata.
    func loadEntries(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> [LibraryEntry] {
        let sql = "SELECT \(EntryRecord.selection(alias: "e")) FROM entries e WHERE e.userID = ? AND \(condition)"
        var entries = try Self.fetch(db, sql, [user] + arguments) { try EntryRecord.decode($0, userID: userID) }
        try attachChildren(db, to: &entries)
        return entries
    }

    /// Fills the tags, quotes, sessions and photo metadata of `entries`: four statements whatever their number.
    func attachChildren(_ db: Database, to entries: inout [LibraryEntry]) throws {
        guard !entries.isEmpty else { return }
        let ids = Self.idList(entries.map(\.id))
        let tags = try Self.grouped(db, """
            SELECT entryID, tag FROM entry_tags
            WHERE userID = ? AND entryID IN (SELECT value FROM json_each(?)) ORDER BY entryID, position
            """, [user, ids]) { row in
            var reader = RowReader(row, table: "entry_tags", at: 1)
            return try reader.string()
        }
        let quotes = try Self.grouped(db, """
            SELECT entryID, \(QuoteRecord.selection) FROM quotes
            WHERE userID = ? AND entryID IN (SELECT value FROM json_each(?)) ORDER BY entryID, position
            """, [user, ids]) { try QuoteRecord.decode($0, at: 1) }
        let sessions = try Self.grouped(db, """
            SELECT entryID, \(ReadingSessionRecord.selection) FROM reading_sessions
            WHERE userID = ? AND entryID IN (SELECT value FROM json_each(?)) ORDER BY entryID, position
            """, [user, ids]) { try ReadingSessionRecord.decode($0, at: 1) }
        let photos = try Self.grouped(db, """
            SELECT entryID, \(PagePhotoRecord.selection) FROM page_photos
            WHERE userID = ? AND entryID IN (SELECT value FROM json_each(?)) ORDER BY entryID, dateAdded, id
            """, [user, ids]) { try PagePhotoRecord.decode($0, at: 1) }
        for index in entries.indices {
            let id = entries[index].id
            entries[index].tags = tags[id] ?? []
            entries[index].quotes = quotes[id] ?? []
            entries[index].sessions = sessions[id] ?? []
            entries[index].pagePhotos = photos[id] ?? []
        }
    }

    /// Rows whose first column is an entry ID, decoded and grouped by that entry.
    private static func grouped<T>(
        _ db: Database, _ sql: String, _ arguments: StatementArguments, _ decode: (Row) throws -> T
    ) throws -> [LibraryEntry.ID: [T]] {
        var result: [LibraryEntry.ID: [T]] = [:]
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var currentText: String?
        var currentID: LibraryEntry.ID?
        while let row = try cursor.next() {
            var reader = RowReader(row, table: "entries")
            // Rows come sorted by entry: parse each entry ID once.
            let text = try reader.string()
            if text != currentText {
                var idReader = RowReader(row, table: "entries")
                currentID = try idReader.id(LibraryEntry.self)
                currentText = text
            }
            guard let id = currentID else { continue }
            result[id, default: []].append(try decode(row))
        }
        return result
    }
}
