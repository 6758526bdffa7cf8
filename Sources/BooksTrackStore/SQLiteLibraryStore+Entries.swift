import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Inserts or updates an entry with its tags, quotes, sessions and read history (not photos).
    ///
    /// The entry is always written for this store's user. Throws `LibraryError` when the work or
    /// the owned edition is not in the library, when the edition belongs to another work, when a
    /// field breaks a limit (checked against the shown edition's page count), or when the work
    /// already has another entry.
    public func save(_ entry: LibraryEntry) throws {
        try write { db in try saveEntry(db, entry) }
    }

    /// The entry with this ID, if it is in this library, with its tags, quotes, sessions and photo metadata.
    public func entry(id: LibraryEntry.ID) throws -> LibraryEntry? {
        try read { db in try loadEntries(db, where: "e.id = ?", [id.description]).first }
    }

    /// The entry for a work, if the user has one.
    public func entry(workID: Work.ID) throws -> LibraryEntry? {
        try read { db in try loadEntries(db, where: "e.workID = ?", [workID.description]).first }
    }

    /// Deletes an entry with its sessions, quotes and photos; the work stays.
    public func deleteEntry(id: LibraryEntry.ID) throws {
        try write { db in
            guard try Self.execute(db, "DELETE FROM entries WHERE userID = ? AND id = ?", [user, id.description]) > 0 else {
                throw LibraryError.entryNotFound(id)
            }
        }
    }

    /// Reads the entry, lets `change` apply rules to it (given the page count of its shown
    /// edition), validates and saves it, all in one write transaction; a throwing `change` leaves
    /// the library as it was. Returns the entry as saved.
    public func updateEntry(
        id: LibraryEntry.ID, _ change: (inout LibraryEntry, _ pageCount: Int?) throws -> Void
    ) throws -> LibraryEntry {
        try write { db in
            guard var entry = try loadEntries(db, where: "e.id = ?", [id.description]).first else {
                throw LibraryError.entryNotFound(id)
            }
            let pageCount = try shownEdition(db, workID: entry.workID, ownedEditionID: entry.editionID)?.pageCount
            try change(&entry, pageCount)
            // The identity is not the closure's to change.
            entry.id = id
            try saveEntry(db, entry)
            guard let saved = try loadEntries(db, where: "e.id = ?", [id.description]).first else {
                throw LibraryError.entryNotFound(id)
            }
            return saved
        }
    }

    func saveEntry(_ db: Database, _ entry: LibraryEntry) throws {
        var entry = entry
        entry.userID = userID
        let entryID = entry.id.description
        let workID = entry.workID.description
        guard try Self.fetchInt(db, "SELECT COUNT(*) FROM works WHERE userID = ? AND id = ?", [user, workID]) > 0 else {
            throw LibraryError.workNotFound(entry.workID)
        }
        if let editionID = entry.editionID {
            let owners = try Self.fetch(db, "SELECT workID FROM editions WHERE userID = ? AND id = ?", [user, editionID.description]) { row in
                var reader = RowReader(row, table: "editions")
                return try reader.string()
            }
            guard let editionWorkID = owners.first else { throw LibraryError.editionNotFound(editionID) }
            guard editionWorkID == workID else { throw LibraryError.editionOfAnotherWork }
        }
        let pageCount = try shownEdition(db, workID: entry.workID, ownedEditionID: entry.editionID)?.pageCount
        try Validation.validate(entry, pageCount: pageCount)
        let others = try Self.fetchInt(db, "SELECT COUNT(*) FROM entries WHERE userID = ? AND workID = ? AND id <> ?", [user, workID, entryID])
        guard others == 0 else { throw LibraryError.duplicateEntry(entry.workID) }

        try Self.execute(db, EntryRecord.upsertSQL, EntryRecord.arguments(entry, userID: user))
        try Self.execute(db, EntryTagRecord.deleteForEntrySQL, [user, entryID])
        try Self.execute(db, QuoteRecord.deleteForEntrySQL, [user, entryID])
        try Self.execute(db, ReadingSessionRecord.deleteForEntrySQL, [user, entryID])
        try insertChildren(db, of: entry)
    }

    /// Inserts the tags (trimmed, first spelling of case-insensitive repeats), quotes and sessions of an entry.
    func insertChildren(_ db: Database, of entry: LibraryEntry) throws {
        let entryID = entry.id.description
        var seenTags = Set<String>()
        var position = 0
        for tag in entry.tags {
            let tag = try Validation.tag(tag)
            let normalized = EntryTagRecord.normalized(tag)
            guard seenTags.insert(normalized).inserted else { continue }
            try Self.execute(db, EntryTagRecord.insertSQL, [user, entryID, normalized, tag, position])
            position += 1
        }
        for (position, quote) in entry.quotes.enumerated() {
            try Self.execute(db, QuoteRecord.insertSQL, QuoteRecord.arguments(quote, entryID: entryID, position: position, userID: user))
        }
        for (position, session) in entry.sessions.enumerated() {
            try Self.execute(db, ReadingSessionRecord.insertSQL,
                             ReadingSessionRecord.arguments(session, entryID: entryID, position: position, userID: user))
        }
    }
}
