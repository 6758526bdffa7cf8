import BooksTrackCore
import Foundation
import GRDB

/// The mapping between `Author` and a row of `authors`.
enum AuthorRecord {
    static let table = "authors"

    /// Every column, in the order `bind` binds them.
    static let columns = [
        "userKey", "id", "name", "normalizedName", "sortName", "sortKey", "gender", "culturalRegion",
        "nationality", "ethnicity", "birthYear", "deathYear", "marginalizedVoiceOverride",
        "openLibraryID", "isbndbID", "googleBooksID", "goodreadsID", "wikidataID", "dateCreated", "lastModified",
    ]

    /// The columns `decode` reads, in order.
    static let decodedColumns = [
        "id", "name", "sortName", "gender", "culturalRegion", "nationality", "ethnicity", "birthYear",
        "deathYear", "marginalizedVoiceOverride", "openLibraryID", "isbndbID", "googleBooksID",
        "goodreadsID", "wikidataID", "dateCreated", "lastModified",
    ]

    static let upsertSQL = SQLText.upsert(table: table, columns: columns, key: ["userKey", "id"])
    static let insertIfMissingSQL = SQLText.insert(table: table, columns: columns) + " ON CONFLICT (userKey, id) DO NOTHING"

    /// `a.id, a.name, ...` for a select that `decode` can read.
    static func selection(alias: String) -> String { SQLText.qualified(decodedColumns, alias: alias) }

    /// The key that orders authors: the catalog form "Last, First", without case or accents.
    static func sortKey(of author: Author) -> String {
        let sortName = author.sortName ?? TextNormalization.sortName(forAuthor: author.name)
        return sortName.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The author's matching key (`normalizeAuthor`) and sort key, computed once per author.
    static func keys(of author: Author) -> (normalizedName: String, sortKey: String) {
        (TextNormalization.normalizeAuthor(author.name), sortKey(of: author))
    }

    /// Binds the values of `columns`, in order.
    static func bind(
        _ author: Author, keys: (normalizedName: String, sortKey: String)? = nil, userKey: Int64, to row: inout RowInserter
    ) {
        let ids = author.externalIDs
        let keys = keys ?? Self.keys(of: author)
        row.begin()
        row.bind(userKey)
        row.bind(author.id)
        row.bind(author.name)
        row.bind(keys.normalizedName)
        row.bind(author.sortName)
        row.bind(keys.sortKey)
        row.bind(author.gender.rawValue)
        row.bind(author.culturalRegion?.rawValue)
        row.bind(author.nationality)
        row.bind(author.ethnicity)
        row.bind(author.birthYear)
        row.bind(author.deathYear)
        row.bind(author.marginalizedVoiceOverride)
        row.bind(ids.openLibraryID)
        row.bind(ids.isbndbID)
        row.bind(ids.googleBooksID)
        row.bind(ids.goodreadsID)
        row.bind(ids.wikidataID)
        row.bind(author.dateCreated)
        row.bind(author.lastModified)
    }

    /// Reads an author from `decodedColumns`, from the reader's position, assigning values as
    /// stored (see `WorkRecord.decode`).
    static func decode(_ reader: inout RowReader) throws -> Author {
        var author = Author(id: try reader.id(), name: "", dateCreated: Date(timeIntervalSinceReferenceDate: 0))
        author.name = try reader.string()
        author.sortName = try reader.optionalString()
        author.gender = try reader.value()
        author.culturalRegion = try reader.optionalValue()
        author.nationality = try reader.optionalString()
        author.ethnicity = try reader.optionalString()
        author.birthYear = try reader.optionalInt()
        author.deathYear = try reader.optionalInt()
        author.marginalizedVoiceOverride = try reader.optionalBool()
        author.externalIDs.openLibraryID = try reader.optionalString()
        author.externalIDs.isbndbID = try reader.optionalString()
        author.externalIDs.googleBooksID = try reader.optionalString()
        author.externalIDs.goodreadsID = try reader.optionalString()
        author.externalIDs.wikidataID = try reader.optionalString()
        author.dateCreated = try reader.date()
        author.lastModified = try reader.date()
        return author
    }
}
