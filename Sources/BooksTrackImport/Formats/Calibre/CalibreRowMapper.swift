import BooksTrackCore
import Foundation

/// Reads the rows of a Calibre CSV catalog.
///
/// Calibre keeps no reading status, so books come without one (the importer uses to-read and says
/// so). A Calibre library holds the reader's own files, so a book with files is owned, as an e-book
/// when every file is an e-book format and as an audiobook when every file is audio.
struct CalibreRowMapper: RowMapper {
    private let authors: Int?
    private let rating: Int?
    private let timestamp: Int?
    private let formats: Int?
    private let isbn: Int?
    private let identifiers: Int?
    private let comments: Int?
    private let tags: Int?
    private let series: Int?
    private let seriesIndex: Int?
    private let languages: Int?
    private let title: Int?
    private let publisher: Int?
    private let pubdate: Int?

    // Calibre writes 0101-01-01 (shifted by the time zone, so sometimes 0100-12-31) for "no date".
    private static let unknownYears: ClosedRange<Int> = 100...101

    /// Finds the columns this mapper reads in `header`.
    init(header: CSVHeader) {
        authors = header.index(of: "authors")
        rating = header.index(of: "rating")
        timestamp = header.index(of: "timestamp")
        formats = header.index(of: "formats")
        isbn = header.index(of: "isbn")
        identifiers = header.index(of: "identifiers")
        comments = header.index(of: "comments")
        tags = header.index(of: "tags")
        series = header.index(of: "series")
        seriesIndex = header.index(of: "series_index")
        languages = header.index(of: "languages")
        title = header.index(of: "title")
        publisher = header.index(of: "publisher")
        pubdate = header.index(of: "pubdate")
    }

    /// The book a row describes, or nil (reported) when the row has no title.
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook? {
        let number = row.number
        guard let rawTitle = row.title(title, problems: &problems) else { return nil }
        var book = ImportedBook(row: number, title: rawTitle)
        if let name = row[series] {
            book.seriesName = name
            book.seriesPosition = Self.seriesPosition(row[seriesIndex], row: number, problems: &problems)
        } else {
            let split = TextNormalization.splitSeries(fromTitle: rawTitle)
            book.title = split.title
            book.seriesName = split.series
            book.seriesPosition = split.position
        }
        // Calibre joins several authors with " & ".
        book.authors = StringList.deduplicated(Cells.list(row[authors], separator: " & "))
        book.publisher = row[publisher]
        book.publicationDate = publicationDate(row[pubdate], row: number, problems: &problems)
        book.language = row[languages].flatMap { Cells.list($0).first }.flatMap(ISO639.languageTag)
        book.description = Cells.text(
            row[comments].map(Cells.plainText(fromHTML:)), field: "description", limit: Work.descriptionLimit,
            row: number, problems: &problems
        )
        book.tags = StringList.deduplicated(Cells.list(row[tags]))

        let fileFormats = Cells.list(row[formats])
        if !fileFormats.isEmpty {
            book.isOwned = true
            book.format = Self.format(ofFiles: fileFormats)
        }
        applyIdentifiers(of: row, to: &book, problems: &problems)

        book.rating = Cells.rating(row[rating], scale: .tenPoints, row: number, problems: &problems)
        book.dateAdded = Cells.date(row[timestamp], column: "timestamp", row: number, problems: &problems)
        return book
    }

    /// `pubdate` as written, without the placeholder Calibre uses for an unknown date.
    private func publicationDate(_ text: String?, row: Int, problems: inout [ImportProblem]) -> PartialDate? {
        guard let date = Cells.partialDate(text, column: "pubdate", row: row, problems: &problems),
            !Self.unknownYears.contains(date.year)
        else { return nil }
        return date
    }

    /// ISBNs from `isbn` and from `identifiers` (`goodreads:123,isbn:978…,amazon:B0…,openlibrary:OL…M`).
    private func applyIdentifiers(of row: CSVRow, to book: inout ImportedBook, problems: inout [ImportProblem]) {
        var isbnCells = [row[isbn]]
        for entry in Cells.list(row[identifiers]) {
            guard let colon = entry.firstIndex(of: ":") else { continue }
            let scheme = entry[..<colon].trimmingWhitespace().lowercased()
            let value = entry[entry.index(after: colon)...].trimmingWhitespace()
            guard !value.isEmpty else { continue }
            switch scheme {
            case "isbn":
                isbnCells.append(value)
            case "goodreads":
                ExternalID.append(value, to: &book.workExternalIDs.goodreadsWorkIDs)
            case "librarything":
                ExternalID.append(value, to: &book.workExternalIDs.librarythingIDs)
            case "google":
                ExternalID.append(value, to: &book.editionExternalIDs.googleBooksVolumeIDs)
            case "openlibrary":
                OpenLibraryRowMapper.Key(value)?.apply(to: &book)
            default:
                // Calibre names Amazon's stores "amazon", "amazon_de", "mobi-asin" and so on.
                if scheme.hasPrefix("amazon") || scheme == "mobi-asin" || scheme == "asin" {
                    ExternalID.append(value, to: &book.editionExternalIDs.amazonASINs)
                }
            }
        }
        let found = Cells.isbns(in: isbnCells, row: row.number, problems: &problems)
        book.isbns = found.isbns
        ExternalID.union(&book.editionExternalIDs.amazonASINs, found.asins)
    }

    /// `"8.0"` → 8, `"2.5"` → 2.5; anything else is reported and left out.
    private static func seriesPosition(_ text: String?, row: Int, problems: inout [ImportProblem]) -> Double? {
        guard let text else { return nil }
        guard let position = Double(text), position.isFinite, position >= 0 else {
            problems.append(
                ImportProblem(
                    row: row, message: "series_index \(Cells.quoted(text)) is not a number; imported without a position"
                ))
            return nil
        }
        return position
    }

    /// E-book when every file is an e-book, audiobook when every file is audio, otherwise unknown.
    static func format(ofFiles formats: [String]) -> EditionFormat? {
        let kinds = Set(
            formats.map { format -> EditionFormat? in
                // Calibre keeps the file it converted from as "original_epub" and the like.
                var name = format.lowercased()
                if name.hasPrefix("original_") { name.removeFirst("original_".count) }
                if ebookFormats.contains(name) { return .ebook }
                if audioFormats.contains(name) { return .audiobook }
                return nil
            })
        guard kinds.count == 1, let kind = kinds.first else { return nil }
        return kind
    }

    private static let ebookFormats: Set<String> = [
        "epub", "kepub", "mobi", "azw", "azw3", "azw4", "kfx", "pdf", "fb2", "fbz", "lit", "lrf", "pdb", "djvu",
        "cbz", "cbr", "cb7", "cbc", "txt", "txtz", "rtf", "docx", "odt", "htmlz", "html", "zip", "pmlz", "snb",
        "tcr", "oxps", "xps",
    ]
    private static let audioFormats: Set<String> = ["m4b", "m4a", "mp3", "aax", "aa", "ogg", "opus", "flac", "wav"]
}
