import BooksTrackCore
import Foundation
import GRDB

/// The mapping between `Work` and a row of `works`; the ordered authors live in `work_authors`.
enum WorkRecord {
    static let table = "works"

    /// Every column, in the order of `arguments(_:userID:)`.
    static let columns = [
        "userID", "id", "title", "normalizedTitle", "subtitle", "genres", "originalLanguage",
        "firstPublicationYear", "description", "seriesName", "seriesPosition", "culturalThemes",
        "contentWarnings", "awards", "readingDifficulty", "coverImageURL", "openLibraryWorkID", "isbndbID",
        "googleBooksVolumeIDs", "goodreadsWorkIDs", "amazonASINs", "librarythingIDs", "providerTag",
        "isSynthetic", "reviewStatus", "scanImagePath", "boundingBoxX", "boundingBoxY", "boundingBoxWidth",
        "boundingBoxHeight", "dateCreated", "lastModified", "lastEnrichedAt", "dataQuality",
    ]

    /// The columns `decode` reads, in order.
    static let decodedColumns = columns.filter { $0 != "userID" && $0 != "normalizedTitle" }

    static let upsertSQL = SQLText.upsert(table: table, columns: columns, key: ["userID", "id"])

    /// `w.id, w.title, ...` for a select that `decode` can read.
    static func selection(alias: String) -> String { SQLText.qualified(decodedColumns, alias: alias) }

    static func arguments(_ work: Work, userID: String) -> StatementArguments {
        let ids = work.externalIDs
        let box = work.boundingBox
        let values: [(any DatabaseValueConvertible)?] = [
            userID, work.id.description, work.title, TextNormalization.normalizeTitle(work.title), work.subtitle,
            JSONStringList.encode(work.genres), work.originalLanguage, work.firstPublicationYear, work.description,
            work.seriesName, work.seriesPosition, JSONStringList.encode(work.culturalThemes),
            JSONStringList.encode(work.contentWarnings), JSONStringList.encode(work.awards),
            work.readingDifficulty?.rawValue, work.coverImageURL?.absoluteString, ids.openLibraryWorkID, ids.isbndbID,
            JSONStringList.encode(ids.googleBooksVolumeIDs), JSONStringList.encode(ids.goodreadsWorkIDs),
            JSONStringList.encode(ids.amazonASINs), JSONStringList.encode(ids.librarythingIDs), work.providerTag,
            work.isSynthetic, work.reviewStatus.rawValue, work.scanImagePath, box?.x, box?.y, box?.width, box?.height,
            work.dateCreated.databaseSeconds, work.lastModified.databaseSeconds, work.lastEnrichedAt?.databaseSeconds,
            work.dataQuality,
        ]
        return StatementArguments(values)
    }

    /// Reads a work from `decodedColumns`, starting at column `index`; `authorIDs` come from the links.
    static func decode(_ row: Row, at index: Int = 0, authorIDs: [Author.ID] = []) throws -> Work {
        var reader = RowReader(row, table: table, at: index)
        let id: Work.ID = try reader.id()
        let title = try reader.string()
        let subtitle = try reader.optionalString()
        let genres = try reader.stringList()
        let originalLanguage = try reader.optionalString()
        let firstPublicationYear = try reader.optionalInt()
        let description = try reader.optionalString()
        let seriesName = try reader.optionalString()
        let seriesPosition = try reader.optionalDouble()
        let culturalThemes = try reader.stringList()
        let contentWarnings = try reader.stringList()
        let awards = try reader.stringList()
        let readingDifficulty: ReadingDifficulty? = try reader.optionalValue()
        let coverImageURL = try reader.url()
        let externalIDs = WorkExternalIDs(
            openLibraryWorkID: try reader.optionalString(),
            isbndbID: try reader.optionalString(),
            googleBooksVolumeIDs: try reader.stringList(),
            goodreadsWorkIDs: try reader.stringList(),
            amazonASINs: try reader.stringList(),
            librarythingIDs: try reader.stringList()
        )
        let providerTag = try reader.optionalString()
        let isSynthetic = try reader.bool()
        let reviewStatus: ReviewStatus = try reader.value()
        let scanImagePath = try reader.optionalString()
        let boxParts = (try reader.optionalDouble(), try reader.optionalDouble(), try reader.optionalDouble(), try reader.optionalDouble())
        var boundingBox: BoundingBox?
        if let x = boxParts.0, let y = boxParts.1, let width = boxParts.2, let height = boxParts.3 {
            boundingBox = BoundingBox(x: x, y: y, width: width, height: height)
        }
        return Work(
            id: id,
            title: title,
            subtitle: subtitle,
            authorIDs: authorIDs,
            genres: genres,
            originalLanguage: originalLanguage,
            firstPublicationYear: firstPublicationYear,
            description: description,
            seriesName: seriesName,
            seriesPosition: seriesPosition,
            culturalThemes: culturalThemes,
            contentWarnings: contentWarnings,
            awards: awards,
            readingDifficulty: readingDifficulty,
            coverImageURL: coverImageURL,
            externalIDs: externalIDs,
            providerTag: providerTag,
            isSynthetic: isSynthetic,
            reviewStatus: reviewStatus,
            scanImagePath: scanImagePath,
            boundingBox: boundingBox,
            dateCreated: try reader.date(),
            lastModified: try reader.date(),
            lastEnrichedAt: try reader.optionalDate(),
            dataQuality: try reader.int()
        )
    }
}

/// The mapping between a work's ordered author list and rows of `work_authors`.
enum WorkAuthorRecord {
    static let insertSQL = "INSERT INTO work_authors (userID, workID, authorID, position) VALUES (?, ?, ?, ?)"
    static let deleteForWorkSQL = "DELETE FROM work_authors WHERE userID = ? AND workID = ?"
}
