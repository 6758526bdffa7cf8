import BooksTrackCore
import Foundation
import GRDB

/// The mapping between `Work` and a row of `works`; the ordered authors live in `work_authors`.
enum WorkRecord {
    static let table = "works"

    /// Every column, in the order `bind` binds them.
    static let columns = [
        "userKey", "id", "title", "normalizedTitle", "subtitle", "genres", "originalLanguage",
        "firstPublicationYear", "description", "seriesName", "seriesPosition", "culturalThemes",
        "contentWarnings", "awards", "readingDifficulty", "coverImageURL", "openLibraryWorkID", "isbndbID",
        "googleBooksVolumeIDs", "goodreadsWorkIDs", "amazonASINs", "librarythingIDs", "providerTag",
        "isSynthetic", "reviewStatus", "scanImagePath", "boundingBoxX", "boundingBoxY", "boundingBoxWidth",
        "boundingBoxHeight", "dateCreated", "lastModified", "lastEnrichedAt", "dataQuality", "primaryAuthorSortKey", "mainTitleKey",
        "seriesPositionEnd", "contributors", "originalCountry", "readerSetFields",
    ]

    /// The columns `decode` reads, in order.
    static let decodedColumns = columns.filter {
        !["userKey", "normalizedTitle", "primaryAuthorSortKey", "mainTitleKey"].contains($0)
    }

    static let upsertSQL = SQLText.upsert(table: table, columns: columns, key: ["userKey", "id"])

    /// `w.id, w.title, ...` for a select that `decode` can read.
    static func selection(alias: String) -> String { SQLText.qualified(decodedColumns, alias: alias) }

    /// Binds the values of `columns`, in order. `normalizedTitle` is `normalizeTitle(work.title)`
    /// (passed in when already computed); `primaryAuthorSortKey` is the first author's sort key;
    /// `mainTitleKey` is `mainTitleKey(work.title)`, the key of the title before its subtitle.
    static func bind(
        _ work: Work, normalizedTitle: String? = nil, primaryAuthorSortKey: String?, userKey: Int64, to row: inout RowInserter
    ) {
        let ids = work.externalIDs
        row.begin()
        row.bind(userKey)
        row.bind(work.id)
        row.bind(work.title)
        row.bind(normalizedTitle ?? TextNormalization.normalizeTitle(work.title))
        row.bind(work.subtitle)
        row.bind(JSONStringList.encode(work.genres))
        row.bind(work.originalLanguage)
        row.bind(work.firstPublicationYear)
        row.bind(work.description)
        row.bind(work.seriesName)
        row.bind(work.seriesPosition)
        row.bind(JSONStringList.encode(work.culturalThemes))
        row.bind(JSONStringList.encode(work.contentWarnings))
        row.bind(JSONStringList.encode(work.awards))
        row.bind(work.readingDifficulty?.rawValue)
        row.bind(work.coverImageURL?.absoluteString)
        row.bind(ids.openLibraryWorkID)
        row.bind(ids.isbndbID)
        row.bind(JSONStringList.encode(ids.googleBooksVolumeIDs))
        row.bind(JSONStringList.encode(ids.goodreadsWorkIDs))
        row.bind(JSONStringList.encode(ids.amazonASINs))
        row.bind(JSONStringList.encode(ids.librarythingIDs))
        row.bind(work.providerTag)
        row.bind(work.isSynthetic)
        row.bind(work.reviewStatus.rawValue)
        row.bind(work.scanImagePath)
        row.bind(work.boundingBox?.x)
        row.bind(work.boundingBox?.y)
        row.bind(work.boundingBox?.width)
        row.bind(work.boundingBox?.height)
        row.bind(work.dateCreated)
        row.bind(work.lastModified)
        row.bind(work.lastEnrichedAt)
        row.bind(work.dataQuality)
        row.bind(primaryAuthorSortKey)
        row.bind(TextNormalization.mainTitleKey(work.title))
        row.bind(work.seriesPositionEnd)
        row.bind(work.contributors.flatMap { $0.isEmpty ? nil : JSONStringList.encode($0.map(\.label)) })
        row.bind(work.originalCountry)
        row.bind(work.readerSetFields.isEmpty ? nil : JSONStringList.encode(work.readerSetFields.sorted().map(\.rawValue)))
    }

    /// Reads a work from `decodedColumns`, from the reader's position; `authorIDs` come from the links.
    ///
    /// Values are assigned as stored rather than passed through `Work.init`, which trims and
    /// de-duplicates again: the store gives back exactly what was saved (and Foundation's
    /// trimming is the slowest part of decoding a page on Linux).
    static func decode(_ reader: inout RowReader, authorIDs: [Author.ID] = []) throws -> Work {
        var work = Work(id: try reader.id(), title: "", dateCreated: Date(timeIntervalSinceReferenceDate: 0))
        work.authorIDs = authorIDs
        work.title = try reader.string()
        work.subtitle = try reader.optionalString()
        work.genres = try reader.stringList()
        work.originalLanguage = try reader.optionalString()
        work.firstPublicationYear = try reader.optionalInt()
        work.description = try reader.optionalString()
        work.seriesName = try reader.optionalString()
        work.seriesPosition = try reader.optionalDouble()
        work.culturalThemes = try reader.stringList()
        work.contentWarnings = try reader.stringList()
        work.awards = try reader.stringList()
        work.readingDifficulty = try reader.optionalValue()
        work.coverImageURL = try reader.url()
        work.externalIDs.openLibraryWorkID = try reader.optionalString()
        work.externalIDs.isbndbID = try reader.optionalString()
        work.externalIDs.googleBooksVolumeIDs = try reader.stringList()
        work.externalIDs.goodreadsWorkIDs = try reader.stringList()
        work.externalIDs.amazonASINs = try reader.stringList()
        work.externalIDs.librarythingIDs = try reader.stringList()
        work.providerTag = try reader.optionalString()
        work.isSynthetic = try reader.bool()
        work.reviewStatus = try reader.value()
        work.scanImagePath = try reader.optionalString()
        let box = (try reader.optionalDouble(), try reader.optionalDouble(), try reader.optionalDouble(), try reader.optionalDouble())
        if let x = box.0, let y = box.1, let width = box.2, let height = box.3 {
            work.boundingBox = BoundingBox(x: x, y: y, width: width, height: height)
        }
        work.dateCreated = try reader.date()
        work.lastModified = try reader.date()
        work.lastEnrichedAt = try reader.optionalDate()
        work.dataQuality = try reader.int()
        work.seriesPositionEnd = try reader.optionalDouble()
        let contributors = try reader.stringList().compactMap(Contributor.init(label:))
        work.contributors = contributors.isEmpty ? nil : contributors
        work.originalCountry = try reader.optionalString()
        work.readerSetFields = Set(try reader.stringList().compactMap(WorkField.init(rawValue:)))
        return work
    }
}

/// The mapping between a work's ordered author list and rows of `work_authors`.
enum WorkAuthorRecord {
    static let insertSQL = "INSERT INTO work_authors (userKey, workID, authorID, position) VALUES (?, ?, ?, ?)"
    static let deleteForWorkSQL = "DELETE FROM work_authors WHERE userKey = ? AND workID = ?"
}
