import BooksTrackCore
import Foundation
import GRDB

/// The mapping between `Edition` and a row of `editions`; the ISBNs are on the row (JSON) and,
/// for lookups, in `edition_isbns`.
enum EditionRecord {
    static let table = "editions"

    /// Every column, in the order `bind` binds them.
    static let columns = [
        "userKey", "id", "workID", "publisher", "publicationDate", "pageCount", "format", "language",
        "editionTitle", "coverImageURL", "translator", "narrator", "audioDurationMinutes",
        "openLibraryEditionID", "isbndbID", "googleBooksVolumeIDs", "amazonASINs", "librarythingIDs",
        "dateCreated", "lastModified", "isbns", "goodreadsBookIDs", "readerSetFields",
    ]

    /// The columns `decode` reads, in order.
    static let decodedColumns = columns.filter { $0 != "userKey" }

    static let upsertSQL = SQLText.upsert(table: table, columns: columns, key: ["userKey", "id"])

    /// `e.id, e.workID, ...` for a select that `decode` can read.
    static func selection(alias: String) -> String { SQLText.qualified(decodedColumns, alias: alias) }

    /// Binds the values of `columns`, in order.
    static func bind(_ edition: Edition, userKey: Int64, to row: inout RowInserter) {
        let ids = edition.externalIDs
        row.begin()
        row.bind(userKey)
        row.bind(edition.id)
        row.bind(edition.workID)
        row.bind(edition.publisher)
        row.bind(edition.publicationDate?.description)
        row.bind(edition.pageCount)
        row.bind(edition.format.rawValue)
        row.bind(edition.language)
        row.bind(edition.editionTitle)
        row.bind(edition.coverImageURL?.absoluteString)
        row.bind(edition.translator)
        row.bind(edition.narrator)
        row.bind(edition.audioDurationMinutes)
        row.bind(ids.openLibraryEditionID)
        row.bind(ids.isbndbID)
        row.bind(JSONStringList.encode(ids.googleBooksVolumeIDs))
        row.bind(JSONStringList.encode(ids.amazonASINs))
        row.bind(JSONStringList.encode(ids.librarythingIDs))
        row.bind(edition.dateCreated)
        row.bind(edition.lastModified)
        row.bind(JSONStringList.encode(edition.isbns.map(\.isbn13)))
        row.bind(JSONStringList.encode(ids.goodreadsBookIDs))
        row.bind(edition.readerSetFields.isEmpty ? nil : JSONStringList.encode(edition.readerSetFields.sorted().map(\.rawValue)))
    }

    /// Reads an edition from `decodedColumns`, from the reader's position, assigning values as
    /// stored (see `WorkRecord.decode`).
    static func decode(_ reader: inout RowReader) throws -> Edition {
        var edition = Edition(id: try reader.id(), workID: try reader.id(), dateCreated: Date(timeIntervalSinceReferenceDate: 0))
        edition.publisher = try reader.optionalString()
        edition.publicationDate = try reader.partialDate()
        edition.pageCount = try reader.optionalInt()
        edition.format = try reader.value()
        edition.language = try reader.optionalString()
        edition.editionTitle = try reader.optionalString()
        edition.coverImageURL = try reader.url()
        edition.translator = try reader.optionalString()
        edition.narrator = try reader.optionalString()
        edition.audioDurationMinutes = try reader.optionalInt()
        edition.externalIDs.openLibraryEditionID = try reader.optionalString()
        edition.externalIDs.isbndbID = try reader.optionalString()
        edition.externalIDs.googleBooksVolumeIDs = try reader.stringList()
        edition.externalIDs.amazonASINs = try reader.stringList()
        edition.externalIDs.librarythingIDs = try reader.stringList()
        edition.dateCreated = try reader.date()
        edition.lastModified = try reader.date()
        edition.isbns = try reader.isbnList()
        edition.externalIDs.goodreadsBookIDs = try reader.stringList()
        edition.readerSetFields = Set(try reader.stringList().compactMap(EditionField.init(rawValue:)))
        return edition
    }
}

/// The mapping between an edition's ISBNs and rows of `edition_isbns` (ISBN-13 text, in order).
enum EditionISBNRecord {
    static let insertSQL = "INSERT INTO edition_isbns (userKey, editionID, isbn, position) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"
    static let deleteForEditionSQL = "DELETE FROM edition_isbns WHERE userKey = ? AND editionID = ?"
}
