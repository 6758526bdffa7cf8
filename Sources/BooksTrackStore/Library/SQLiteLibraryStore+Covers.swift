import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Keeps an uploaded cover for an edition of this library, replacing the one kept before.
    public func setUploadedCover(_ data: Data, editionID: Edition.ID, now: Date) throws {
        try write { db, user in
            guard try Self.fetchInt(db, "SELECT COUNT(*) FROM editions WHERE userKey = ? AND id = ?", [user, editionID.databaseValue]) > 0
            else { throw LibraryError.editionNotFound(editionID) }
            try Self.execute(db, """
                INSERT INTO cover_images (userKey, editionID, data, dateAdded) VALUES (?, ?, ?, ?)
                ON CONFLICT (userKey, editionID) DO UPDATE SET data = excluded.data, dateAdded = excluded.dateAdded
                """, [user, editionID.databaseValue, data, now.databaseSeconds])
        }
    }

    /// The cover uploaded for an edition, if any.
    public func uploadedCover(editionID: Edition.ID) throws -> Data? {
        try read { db, user in
            try Data.fetchOne(db.cachedStatement(sql: "SELECT data FROM cover_images WHERE userKey = ? AND editionID = ?"),
                              arguments: [user, editionID.databaseValue])
        }
    }

    /// Forgets the cover uploaded for an edition.
    public func removeUploadedCover(editionID: Edition.ID) throws {
        try write { db, user in
            try Self.execute(db, "DELETE FROM cover_images WHERE userKey = ? AND editionID = ?", [user, editionID.databaseValue])
        }
    }
}
