import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Inserts or updates an edition with its ISBNs; its work must be in the library.
    public func save(_ edition: Edition) throws {
        try Validation.validate(edition)
        try write { db in try saveEdition(db, edition) }
    }

    /// The edition with this ID, if it is in this library.
    public func edition(id: Edition.ID) throws -> Edition? {
        try read { db in try loadEditions(db, where: "e.id = ?", [id.description]).first }
    }

    /// The work's editions, oldest first.
    public func editions(ofWork workID: Work.ID) throws -> [Edition] {
        try read { db in try loadEditions(db, where: "e.workID = ?", [workID.description]) }
    }

    /// The edition carrying this ISBN (the oldest, if several do).
    public func edition(isbn: ISBN) throws -> Edition? {
        try read { db in
            try loadEditions(db, where: """
                e.id IN (SELECT i.editionID FROM edition_isbns i WHERE i.userID = e.userID AND i.isbn = ?)
                """, [isbn.isbn13]).first
        }
    }

    /// Deletes an edition; entries that owned it keep their progress and become not owned.
    public func deleteEdition(id: Edition.ID) throws {
        try write { db in
            guard try Self.execute(db, "DELETE FROM editions WHERE userID = ? AND id = ?", [user, id.description]) > 0 else {
                throw LibraryError.editionNotFound(id)
            }
        }
    }

    func saveEdition(_ db: Database, _ edition: Edition) throws {
        let editionID = edition.id.description
        guard try Self.fetchInt(db, "SELECT COUNT(*) FROM works WHERE userID = ? AND id = ?", [user, edition.workID.description]) > 0 else {
            throw LibraryError.workNotFound(edition.workID)
        }
        // Moving an edition to another work would leave an entry owning an edition of a different work.
        let ownedElsewhere = try Self.fetchInt(db, """
            SELECT COUNT(*) FROM entries WHERE userID = ? AND editionID = ? AND workID <> ?
            """, [user, editionID, edition.workID.description])
        if ownedElsewhere > 0 { throw LibraryError.editionOfAnotherWork }
        try Self.execute(db, EditionRecord.upsertSQL, EditionRecord.arguments(edition, userID: user))
        try Self.execute(db, EditionISBNRecord.deleteForEditionSQL, [user, editionID])
        for (position, isbn) in edition.isbns.enumerated() {
            try Self.execute(db, EditionISBNRecord.insertSQL, [user, editionID, isbn.isbn13, position])
        }
    }
}
