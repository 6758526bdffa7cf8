import BooksTrackCore
import Foundation
import GRDB

/// The mapping between `Author` and a row of `authors`.
enum AuthorRecord {
    static let table = "authors"

    /// Every column, in the order of `arguments(_:userID:)`.
    static let columns = [
        "userID", "id", "name", "normalizedName", "sortName", "sortKey", "gender", "culturalRegion",
        "nationality", "ethnicity", "birthYear", "deathYear", "marginalizedVoiceOverride",
        "openLibraryID", "isbndbID", "googleBooksID", "goodreadsID", "wikidataID", "dateCreated", "lastModified",
    ]

    /// The columns `decode` reads, in order.
    static let decodedColumns = [
        "id", "name", "sortName", "gender", "culturalRegion", "nationality", "ethnicity", "birthYear",
        "deathYear", "marginalizedVoiceOverride", "openLibraryID", "isbndbID", "googleBooksID",
        "goodreadsID", "wikidataID", "dateCreated", "lastModified",
    ]

    static let upsertSQL = SQLText.upsert(table: table, columns: columns, key: ["userID", "id"])
    static let insertIfMissingSQL = SQLText.insert(table: table, columns: columns) + " ON CONFLICT (userID, id) DO NOTHING"

    /// `a.id, a.name, ...` for a select that `decode` can read.
    static func selection(alias: String) -> String { SQLText.qualified(decodedColumns, alias: alias) }

    /// The key that orders authors: the catalog form "Last, First", without case or accents.
    static func sortKey(of author: Author) -> String {
        let sortName = author.sortName ?? TextNormalization.sortName(forAuthor: author.name)
        return sortName.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    static func arguments(_ author: Author, userID: String) -> StatementArguments {
        let values: [(any DatabaseValueConvertible)?] = [
            userID, author.id.description, author.name, TextNormalization.normalizeAuthor(author.name),
            author.sortName, sortKey(of: author), author.gender.rawValue, author.culturalRegion?.rawValue,
            author.nationality, author.ethnicity, author.birthYear, author.deathYear, author.marginalizedVoiceOverride,
            author.externalIDs.openLibraryID, author.externalIDs.isbndbID, author.externalIDs.googleBooksID,
            author.externalIDs.goodreadsID, author.externalIDs.wikidataID,
            author.dateCreated.databaseSeconds, author.lastModified.databaseSeconds,
        ]
        return StatementArguments(values)
    }

    /// Reads an author from `decodedColumns`, starting at column `index`.
    static func decode(_ row: Row, at index: Int = 0) throws -> Author {
        var reader = RowReader(row, table: table, at: index)
        return Author(
            id: try reader.id(),
            name: try reader.string(),
            sortName: try reader.optionalString(),
            gender: try reader.value(),
            culturalRegion: try reader.optionalValue(),
            nationality: try reader.optionalString(),
            ethnicity: try reader.optionalString(),
            birthYear: try reader.optionalInt(),
            deathYear: try reader.optionalInt(),
            marginalizedVoiceOverride: try reader.optionalBool(),
            externalIDs: AuthorExternalIDs(
                openLibraryID: try reader.optionalString(),
                isbndbID: try reader.optionalString(),
                googleBooksID: try reader.optionalString(),
                goodreadsID: try reader.optionalString(),
                wikidataID: try reader.optionalString()
            ),
            dateCreated: try reader.date(),
            lastModified: try reader.date()
        )
    }
}
