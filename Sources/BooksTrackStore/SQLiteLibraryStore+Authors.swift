import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Inserts or updates an author.
    public func save(_ author: Author) throws {
        try Validation.validate(author)
        try write { db in try saveAuthor(db, author) }
    }

    /// The author with this ID, if it is in this library.
    public func author(id: Author.ID) throws -> Author? {
        try read { db in
            try Self.fetch(db, "SELECT \(AuthorRecord.selection(alias: "a")) FROM authors a WHERE a.userID = ? AND a.id = ?",
                           [user, id.description]) { try AuthorRecord.decode($0) }.first
        }
    }

    /// Authors whose normalized name matches `name` ("Le Guin, Ursula K." finds "Ursula K. Le Guin").
    public func authors(named name: String) throws -> [Author] {
        let key = TextNormalization.normalizeAuthor(name)
        guard !key.isEmpty else { return [] }
        return try read { db in
            try Self.fetch(db, """
                SELECT \(AuthorRecord.selection(alias: "a")) FROM authors a
                WHERE a.userID = ? AND a.normalizedName = ? ORDER BY a.sortKey, a.id
                """, [user, key]) { try AuthorRecord.decode($0) }
        }
    }

    /// Every author, by sort name ("Last, First", without case or accents).
    public func allAuthors() throws -> [Author] {
        try read { db in
            try Self.fetch(db, "SELECT \(AuthorRecord.selection(alias: "a")) FROM authors a WHERE a.userID = ? ORDER BY a.sortKey, a.id",
                           [user]) { try AuthorRecord.decode($0) }
        }
    }

    /// Deletes an author; works keep their other authors.
    public func deleteAuthor(id: Author.ID) throws {
        try write { db in
            guard try Self.execute(db, "DELETE FROM authors WHERE userID = ? AND id = ?", [user, id.description]) > 0 else {
                throw LibraryError.authorNotFound(id)
            }
        }
    }

    /// Deletes authors linked to no work; returns how many.
    public func pruneAuthorsWithoutWorks() throws -> Int {
        try write { db in
            try Self.execute(db, """
                DELETE FROM authors WHERE userID = ? AND NOT EXISTS (
                    SELECT 1 FROM work_authors wa WHERE wa.userID = authors.userID AND wa.authorID = authors.id)
                """, [user])
        }
    }

    func saveAuthor(_ db: Database, _ author: Author) throws {
        do {
            try Self.execute(db, AuthorRecord.upsertSQL, AuthorRecord.arguments(author, userID: user))
        } catch let error as DatabaseError where error.isForeignKeyViolation {
            throw StoreError.unknownUser(userID)
        }
    }
}
