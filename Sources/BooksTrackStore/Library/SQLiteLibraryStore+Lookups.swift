import BooksTrackCore
import Foundation
import GRDB

/// The lookups the command line resolves its arguments with.
extension SQLiteLibraryStore {
    /// Entries whose ID starts with `idPrefix` (hex digits, any case, hyphens optional), by ID;
    /// none for an empty or non-hexadecimal prefix.
    public func entries(idPrefix: String) throws -> [LibraryEntry.ID] {
        guard let range = Self.idRange(prefix: idPrefix) else { return [] }
        return try read { db, user in
            // A range of the stored bytes: it uses the primary key index.
            if let upper = range.upper {
                return try Self.fetchIDs(db, "SELECT id FROM entries WHERE userKey = ? AND id >= ? AND id < ? ORDER BY id",
                                         [user, range.lower, upper])
            }
            return try Self.fetchIDs(db, "SELECT id FROM entries WHERE userKey = ? AND id >= ? ORDER BY id", [user, range.lower])
        }
    }

    /// Entries whose owned edition, or (when not owned) primary edition, carries the ISBN.
    public func entries(isbn: ISBN) throws -> [LibraryEntry.ID] {
        try read { db, user in
            let candidates = try Self.fetch(db, """
                SELECT e.id, e.workID, e.editionID, i.editionID FROM edition_isbns i
                JOIN editions ed ON ed.userKey = i.userKey AND ed.id = i.editionID
                JOIN entries e ON e.userKey = ed.userKey AND e.workID = ed.workID
                WHERE i.userKey = ? AND i.isbn = ?
                ORDER BY e.dateAdded, e.id
                """, [user, isbn.isbn13], table: "entries") { reader in
                (entry: try reader.id(LibraryEntry.self), work: try reader.id(Work.self),
                        owned: try reader.optionalID(Edition.self), carrier: try reader.id(Edition.self))
            }
            let notOwnedWorks = Self.uniqued(candidates.filter { $0.owned == nil }.map(\.work))
            let editions = try editionsByWork(db, user, workIDs: notOwnedWorks)
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
        return try read { db, user in
            // The title index holds every normalized title: scanning it reads no table row until a title matches.
            try Self.fetchIDs(db, """
                SELECT e.id FROM works w INDEXED BY works_by_normalized_title
                JOIN entries e ON e.userKey = w.userKey AND e.workID = w.id
                WHERE w.userKey = ? AND instr(w.normalizedTitle, ?) > 0
                ORDER BY w.normalizedTitle <> ?, instr(w.normalizedTitle, ?) <> 1, w.normalizedTitle, e.id
                LIMIT ?
                """, [user, key, key, key, limit])
        }
    }

    /// The stored identifiers starting with the hex digits of `prefix` (any case, hyphens
    /// ignored): from `lower` up to, not including, `upper` (nil when the prefix is all f's).
    /// Nil for an empty prefix, a non-hexadecimal one, or one longer than a UUID.
    static func idRange(prefix: String) -> (lower: Data, upper: Data?)? {
        var nibbles: [UInt8] = []
        for character in prefix.trimmingCharacters(in: .whitespaces).lowercased() where character != "-" {
            guard let value = character.hexDigitValue, character.isASCII else { return nil }
            nibbles.append(UInt8(value))
        }
        guard !nibbles.isEmpty, nibbles.count <= 32 else { return nil }
        var lower = [UInt8](repeating: 0, count: 16)
        for (position, nibble) in nibbles.enumerated() {
            lower[position / 2] |= position % 2 == 0 ? nibble << 4 : nibble
        }
        // The upper bound: the prefix plus one in its last digit, carrying leftwards.
        var upperNibbles = nibbles
        var position = upperNibbles.count - 1
        while position >= 0, upperNibbles[position] == 0xF {
            upperNibbles[position] = 0
            position -= 1
        }
        guard position >= 0 else { return (Data(lower), nil) }
        upperNibbles[position] += 1
        var upper = [UInt8](repeating: 0, count: 16)
        for (index, nibble) in upperNibbles.prefix(position + 1).enumerated() {
            upper[index / 2] |= index % 2 == 0 ? nibble << 4 : nibble
        }
        return (Data(lower), Data(upper))
    }
}
