import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Inserts or updates an author.
    public func save(_ author: Author) throws {
        try Validation.validate(author)
        try write { db, user in
            var row = try RowInserter(db, sql: AuthorRecord.upsertSQL)
            AuthorRecord.bind(author, userKey: user, to: &row)
            try row.run()
            // A new name can change the order of the works the author heads.
            try refreshPrimaryAuthorSortKeys(db, user, workIDs: Self.fetchIDs(db, """
                SELECT workID FROM work_authors WHERE userKey = ? AND authorID = ?
                """, [user, author.id.databaseValue]))
        }
    }

    /// The author with this ID, if it is in this library.
    public func author(id: Author.ID) throws -> Author? {
        try read { db, user in
            try Self.fetch(db, "SELECT \(AuthorRecord.selection(alias: "a")) FROM authors a WHERE a.userKey = ? AND a.id = ?",
                           [user, id.databaseValue], table: "authors") { try AuthorRecord.decode(&$0) }.first
        }
    }

    /// Authors whose normalized name matches `name` ("Le Guin, Ursula K." finds "Ursula K. Le Guin").
    public func authors(named name: String) throws -> [Author] {
        let key = TextNormalization.normalizeAuthor(name)
        guard !key.isEmpty else { return [] }
        return try read { db, user in
            try Self.fetch(db, """
                SELECT \(AuthorRecord.selection(alias: "a")) FROM authors a
                WHERE a.userKey = ? AND a.normalizedName = ? ORDER BY a.sortKey, a.id
                """, [user, key], table: "authors") { try AuthorRecord.decode(&$0) }
        }
    }

    /// The authors whose normalized name (`TextNormalization.normalizeAuthor`) is one of `keys`.
    public func authors(normalizedNames keys: [String]) throws -> [Author] {
        let keys = Array(Set(keys.filter { !$0.isEmpty }))
        guard !keys.isEmpty else { return [] }
        return try read { db, user in
            var found: [Author] = []
            for start in stride(from: 0, to: keys.count, by: 500) {
                let chunk = keys[start..<min(keys.count, start + 500)]
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                found += try Self.fetch(db, """
                    SELECT \(AuthorRecord.selection(alias: "a")) FROM authors a
                    WHERE a.userKey = ? AND a.normalizedName IN (\(placeholders)) ORDER BY a.sortKey, a.id
                    """, StatementArguments([user] + chunk.map { $0 as (any DatabaseValueConvertible)? }), table: "authors") {
                    try AuthorRecord.decode(&$0)
                }
            }
            return found
        }
    }

    /// Every author, by sort name ("Last, First", without case or accents).
    public func allAuthors() throws -> [Author] {
        try read { db, user in
            try Self.fetch(db, "SELECT \(AuthorRecord.selection(alias: "a")) FROM authors a WHERE a.userKey = ? ORDER BY a.sortKey, a.id",
                           [user], table: "authors") { try AuthorRecord.decode(&$0) }
        }
    }

    /// The works `id` is an author of.
    public func workIDs(byAuthor id: Author.ID) throws -> [Work.ID] {
        try read { db, user in
            try Self.fetchIDs(db, "SELECT workID FROM work_authors WHERE userKey = ? AND authorID = ? ORDER BY workID", [user, id.databaseValue])
        }
    }

    /// How many books of the library each author wrote, counted in SQL.
    public func bookCounts() throws -> [Author.ID: Int] {
        try read { db, user in
            let counts = try Self.fetch(db, """
                SELECT wa.authorID, COUNT(*) FROM work_authors wa
                JOIN entries e ON e.userKey = wa.userKey AND e.workID = wa.workID
                WHERE wa.userKey = ? GROUP BY wa.authorID
                """, [user]) { (try $0.id(Author.self), try $0.int()) }
            return Dictionary(counts, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Deletes an author with their links to works (the works stay).
    public func deleteAuthor(id: Author.ID) throws {
        try write { db, user in
            guard try Self.execute(db, "DELETE FROM authors WHERE userKey = ? AND id = ?", [user, id.databaseValue]) > 0 else {
                throw LibraryError.authorNotFound(id)
            }
        }
    }
}
