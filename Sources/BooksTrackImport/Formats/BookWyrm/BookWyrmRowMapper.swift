import BooksTrackCore
import Foundation

/// Reads the rows of BookWyrm's CSV export (27 columns; newer files add `finna_key`, `libris_key`
/// and `pages`, between the others, so columns are found by name).
///
/// The review is put together from its parts: the review's name as the first line, then the
/// content warning as "Content warning: …" (which also marks the review as holding spoilers), then
/// the content, whose HTML becomes plain text. A custom shelf becomes a tag named by `shelf_name`,
/// and the status then follows the reading dates.
struct BookWyrmRowMapper: RowMapper {
    private let title: Int?
    private let authorText: Int?
    private let openLibraryKey: Int?
    private let libraryThingKey: Int?
    private let goodreadsKey: Int?
    private let asin: Int?
    private let audibleASIN: Int?
    private let isbn10: Int?
    private let isbn13: Int?
    private let pages: Int?
    private let startDate: Int?
    private let finishDate: Int?
    private let stoppedDate: Int?
    private let rating: Int?
    private let reviewName: Int?
    private let reviewContentWarning: Int?
    private let reviewContent: Int?
    private let shelf: Int?
    private let shelfName: Int?
    private let shelfDate: Int?

    /// Finds the columns this mapper reads in `header`.
    init(header: CSVHeader) {
        title = header.index(of: "title")
        authorText = header.index(of: "author_text")
        openLibraryKey = header.index(of: "openlibrary_key")
        libraryThingKey = header.index(of: "librarything_key")
        goodreadsKey = header.index(of: "goodreads_key")
        asin = header.index(of: "asin")
        audibleASIN = header.index(of: "aasin")
        isbn10 = header.index(of: "isbn_10")
        isbn13 = header.index(of: "isbn_13")
        pages = header.index(of: "pages")
        startDate = header.index(of: "start_date")
        finishDate = header.index(of: "finish_date")
        stoppedDate = header.index(of: "stopped_date")
        rating = header.index(of: "rating")
        reviewName = header.index(of: "review_name")
        reviewContentWarning = header.index(of: "review_cw")
        reviewContent = header.index(of: "review_content")
        shelf = header.index(of: "shelf")
        shelfName = header.index(of: "shelf_name")
        shelfDate = header.index(of: "shelf_date")
    }

    /// The book a row describes, or nil (reported) when the row has no title.
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook? {
        let number = row.number
        guard let rawTitle = row.title(title, problems: &problems) else { return nil }
        var book = ImportedBook(row: number, titleWithSeries: rawTitle)
        // `author_text` joins the names with ", "; `Cells.names` keeps "King, Jr." whole.
        book.authors = Cells.names(row[authorText])
        book.pageCount = Cells.pageCount(row[pages], column: "pages", row: number, problems: &problems)

        let found = Cells.isbns(in: [row[isbn13], row[isbn10]], row: number, problems: &problems)
        book.isbns = found.isbns
        book.editionExternalIDs.amazonASINs = found.asins
        for column in [asin, audibleASIN] {
            if let value = row[column], !book.editionExternalIDs.amazonASINs.contains(value) {
                book.editionExternalIDs.amazonASINs.append(value)
            }
        }
        if let key = row[openLibraryKey] {
            if let id = OpenLibraryRowMapper.Key(key) {
                id.apply(to: &book)
            } else {
                problems.append(
                    ImportProblem(
                        row: number, message: "openlibrary_key \(Cells.quoted(key)) is not an Open Library ID; imported without it"
                    ))
            }
        }
        // BookWyrm keeps the same keys on works and editions; LibraryThing's public numbers are work numbers.
        if let key = row[libraryThingKey] { book.workExternalIDs.librarythingIDs = [key] }
        if let key = row[goodreadsKey] { book.workExternalIDs.goodreadsWorkIDs = [key] }

        book.dateStarted = Cells.date(row[startDate], column: "start_date", row: number, problems: &problems)
        book.dateCompleted = Cells.date(row[finishDate], column: "finish_date", row: number, problems: &problems)
        book.dateStopped = Cells.date(row[stoppedDate], column: "stopped_date", row: number, problems: &problems)
        book.dateAdded = Cells.date(row[shelfDate], column: "shelf_date", row: number, problems: &problems)
        book.status = status(of: row, fromDates: Self.status(fromDatesOf: book), problems: &problems, tags: &book.tags)

        book.rating = Cells.rating(row[rating], scale: .fiveStars, row: number, problems: &problems)
        let warning = row[reviewContentWarning]
        let parts = [
            row[reviewName],
            warning.map { "Content warning: \($0)" },
            row[reviewContent].map(Cells.plainText(fromHTML:)),
        ]
        let review = parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
        if !review.isEmpty {
            book.review = review
            book.reviewHasSpoilers = warning != nil
        }
        return book
    }

    /// The status the shelf names; a custom shelf becomes a tag (its display name) and the reading
    /// dates decide, to-read when there are none.
    private func status(
        of row: CSVRow, fromDates: ReadingStatus?, problems: inout [ImportProblem], tags: inout [String]
    ) -> ReadingStatus? {
        guard let shelf = row[shelf] else { return fromDates }
        if let status = ReadingStatus(parsing: shelf) { return status }
        let tag = row[shelfName] ?? shelf
        if !tags.contains(tag) { tags.append(tag) }
        let status = fromDates ?? .toRead
        let statusName = status.displayName.lowercased()
        problems.append(
            ImportProblem(
                row: row.number,
                message: "shelf \(Cells.quoted(tag)) is not a reading status; kept as a tag, status \(statusName) from the reading dates"
            ))
        return status
    }

    /// Finished → read, stopped → did not finish, started → reading; nil without dates.
    private static func status(fromDatesOf book: ImportedBook) -> ReadingStatus? {
        if book.dateCompleted != nil { return .read }
        if book.dateStopped != nil { return .dnf }
        if book.dateStarted != nil { return .reading }
        return nil
    }
}
