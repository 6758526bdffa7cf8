import BooksTrackCore
import Foundation
import GRDB

/// The mapping between `LibraryEntry` and a row of `entries`; tags, quotes, sessions and photos
/// live in their own tables, the read history in a JSON column.
enum EntryRecord {
    static let table = "entries"

    /// Every column, in the order of `arguments(_:userID:)`.
    static let columns = [
        "userID", "id", "workID", "editionID", "status", "currentPage", "progress", "rating", "review",
        "reviewHasSpoilers", "notes", "discussionNotes", "isFavorite", "isPublic", "dateAdded", "dateStarted",
        "dateCompleted", "dateStopped", "readHistory", "dailyReadingGoal", "contributesToCulturalGoal",
        "culturalGoalCategory", "recommendedBy", "wouldRecommend", "lastModified",
    ]

    /// The columns `decode` reads, in order.
    static let decodedColumns = columns.filter { $0 != "userID" }

    static let upsertSQL = SQLText.upsert(table: table, columns: columns, key: ["userID", "id"])
    static let insertSQL = SQLText.insert(table: table, columns: columns)

    /// `e.id, e.workID, ...` for a select that `decode` can read.
    static func selection(alias: String) -> String { SQLText.qualified(decodedColumns, alias: alias) }

    static func arguments(_ entry: LibraryEntry, userID: String) throws -> StatementArguments {
        let values: [(any DatabaseValueConvertible)?] = [
            userID, entry.id.description, entry.workID.description, entry.editionID?.description,
            entry.status.rawValue, entry.currentPage, entry.progress, entry.rating, entry.review,
            entry.reviewHasSpoilers, entry.notes, entry.discussionNotes, entry.isFavorite, entry.isPublic,
            entry.dateAdded.databaseSeconds, entry.dateStarted?.databaseSeconds, entry.dateCompleted?.databaseSeconds,
            entry.dateStopped?.databaseSeconds, try readHistoryJSON(entry.readHistory), entry.dailyReadingGoal,
            entry.contributesToCulturalGoal, entry.culturalGoalCategory, entry.recommendedBy, entry.wouldRecommend,
            entry.lastModified.databaseSeconds,
        ]
        return StatementArguments(values)
    }

    /// The read history as JSON (`[{"outcome":"read","started":…,"ended":…}]`, dates in stored
    /// seconds), or nil when there is none.
    static func readHistoryJSON(_ history: [ReadPeriod]) throws -> String? {
        guard !history.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(history), as: UTF8.self)
    }

    /// Reads an entry from `decodedColumns`, starting at column `index`, for `userID`; the
    /// children are attached by the caller.
    static func decode(_ row: Row, at index: Int = 0, userID: User.ID) throws -> LibraryEntry {
        var reader = RowReader(row, table: table, at: index)
        return LibraryEntry(
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
    }
}

/// The mapping between an entry's tags and rows of `entry_tags`.
enum EntryTagRecord {
    static let insertSQL = "INSERT INTO entry_tags (userID, entryID, normalizedTag, tag, position) VALUES (?, ?, ?, ?, ?)"
    static let deleteForEntrySQL = "DELETE FROM entry_tags WHERE userID = ? AND entryID = ?"

    /// The form tags are matched by: trimmed and lowercased, as the model de-duplicates them.
    static func normalized(_ tag: String) -> String {
        tag.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}

/// The mapping between `Quote` and a row of `quotes`.
enum QuoteRecord {
    static let insertSQL = "INSERT INTO quotes (userID, id, entryID, text, page, dateAdded, position) VALUES (?, ?, ?, ?, ?, ?, ?)"
    static let deleteForEntrySQL = "DELETE FROM quotes WHERE userID = ? AND entryID = ?"
    /// Selected after the entry ID: `entryID, ` + this.
    static let selection = "id, text, page, dateAdded"

    static func arguments(_ quote: Quote, entryID: String, position: Int, userID: String) -> StatementArguments {
        [userID, quote.id.description, entryID, quote.text, quote.page, quote.dateAdded.databaseSeconds, position]
    }

    static func decode(_ row: Row, at index: Int) throws -> Quote {
        var reader = RowReader(row, table: "quotes", at: index)
        return Quote(id: try reader.id(), text: try reader.string(), page: try reader.optionalInt(), dateAdded: try reader.date())
    }
}

/// The mapping between `ReadingSession` and a row of `reading_sessions`.
enum ReadingSessionRecord {
    static let insertSQL = """
        INSERT INTO reading_sessions (userID, id, entryID, date, durationMinutes, pagesRead, position) VALUES (?, ?, ?, ?, ?, ?, ?)
        """
    static let deleteForEntrySQL = "DELETE FROM reading_sessions WHERE userID = ? AND entryID = ?"
    /// Selected after the entry ID: `entryID, ` + this.
    static let selection = "id, date, durationMinutes, pagesRead"

    static func arguments(_ session: ReadingSession, entryID: String, position: Int, userID: String) -> StatementArguments {
        [userID, session.id.description, entryID, session.date.databaseSeconds, session.durationMinutes, session.pagesRead, position]
    }

    static func decode(_ row: Row, at index: Int) throws -> ReadingSession {
        var reader = RowReader(row, table: "reading_sessions", at: index)
        return ReadingSession(id: try reader.id(), date: try reader.date(), durationMinutes: try reader.int(), pagesRead: try reader.int())
    }
}

/// The mapping between `PagePhoto` and a row of `page_photos` (metadata, then the bytes).
enum PagePhotoRecord {
    static let insertSQL = """
        INSERT INTO page_photos (userID, id, entryID, page, caption, imageType, byteCount, dateAdded, data)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    /// The metadata columns, selected after the entry ID: `entryID, ` + this.
    static let selection = "id, page, caption, imageType, byteCount, dateAdded"

    static func decode(_ row: Row, at index: Int) throws -> PagePhoto {
        var reader = RowReader(row, table: "page_photos", at: index)
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
