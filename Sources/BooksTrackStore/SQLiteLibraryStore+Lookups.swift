import BooksTrackCore
import Foundation
import GRDB

/// The lookups the command line resolves its arguments with.
extension SQLiteLibraryStore {
    /// Entries whose ID starts with `idPrefix` (hex digits, any case, hyphens optional), by ID;
    /// none for an empty or non-hexadecimal prefix.
    public func entries(idPrefix: String) throws -> [LibraryEntry.ID] {
        guard let prefix = Self.canonicalIDPrefix(idPrefix) else { return [] }
        return try read { db in
            // A range on the key instead of LIKE: it uses the primary key index and needs no escaping.
            try Self.fetch(db, "SELECT id FROM entries WHERE userID = ? AND id >= ? AND id < ? ORDER BY id",
                           [user, prefix, prefix + "~"]) { row in
                var reader = RowReader(row, table: "entries")
                return try reader.id(LibraryEntry.self)
            }
        }
    }

    /// Entries whose owned edition, or (when not owned) primary edition, carries the ISBN.
    public func entries(isbn: ISBN) throws -> [LibraryEntry.ID] {
        try read { db in
            let candidates = try Self.fetch(db, """
                SELECT e.id, e.workID, e.editionID, i.editionID FROM edition_isbns i
                JOIN editions ed ON ed.userID = i.userID AND ed.id = i.editionID
                JOIN entries e ON e.userID = ed.userID AND e.workID = ed.workID
                WHERE i.userID = ? AND i.isbn = ?
                ORDER BY e.dateAdded, e.id
                """, [user, isbn.isbn13]) { row in
                var reader = RowReader(row, table: "entries")
                return (entry: try reader.id(LibraryEntry.self), work: try reader.id(Work.self),
                        owned: try reader.optionalID(Edition.self), carrier: try reader.id(Edition.self))
            }
            let notOwnedWorks = Self.uniqued(candidates.filter { $0.owned == nil }.map(\.work))
            let editions = try editionsByWork(db, workIDs: notOwnedWorks)
            var result: [LibraryEntry.ID] = []
            for candidate in candidates where !result.contains(candidate.entry) {
                let shown = candidate.owned
                    ?? EditionSelection.primaryEdition(of: editions[candidate.work] ?? [], ownedEditionID: nil)?.id
                if shown == candidate.carrier { result.append(candidate.entry) }
            }
            return result
        }
    }

    /// Entries whose title contains `text` (case-, accent- and punctuation-insensitive, on the
    /// normalized title); exact titles first, then titles starting with the text; at most `limit`.
    public func entries(titleContaining text: String, limit: Int) throws -> [LibraryEntry.ID] {
        let key = TextNormalization.normalizeTitle(text)
        guard !key.isEmpty, limit > 0 else { return [] }
        return try read { db in
            try Self.fetch(db, """
                SELECT e.id FROM entries e JOIN works w ON w.userID = e.userID AND w.id = e.workID
                WHERE e.userID = ? AND instr(w.normalizedTitle, ?) > 0
                ORDER BY w.normalizedTitle <> ?, instr(w.normalizedTitle, ?) <> 1, w.normalizedTitle, e.id
                LIMIT ?
                """, [user, key, key, key, limit]) { row in
                var reader = RowReader(row, table: "entries")
                return try reader.id(LibraryEntry.self)
            }
        }
    }

    /// The stored form of an ID prefix ("ABCD1234EF" → "abcd1234-ef"), or nil when it is not one.
    static func canonicalIDPrefix(_ text: String) -> String? {
        let digits = text.trimmingCharacters(in: .whitespaces).lowercased().filter { $0 != "-" }
        guard !digits.isEmpty, digits.count <= 32,
              digits.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) })
        else { return nil }
        var prefix = ""
        for (offset, digit) in digits.enumerated() {
            if [8, 12, 16, 20].contains(offset) { prefix.append("-") }
            prefix.append(digit)
        }
        return prefix
    }
}
