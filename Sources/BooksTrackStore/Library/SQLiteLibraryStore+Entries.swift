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
        try write { db, user in try saveEntry(db, user, entry) }
    }

    /// The entry with this ID, if it is in this library, with its tags, quotes, sessions and photo metadata.
    public func entry(id: LibraryEntry.ID) throws -> LibraryEntry? {
        try read { db, user in try loadEntries(db, user, where: "e.id = ?", [id.databaseValue]).first }
    }

    /// The entry for a work, if the user has one.
    public func entry(workID: Work.ID) throws -> LibraryEntry? {
        try read { db, user in try loadEntries(db, user, where: "e.workID = ?", [workID.databaseValue]).first }
    }

    /// Deletes an entry with its sessions, quotes and photos; the work stays.
    public func deleteEntry(id: LibraryEntry.ID) throws {
        try write { db, user in
            guard try Self.execute(db, "DELETE FROM entries WHERE userKey = ? AND id = ?", [user, id.databaseValue]) > 0 else {
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
        try write { db, user in
            guard var entry = try loadEntries(db, user, where: "e.id = ?", [id.databaseValue]).first else {
                throw LibraryError.entryNotFound(id)
            }
            let pageCount = try shownEdition(db, user, workID: entry.workID, ownedEditionID: entry.editionID)?.pageCount
            let before = entry
            try change(&entry, pageCount)
            // The identity is not the closure's to change.
            entry.id = id
            try saveEntry(db, user, entry)
            if entry.currentPage != before.currentPage || entry.progress != before.progress {
                // A day of reading for the streaks (days since 1970-01-01, UTC). Only a reader's own
                // change counts: an import that moves a book to read writes through `apply`.
                _ = try Self.execute(db, """
                    INSERT OR IGNORE INTO reading_days (userKey, day)
                    VALUES (?, CAST((? + 978307200) / 86400 AS INTEGER))
                    """, [user, entry.lastModified.timeIntervalSinceReferenceDate])
            }
            guard let saved = try loadEntries(db, user, where: "e.id = ?", [id.databaseValue]).first else {
                throw LibraryError.entryNotFound(id)
            }
            return saved
        }
    }

    func saveEntry(_ db: Database, _ user: Int64, _ entry: LibraryEntry) throws {
        var entry = entry
        entry.userID = userID
        let entryID = entry.id.databaseValue
        let workID = entry.workID.databaseValue
        guard try Self.fetchInt(db, "SELECT COUNT(*) FROM works WHERE userKey = ? AND id = ?", [user, workID]) > 0 else {
            throw LibraryError.workNotFound(entry.workID)
        }
        if let editionID = entry.editionID {
            let owners: [Work.ID] = try Self.fetchIDs(db, "SELECT workID FROM editions WHERE userKey = ? AND id = ?",
                                                      [user, editionID.databaseValue])
            guard let editionWorkID = owners.first else { throw LibraryError.editionNotFound(editionID) }
            guard editionWorkID == entry.workID else { throw LibraryError.editionOfAnotherWork }
        }
        let pageCount = try shownEdition(db, user, workID: entry.workID, ownedEditionID: entry.editionID)?.pageCount
        try Validation.validate(entry, pageCount: pageCount)
        let others = try Self.fetchInt(db, "SELECT COUNT(*) FROM entries WHERE userKey = ? AND workID = ? AND id <> ?",
                                       [user, workID, entryID])
        guard others == 0 else { throw LibraryError.duplicateEntry(entry.workID) }

        let isNew = try Self.fetchInt(db, "SELECT COUNT(*) FROM entries WHERE userKey = ? AND id = ?", [user, entryID]) == 0
        let tags = Self.storedTags(entry.tags)
        var row = try RowInserter(db, sql: EntryRecord.upsertSQL)
        try EntryRecord.bind(entry, tags: tags.map(\.text), shownPageCount: pageCount, userKey: user, to: &row)
        try row.run()
        if isNew {
            // Updates move the figures by trigger; inserts are counted here (see EntryFigures).
            var figures = EntryFigures()
            figures.add(entry, counted: false)
            try figures.apply(db, user: user)
        }
        try Self.execute(db, EntryTagRecord.deleteForEntrySQL, [user, entryID])
        try Self.execute(db, QuoteRecord.deleteForEntrySQL, [user, entryID])
        try Self.execute(db, ReadingSessionRecord.deleteForEntrySQL, [user, entryID])
        for (position, tag) in tags.enumerated() {
            try Self.execute(db, EntryTagRecord.insertSQL, [user, entryID, tag.normalized, tag.text, position])
        }
        var quoteRow = try RowInserter(db, sql: QuoteRecord.insertSQL)
        for (position, quote) in entry.quotes.enumerated() {
            quoteRow.begin()
            QuoteRecord.bind(quote, entryID: entry.id, position: position, userKey: user, to: &quoteRow)
            try quoteRow.run()
        }
        var sessionRow = try RowInserter(db, sql: ReadingSessionRecord.insertSQL)
        for (position, session) in entry.sessions.enumerated() {
            sessionRow.begin()
            ReadingSessionRecord.bind(session, entryID: entry.id, position: position, userKey: user, to: &sessionRow)
            try sessionRow.run()
        }
    }

    /// The tags as stored: trimmed, the first spelling of case-insensitive repeats. Each tag must
    /// already have passed `Validation.validate(_:pageCount:)`, which checks every tag.
    static func storedTags(_ tags: [String]) -> [(normalized: String, text: String)] {
        var seen = Set<String>()
        var result: [(normalized: String, text: String)] = []
        for tag in tags {
            let text = trimmed(tag)
            let normalized = text.lowercased()
            if seen.insert(normalized).inserted { result.append((normalized, text)) }
        }
        return result
    }

    /// `text` without surrounding whitespace; returned as is, without Foundation's trimming (a
    /// few microseconds on Linux), when it has none.
    static func trimmed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        if !first.properties.isWhitespace, !last.properties.isWhitespace { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
