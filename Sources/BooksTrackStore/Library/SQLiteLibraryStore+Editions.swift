import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Inserts or updates an edition with its ISBNs; its work must be in the library.
    public func save(_ edition: Edition) throws {
        try Validation.validate(edition)
        try write { db, user in try saveEdition(db, user, edition) }
    }

    /// The edition with this ID, if it is in this library.
    public func edition(id: Edition.ID) throws -> Edition? {
        try read { db, user in try loadEditions(db, user, where: "e.id = ?", [id.databaseValue]).first }
    }

    /// The work's editions, oldest first.
    public func editions(ofWork workID: Work.ID) throws -> [Edition] {
        try read { db, user in try loadEditions(db, user, where: "e.workID = ?", [workID.databaseValue]) }
    }

    /// The edition carrying this ISBN (the oldest, if several do).
    public func edition(isbn: ISBN) throws -> Edition? {
        try read { db, user in
            try loadEditions(db, user, where: """
                e.id IN (SELECT i.editionID FROM edition_isbns i WHERE i.userKey = e.userKey AND i.isbn = ?)
                """, [isbn.isbn13]).first
        }
    }

    /// Deletes an edition; entries that owned it keep their progress and become not owned.
    public func deleteEdition(id: Edition.ID) throws {
        try write { db, user in
            let works: [Work.ID] = try Self.fetchIDs(db, "SELECT workID FROM editions WHERE userKey = ? AND id = ?", [user, id.databaseValue])
            guard let workID = works.first else { throw LibraryError.editionNotFound(id) }
            try Self.execute(db, "DELETE FROM editions WHERE userKey = ? AND id = ?", [user, id.databaseValue])
            try refreshShownPageCount(db, user, workID: workID)
        }
    }

    func saveEdition(_ db: Database, _ user: Int64, _ edition: Edition) throws {
        let editionID = edition.id.databaseValue
        guard try Self.fetchInt(db, "SELECT COUNT(*) FROM works WHERE userKey = ? AND id = ?", [user, edition.workID.databaseValue]) > 0 else {
            throw LibraryError.workNotFound(edition.workID)
        }
        let previousWorks: [Work.ID] = try Self.fetchIDs(db, "SELECT workID FROM editions WHERE userKey = ? AND id = ?", [user, editionID])
        // Moving an edition to another work would leave an entry owning an edition of a different work.
        let ownedElsewhere = try Self.fetchInt(db, """
            SELECT COUNT(*) FROM entries WHERE userKey = ? AND editionID = ? AND workID <> ?
            """, [user, editionID, edition.workID.databaseValue])
        if ownedElsewhere > 0 { throw LibraryError.editionOfAnotherWork }
        var row = try RowInserter(db, sql: EditionRecord.upsertSQL)
        EditionRecord.bind(edition, userKey: user, to: &row)
        try row.run()
        try Self.execute(db, EditionISBNRecord.deleteForEditionSQL, [user, editionID])
        for (position, isbn) in edition.isbns.enumerated() {
            try Self.execute(db, EditionISBNRecord.insertSQL, [user, editionID, isbn.isbn13, position])
        }
        for workID in Self.uniqued(previousWorks + [edition.workID]) {
            try refreshShownPageCount(db, user, workID: workID)
        }
    }
}
