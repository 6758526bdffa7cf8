import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Inserts or updates a work and its ordered author links; every author must be in the library.
    public func save(_ work: Work) throws {
        try Validation.validate(work)
        try write { db, user in try saveWork(db, user, work) }
    }

    /// The work with this ID, if it is in this library.
    public func work(id: Work.ID) throws -> Work? {
        try read { db, user in try loadWorks(db, user, where: "w.id = ?", [id.databaseValue]).first }
    }

    /// Works whose normalized title and primary author match (the dedupe key); a nil or empty
    /// author matches works without authors.
    public func works(title: String, primaryAuthor: String?) throws -> [Work] {
        let titleKey = TextNormalization.normalizeTitle(title)
        let authorKey = TextNormalization.normalizeAuthor(primaryAuthor ?? "")
        guard !titleKey.isEmpty else { return [] }
        return try read { db, user in
            try loadWorks(db, user, where: """
                w.normalizedTitle = ? AND COALESCE((
                    SELECT a.normalizedName FROM work_authors wa JOIN authors a ON a.userKey = wa.userKey AND a.id = wa.authorID
                    WHERE wa.userKey = w.userKey AND wa.workID = w.id ORDER BY wa.position LIMIT 1), '') = ?
                ORDER BY w.dateCreated, w.id
                """, [titleKey, authorKey])
        }
    }

    /// Deletes a work with its editions and its entry (and the entry's sessions, quotes and photos).
    public func deleteWork(id: Work.ID) throws {
        try write { db, user in
            guard try Self.execute(db, "DELETE FROM works WHERE userKey = ? AND id = ?", [user, id.databaseValue]) > 0 else {
                throw LibraryError.workNotFound(id)
            }
        }
    }

    func saveWork(_ db: Database, _ user: Int64, _ work: Work) throws {
        let authorIDs = Self.uniqued(work.authorIDs)
        let known = Set(try Self.inChunks(authorIDs) { list, ids -> [Author.ID] in
            try Self.fetchIDs(db, "SELECT id FROM authors WHERE userKey = ? AND id IN (\(list))", [user] + ids)
        })
        if let missing = authorIDs.first(where: { !known.contains($0) }) {
            throw LibraryError.authorNotFound(missing)
        }
        var row = try RowInserter(db, sql: WorkRecord.upsertSQL)
        WorkRecord.bind(work, primaryAuthorSortKey: nil, userKey: user, to: &row)
        try row.run()
        let workID = work.id.databaseValue
        try Self.execute(db, WorkAuthorRecord.deleteForWorkSQL, [user, workID])
        for (position, authorID) in authorIDs.enumerated() {
            try Self.execute(db, WorkAuthorRecord.insertSQL, [user, workID, authorID.databaseValue, position])
        }
        try refreshPrimaryAuthorSortKeys(db, user, workIDs: [work.id])
        try InsightFigures.mark(workID: work.id, user: user, db)
    }
}
