import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    public func importMapping(header key: String) throws -> String? {
        try read { db, user in
            try String.fetchOne(db.cachedStatement(sql: "SELECT mapping FROM import_mappings WHERE userKey = ? AND headerKey = ?"),
                                arguments: [user, key])
        }
    }

    public func rememberImportMapping(_ mapping: String, header key: String, now: Date) throws {
        try write { db, user in
            try Self.execute(db, """
                INSERT INTO import_mappings (userKey, headerKey, mapping, dateUsed) VALUES (?, ?, ?, ?)
                ON CONFLICT (userKey, headerKey) DO UPDATE SET mapping = excluded.mapping, dateUsed = excluded.dateUsed
                """, [user, key, mapping, now.databaseSeconds])
        }
    }
}
