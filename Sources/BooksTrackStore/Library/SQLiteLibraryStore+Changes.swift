import BooksTrackCore
import Foundation
import GRDB

/// The import paths: finding the books a batch of imported rows may match, and writing a batch of
/// new and changed books in one transaction.
extension SQLiteLibraryStore {
    /// The editions of each work, oldest first, in one statement per 500 works.
    public func editions(ofWorks workIDs: [Work.ID]) throws -> [Work.ID: [Edition]] {
        try read { db, user in try editionsByWork(db, user, workIDs: Self.uniqued(workIDs)) }
    }

    /// The books that have an edition carrying one of `isbns` or whose title key, or key of the
    /// title before its subtitle, is one of `titleKeys`, through the ISBN and title indexes, with
    /// every edition of their works, in the order they were added.
    ///
    /// The rows are read in no order and sorted here: ordered by `e.dateAdded`, SQLite would walk
    /// the whole date index to skip the sort and test every entry against the list; by
    /// `+e.dateAdded`, it copied every row of a whole entry and work into a temporary b-tree.
    public func books(sharingISBNs isbns: [ISBN], orTitleKeys titleKeys: [String]) throws -> BookPage {
        try readOnWriter { db, user in try books(db, user, sharingISBNs: isbns, orTitleKeys: titleKeys) }
    }

    /// `books(sharingISBNs:orTitleKeys:)` on a reader connection, beside the writer.
    public func booksAhead(sharingISBNs isbns: [ISBN], orTitleKeys titleKeys: [String]) throws -> BookPage {
        try read { db, user in try books(db, user, sharingISBNs: isbns, orTitleKeys: titleKeys) }
    }

    /// This process's count of commits with changes and the writer's `data_version` (which moves
    /// when another connection, so another process, commits); nil for a store made without the
    /// count.
    public func libraryVersion() throws -> LibraryVersion? {
        try version { commits, _ in commits.value }
    }

    /// `libraryVersion()` as the commit of the open write transaction will leave it: one more
    /// commit when the transaction has changed rows (`CommitCounter`).
    public func libraryVersionAtCommit() throws -> LibraryVersion? {
        try version { commits, db in commits.value(committing: db) }
    }

    /// The library's version with this process's commits counted by `count`, read on the writer.
    private func version(_ count: (CommitCounter, Database) -> UInt64) throws -> LibraryVersion? {
        guard let commits else { return nil }
        return try readOnWriter { db, _ in
            let otherWriters = try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
            return LibraryVersion(commits: count(commits, db), otherWriters: otherWriters)
        }
    }

    private func books(_ db: Database, _ user: Int64?, sharingISBNs isbns: [ISBN], orTitleKeys titleKeys: [String]) throws -> BookPage {
        let isbnKeys = Self.uniqued(isbns.map(\.isbn13))
        let titleKeys = Self.uniqued(titleKeys.filter { !$0.isEmpty })
        guard !isbnKeys.isEmpty || !titleKeys.isEmpty else { return BookPage(books: [], editions: [:]) }
        var workIDs: [Work.ID] = []
        for chunk in Self.chunked(isbnKeys) {
            workIDs += try Self.fetchIDs(db, """
                SELECT DISTINCT ed.workID FROM edition_isbns i
                JOIN editions ed ON ed.userKey = i.userKey AND ed.id = i.editionID
                WHERE i.userKey = ? AND i.isbn IN (\(SQLText.placeholders(chunk.count)))
                """, StatementArguments([user as (any DatabaseValueConvertible)?] + chunk))
        }
        for chunk in Self.chunked(titleKeys) {
            workIDs += try Self.fetchIDs(db, """
                SELECT id FROM works WHERE userKey = ? AND normalizedTitle IN (\(SQLText.placeholders(chunk.count)))
                """, StatementArguments([user as (any DatabaseValueConvertible)?] + chunk))
            // "Sapiens" may be the library's "Sapiens: A Brief History of Humankind".
            workIDs += try Self.fetchIDs(db, """
                SELECT id FROM works WHERE userKey = ? AND mainTitleKey IN (\(SQLText.placeholders(chunk.count)))
                """, StatementArguments([user as (any DatabaseValueConvertible)?] + chunk))
        }
        var page = BookPage(books: [], editions: [:])
        _ = try Self.inChunks(Self.uniqued(workIDs)) { list, ids -> [Void] in
            try loadPage(db, user, where: "e.workID IN (\(list))", ids, order: nil, limit: nil, offset: 0, into: &page)
            return []
        }
        // In one order whatever the chunks, so candidates read in parts (ahead of an import's
        // batch) come in the order read at once: a row matching two books merges into the older.
        page.sortByDateAdded()
        return page
    }

    /// Writes new books, then authors, works, editions and entries, in one transaction.
    @discardableResult
    public func apply(_ changes: LibraryChanges) throws -> AppliedChanges {
        guard !changes.isEmpty else { return AppliedChanges() }
        for author in changes.authors { try Validation.validate(author) }
        for work in changes.works { try Validation.validate(work) }
        for edition in changes.editions { try Validation.validate(edition) }
        let preparation = BookPreparation(changes.newBooks, userID: userID)
        return try write { db, user in
            if !changes.newBooks.isEmpty {
                var inserter = try BookInserter(db, user: user, store: self)
                try inserter.insert(preparation)
                try inserter.finish()
            }
            for author in changes.authors {
                var row = try RowInserter(db, sql: AuthorRecord.upsertSQL)
                AuthorRecord.bind(author, userKey: user, to: &row)
                try row.run()
            }
            for work in changes.works { try saveWork(db, user, work) }
            for edition in changes.editions { try saveEdition(db, user, edition) }
            for entry in changes.entries { try saveEntry(db, user, entry) }
            try Self.recordImportedRows(db, user, changes.importedRows)
            let written = Set(changes.newBooks.map(\.work.id)).union(changes.works.map(\.id))
            return AppliedChanges(newlyQueuedForEnrichment: try enqueueForEnrichment(db, user, changes.enrichmentQueue, written: written))
        }
    }

    // MARK: Enrichment queue

    /// Queues works behind those already queued, in order; a work already queued keeps its place.
    /// Answers how many were not queued before. A work not among those just `written` is looked
    /// for first (an import's transaction leaves the foreign key off): a missing one throws.
    private func enqueueForEnrichment(_ db: Database, _ user: Int64, _ workIDs: [Work.ID], written: Set<Work.ID>) throws -> Int {
        guard !workIDs.isEmpty else { return 0 }
        for workID in workIDs where !written.contains(workID) {
            guard try Self.fetchInt(db, "SELECT COUNT(*) FROM works WHERE userKey = ? AND id = ?", [user, workID.databaseValue]) > 0 else {
                throw LibraryError.workNotFound(workID)
            }
        }
        // Positions only order the queue: one read of the last, then one prepared insert a work.
        var position = try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT COALESCE(MAX(position), 0) FROM enrichment_queue WHERE userKey = ?
            """), arguments: [user]) ?? 0
        var insert = try RowInserter(db, sql: "INSERT OR IGNORE INTO enrichment_queue (userKey, workID, position) VALUES (?, ?, ?)")
        var queued = 0
        for workID in workIDs {
            position += 1
            insert.begin()
            insert.bind(user)
            insert.bind(workID)
            insert.bind(position)
            try insert.run()
            queued += db.changesCount
        }
        return queued
    }

    /// Up to `limit` queued works, oldest first.
    public func queuedForEnrichment(limit: Int) throws -> [Work.ID] {
        try read { db, user in
            try Self.fetchIDs(db, """
                SELECT workID FROM enrichment_queue WHERE userKey = ? ORDER BY position LIMIT ?
                """, [user, max(0, limit)])
        }
    }

    /// How many works wait for enrichment.
    public func countQueuedForEnrichment() throws -> Int {
        try read { db, user in
            try Self.fetchInt(db, "SELECT COUNT(*) FROM enrichment_queue WHERE userKey = ?", [user])
        }
    }

    /// How many of `workIDs` wait for enrichment.
    public func countQueuedForEnrichment(among workIDs: [Work.ID]) throws -> Int {
        try read { db, user in
            let queued: [Work.ID] = try Self.inChunks(Self.uniqued(workIDs)) { list, ids in
                try Self.fetchIDs(db, "SELECT workID FROM enrichment_queue WHERE userKey = ? AND workID IN (\(list))", [user] + ids)
            }
            return queued.count
        }
    }

    /// Up to `limit` queued works due at `now` (never tried, or due again), oldest first.
    public func queuedForEnrichment(limit: Int, dueAt now: Date) throws -> [Work.ID] {
        try read { db, user in
            try Self.fetchIDs(db, """
                SELECT workID FROM enrichment_queue WHERE userKey = ? AND (retryAfter IS NULL OR retryAfter <= ?)
                ORDER BY position LIMIT ?
                """, [user, now.timeIntervalSinceReferenceDate, max(0, limit)])
        }
    }

    /// How many queued works are due at `now`.
    public func countQueuedForEnrichment(dueAt now: Date) throws -> Int {
        try read { db, user in
            try Self.fetchInt(db, """
                SELECT COUNT(*) FROM enrichment_queue WHERE userKey = ? AND (retryAfter IS NULL OR retryAfter <= ?)
                """, [user, now.timeIntervalSinceReferenceDate])
        }
    }

    /// Remembers attempts on works that stay queued.
    public func recordEnrichmentAttempts(_ attempts: [EnrichmentAttempt]) throws {
        try write { db, user in
            for attempt in attempts {
                try Self.execute(db, """
                    UPDATE enrichment_queue SET lastAttemptAt = ?, lastOutcome = ?, retryAfter = ?
                    WHERE userKey = ? AND workID = ?
                    """, [
                        attempt.attemptedAt.timeIntervalSinceReferenceDate, attempt.result.rawValue,
                        attempt.retryAfter.timeIntervalSinceReferenceDate, user, attempt.workID.databaseValue,
                    ])
            }
        }
    }

    /// Takes works off the queue.
    public func dequeueEnrichment(_ workIDs: [Work.ID]) throws {
        try write { db, user in
            _ = try Self.inChunks(workIDs) { list, ids -> [Int] in
                [try Self.execute(db, "DELETE FROM enrichment_queue WHERE userKey = ? AND workID IN (\(list))", [user] + ids)]
            }
        }
    }

    /// Text arguments in chunks of 500, each with the user's key slot left to the caller.
    private static func chunked(_ values: [String]) -> [[(any DatabaseValueConvertible)?]] {
        stride(from: 0, to: values.count, by: 500).map { start in
            values[start..<min(values.count, start + 500)].map { $0 as (any DatabaseValueConvertible)? }
        }
    }
}
