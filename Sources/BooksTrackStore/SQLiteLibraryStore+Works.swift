import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Inserts or updates a work and its ordered author links; every author must be in the library.
    public func save(_ work: Work) throws {
        try Validation.validate(work)
        try write { db in try saveWork(db, work) }
    }

    /// The work with this ID, if it is in this library.
    public func work(id: Work.ID) throws -> Work? {
        try read { db in try loadWorks(db, ids: [id]).first }
    }

    /// Works whose normalized title and primary author match (the dedupe key); a nil or empty
    /// author matches works without authors.
    public func works(title: String, primaryAuthor: String?) throws -> [Work] {
        let titleKey = TextNormalization.normalizeTitle(title)
        let authorKey = TextNormalization.normalizeAuthor(primaryAuthor ?? "")
        guard !titleKey.isEmpty else { return [] }
        return try read { db in
            try loadWorks(db, where: """
                w.normalizedTitle = ? AND COALESCE((
                    SELECT a.normalizedName FROM work_authors wa JOIN authors a ON a.userID = wa.userID AND a.id = wa.authorID
                    WHERE wa.userID = w.userID AND wa.workID = w.id ORDER BY wa.position LIMIT 1), '') = ?
                ORDER BY w.dateCreated, w.id
                """, [titleKey, authorKey])
        }
    }

    /// Deletes a work with its editions and its entry (and the entry's sessions, quotes and photos).
    public func deleteWork(id: Work.ID) throws {
        try write { db in
            guard try Self.execute(db, "DELETE FROM works WHERE userID = ? AND id = ?", [user, id.description]) > 0 else {
                throw LibraryError.workNotFound(id)
            }
        }
    }

    func saveWork(_ db: Database, _ work: Work) throws {
        let authorIDs = Self.uniqued(work.authorIDs)
        let known = Set(try Self.fetch(db, """
            SELECT id FROM authors WHERE userID = ? AND id IN (SELECT value FROM json_each(?))
            """, [user, Self.idList(authorIDs)]) { row in
            var reader = RowReader(row, table: "authors")
            return try reader.string()
        })
        if let missing = authorIDs.first(where: { !known.contains($0.description) }) {
            throw LibraryError.authorNotFound(missing)
        }
        do {
            try Self.execute(db, WorkRecord.upsertSQL, WorkRecord.arguments(work, userID: user))
        } catch let error as DatabaseError where error.isForeignKeyViolation {
            throw StoreError.unknownUser(userID)
        }
        let workID = work.id.description
        try Self.execute(db, WorkAuthorRecord.deleteForWorkSQL, [user, workID])
        for (position, authorID) in authorIDs.enumerated() {
            try Self.execute(db, WorkAuthorRecord.insertSQL, [user, workID, authorID.description, position])
        }
    }

    /// The values in order without repeats.
    static func uniqued<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }
}
