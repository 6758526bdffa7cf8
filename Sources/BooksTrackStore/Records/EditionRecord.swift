import BooksTrackCore
import Foundation
import GRDB

/// The mapping between `Edition` and a row of `editions`; the ISBNs live in `edition_isbns`.
enum EditionRecord {
    static let table = "editions"

    /// Every column, in the order of `arguments(_:userID:)`.
    static let columns = [
        "userID", "id", "workID", "publisher", "publicationDate", "pageCount", "format", "language",
        "editionTitle", "coverImageURL", "translator", "narrator", "audioDurationMinutes",
        "openLibraryEditionID", "isbndbID", "googleBooksVolumeIDs", "amazonASINs", "librarythingIDs",
        "dateCreated", "lastModified",
    ]

    /// The columns `decode` reads, in order.
    static let decodedColumns = columns.filter { $0 != "userID" }

    static let upsertSQL = SQLText.upsert(table: table, columns: columns, key: ["userID", "id"])

    /// `e.id, e.workID, ...` for a select that `decode` can read.
    static func selection(alias: String) -> String { SQLText.qualified(decodedColumns, alias: alias) }

    static func arguments(_ edition: Edition, userID: String) -> StatementArguments {
        let ids = edition.externalIDs
        let values: [(any DatabaseValueConvertible)?] = [
            userID, edition.id.description, edition.workID.description, edition.publisher,
            edition.publicationDate?.description, edition.pageCount, edition.format.rawValue, edition.language,
            edition.editionTitle, edition.coverImageURL?.absoluteString, edition.translator, edition.narrator,
            edition.audioDurationMinutes, ids.openLibraryEditionID, ids.isbndbID,
            JSONStringList.encode(ids.googleBooksVolumeIDs), JSONStringList.encode(ids.amazonASINs),
            JSONStringList.encode(ids.librarythingIDs), edition.dateCreated.databaseSeconds,
            edition.lastModified.databaseSeconds,
        ]
        return StatementArguments(values)
    }

    /// Reads an edition from `decodedColumns`, starting at column `index`; the ISBNs come separately.
    static func decode(_ row: Row, at index: Int = 0, isbns: [ISBN] = []) throws -> Edition {
        var reader = RowReader(row, table: table, at: index)
        return Edition(
            id: try reader.id(),
            workID: try reader.id(),
            isbns: isbns,
            publisher: try reader.optionalString(),
            publicationDate: try reader.partialDate(),
            pageCount: try reader.optionalInt(),
            format: try reader.value(),
            language: try reader.optionalString(),
            editionTitle: try reader.optionalString(),
            coverImageURL: try reader.url(),
            translator: try reader.optionalString(),
            narrator: try reader.optionalString(),
            audioDurationMinutes: try reader.optionalInt(),
            externalIDs: EditionExternalIDs(
                openLibraryEditionID: try reader.optionalString(),
                isbndbID: try reader.optionalString(),
                googleBooksVolumeIDs: try reader.stringList(),
                amazonASINs: try reader.stringList(),
                librarythingIDs: try reader.stringList()
            ),
            dateCreated: try reader.date(),
            lastModified: try reader.date()
        )
    }
}

/// The mapping between an edition's ISBNs and rows of `edition_isbns` (ISBN-13 text, in order).
enum EditionISBNRecord {
    static let insertSQL = "INSERT INTO edition_isbns (userID, editionID, isbn, position) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"
    static let deleteForEditionSQL = "DELETE FROM edition_isbns WHERE userID = ? AND editionID = ?"
}
