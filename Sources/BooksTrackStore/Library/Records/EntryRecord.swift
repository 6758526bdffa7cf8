import BooksTrackCore
import Foundation
import GRDB

/// The mapping between `LibraryEntry` and a row of `entries`; tags, quotes, sessions and photos
/// live in their own tables, the read history in a JSON column.
enum EntryRecord {
    static let table = "entries"

    /// Every column, in the order `bind` binds them.
    static let columns = [
        "userKey", "id", "workID", "editionID", "status", "currentPage", "progress", "rating", "review",
        "reviewHasSpoilers", "notes", "discussionNotes", "isFavorite", "isPublic", "dateAdded", "dateStarted",
        "dateCompleted", "dateStopped", "readHistory", "dailyReadingGoal", "contributesToCulturalGoal",
        "culturalGoalCategory", "recommendedBy", "wouldRecommend", "lastModified", "shownPageCount", "earlierReads", "tags",
    ]

    /// The columns `decode` reads, in order.
    static let decodedColumns = columns.filter { !["userKey", "shownPageCount", "earlierReads"].contains($0) }

    static let upsertSQL = SQLText.upsert(table: table, columns: columns, key: ["userKey", "id"])
    static let insertSQL = SQLText.insert(table: table, columns: columns)

    /// `e.id, e.workID, ...` for a select that `decode` can read.
    static func selection(alias: String) -> String { SQLText.qualified(decodedColumns, alias: alias) }

    /// Binds the values of `columns`, in order; `tags` are the tags as stored (validated and
    /// de-duplicated), `shownPageCount` the page count of the edition the entry shows (owned,
    /// else primary).
    static func bind(
        _ entry: LibraryEntry, tags: [String], shownPageCount: Int?, userKey: Int64, to row: inout RowInserter
    ) throws {
        bind(
            entry, encoded: try EncodedLists(entry, tags: tags), shownPageCount: shownPageCount, userKey: userKey, to: &row)
    }

    /// An entry's read history and stored tags as the JSON text of their columns, encoded apart
    /// from the binding: an import encodes them on the thread that prepares its books, not the writer's.
    struct EncodedLists: Sendable {
        var readHistory: String?
        var tags: String?

        init(_ entry: LibraryEntry, tags: [String]) throws {
            readHistory = try EntryRecord.readHistoryJSON(entry.readHistory)
            self.tags = JSONStringList.encode(tags)
        }
    }

    /// `bind`, with the lists already encoded.
    static func bind(
        _ entry: LibraryEntry, encoded: EncodedLists, shownPageCount: Int?, userKey: Int64, to row: inout RowInserter
    ) {
        row.begin()
        row.bind(userKey)
        row.bind(entry.id)
        row.bind(entry.workID)
        row.bind(entry.editionID)
        row.bind(entry.status.rawValue)
        row.bind(entry.currentPage)
        row.bind(entry.progress)
        row.bind(entry.rating)
        row.bind(entry.review)
        row.bind(entry.reviewHasSpoilers)
        row.bind(entry.notes)
        row.bind(entry.discussionNotes)
        row.bind(entry.isFavorite)
        row.bind(entry.isPublic)
        row.bind(entry.dateAdded)
        row.bind(entry.dateStarted)
        row.bind(entry.dateCompleted)
        row.bind(entry.dateStopped)
        row.bind(encoded.readHistory)
        row.bind(entry.dailyReadingGoal)
        row.bind(entry.contributesToCulturalGoal)
        row.bind(entry.culturalGoalCategory)
        row.bind(entry.recommendedBy)
        row.bind(entry.wouldRecommend)
        row.bind(entry.lastModified)
        row.bind(shownPageCount)
        row.bind(entry.readHistory.count(where: { $0.outcome == .read }))
        row.bind(encoded.tags)
    }

    /// The read history as JSON (`[{"outcome":"read","started":…,"ended":…}]`, dates in stored
    /// seconds), or nil when there is none.
    static func readHistoryJSON(_ history: [ReadPeriod]) throws -> String? {
        guard !history.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(history), as: UTF8.self)
    }

    /// Reads an entry from `decodedColumns`, from the reader's position, for `userID`; quotes,
    /// sessions and photos are attached by the caller.
    static func decode(_ reader: inout RowReader, userID: User.ID) throws -> LibraryEntry {
        var entry = LibraryEntry(
            id: try reader.id(),
            userID: userID,
            workID: try reader.id(),
            editionID: try reader.optionalID(),
            status: try reader.value(),
            currentPage: try reader.int(),
            progress: try reader.double(),
            rating: try reader.optionalDouble(),
            review: try reader.optionalString(),
            reviewHasSpoilers: try reader.bool(),
            notes: try reader.optionalString(),
            discussionNotes: try reader.optionalString(),
            isFavorite: try reader.bool(),
            isPublic: try reader.bool(),
            dateAdded: try reader.date(),
            dateStarted: try reader.optionalDate(),
            dateCompleted: try reader.optionalDate(),
            dateStopped: try reader.optionalDate(),
            readHistory: try reader.json([ReadPeriod].self) ?? [],
            dailyReadingGoal: try reader.optionalInt(),
            contributesToCulturalGoal: try reader.bool(),
            culturalGoalCategory: try reader.optionalString(),
            recommendedBy: try reader.optionalString(),
            wouldRecommend: try reader.optionalBool(),
            lastModified: try reader.date()
        )
        // Assigned as stored: `LibraryEntry.init` would trim and de-duplicate them again.
        entry.tags = try reader.stringList()
        return entry
    }
}

/// The mapping between an entry's tags and rows of `entry_tags`.
enum EntryTagRecord {
    static let columns = ["userKey", "entryID", "normalizedTag", "tag", "position"]
    static let insertSQL = SQLText.insert(table: "entry_tags", columns: columns)
    static let deleteForEntrySQL = "DELETE FROM entry_tags WHERE userKey = ? AND entryID = ?"

    /// The form tags are matched by: trimmed and lowercased, as the model de-duplicates them.
    static func normalized(_ tag: String) -> String {
        tag.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}

/// The mapping between `Quote` and a row of `quotes`.
enum QuoteRecord {
    static let insertSQL = SQLText.insert(table: "quotes", columns: columns)
    static let deleteForEntrySQL = "DELETE FROM quotes WHERE userKey = ? AND entryID = ?"
    /// Selected after the entry ID: `entryID, ` + this.
    static let selection = "id, text, page, dateAdded"

    static let columns = ["userKey", "id", "entryID", "text", "page", "dateAdded", "position"]

    /// Binds one row's values (after any earlier rows of a multi-row insert).
    static func bind(_ quote: Quote, entryID: LibraryEntry.ID, position: Int, userKey: Int64, to row: inout RowInserter) {
        row.bind(userKey)
        row.bind(quote.id)
        row.bind(entryID)
        row.bind(quote.text)
        row.bind(quote.page)
        row.bind(quote.dateAdded)
        row.bind(position)
    }

    static func decode(_ reader: inout RowReader) throws -> Quote {
        return Quote(id: try reader.id(), text: try reader.string(), page: try reader.optionalInt(), dateAdded: try reader.date())
    }
}

/// The mapping between `ReadingSession` and a row of `reading_sessions`.
enum ReadingSessionRecord {
    static let insertSQL = SQLText.insert(table: "reading_sessions", columns: columns)
    static let deleteForEntrySQL = "DELETE FROM reading_sessions WHERE userKey = ? AND entryID = ?"
    /// Selected after the entry ID: `entryID, ` + this.
    static let selection = "id, date, durationMinutes, pagesRead"

    static let columns = ["userKey", "id", "entryID", "date", "durationMinutes", "pagesRead", "position"]

    /// Binds one row's values (after any earlier rows of a multi-row insert).
    static func bind(_ session: ReadingSession, entryID: LibraryEntry.ID, position: Int, userKey: Int64, to row: inout RowInserter) {
        row.bind(userKey)
        row.bind(session.id)
        row.bind(entryID)
        row.bind(session.date)
        row.bind(session.durationMinutes)
        row.bind(session.pagesRead)
        row.bind(position)
    }

    static func decode(_ reader: inout RowReader) throws -> ReadingSession {
        return ReadingSession(id: try reader.id(), date: try reader.date(), durationMinutes: try reader.int(), pagesRead: try reader.int())
    }
}

/// The mapping between `PagePhoto` and a row of `page_photos` (metadata, then the bytes).
enum PagePhotoRecord {
    static let insertSQL = """
        INSERT INTO page_photos (userKey, id, entryID, page, caption, imageType, byteCount, dateAdded, data)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    /// The metadata columns `decode` reads.
    static let selection = "id, page, caption, imageType, byteCount, dateAdded"

    static func decode(_ reader: inout RowReader) throws -> PagePhoto {
        return PagePhoto(
            id: try reader.id(),
            page: try reader.optionalInt(),
            caption: try reader.optionalString(),
            imageType: try reader.value(),
            byteCount: try reader.int(),
            dateAdded: try reader.date()
        )
    }
}
