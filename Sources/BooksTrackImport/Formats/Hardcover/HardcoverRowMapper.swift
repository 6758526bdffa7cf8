import BooksTrackCore
import Foundation

/// Reads the rows of a Hardcover export (37 columns).
///
/// Authors carry their role as a suffix (`Natasha Wimmer (Translator)`), the series its position
/// (`Sprawl (#0.0)`), and `Lists` the reader's lists, among them "Owned". Hardcover's own IDs,
/// privacy, country and the review's publishing details have no place in the library and are not read.
struct HardcoverRowMapper: RowMapper {
    private let title: Int?
    private let author: Int?
    private let series: Int?
    private let status: Int?
    private let isbn10: Int?
    private let isbn13: Int?
    private let asin: Int?
    private let media: Int?
    private let languageCode: Int?
    private let binding: Int?
    private let pages: Int?
    private let durationInSeconds: Int?
    private let publishDate: Int?
    private let publisher: Int?
    private let genres: Int?
    private let moods: Int?
    private let tags: Int?
    private let contentWarnings: Int?
    private let lists: Int?
    private let dateAdded: Int?
    private let dateStarted: Int?
    private let dateFinished: Int?
    private let rating: Int?
    private let review: Int?
    private let reviewContainsSpoilers: Int?
    private let privateNotes: Int?
    private let owned: Int?

    /// Finds the columns this mapper reads in `header`.
    init(header: CSVHeader) {
        title = header.index(of: "Title")
        author = header.index(of: "Author")
        series = header.index(of: "Series")
        status = header.index(of: "Status")
        isbn10 = header.index(of: "ISBN 10")
        isbn13 = header.index(of: "ISBN 13")
        asin = header.index(of: "ASIN")
        media = header.index(of: "Media")
        languageCode = header.index(of: "Language Code")
        binding = header.index(of: "Binding")
        pages = header.index(of: "Pages")
        durationInSeconds = header.index(of: "Duration in Seconds")
        publishDate = header.index(of: "Publish Date")
        publisher = header.index(of: "Publisher")
        genres = header.index(of: "Genres")
        moods = header.index(of: "Moods")
        tags = header.index(of: "Tags")
        contentWarnings = header.index(of: "Content Warnings")
        lists = header.index(of: "Lists")
        dateAdded = header.index(of: "Date Added")
        dateStarted = header.index(of: "Date Started")
        dateFinished = header.index(of: "Date Finished")
        rating = header.index(of: "Rating")
        review = header.index(of: "Review")
        reviewContainsSpoilers = header.index(of: "Review Contains Spoilers")
        privateNotes = header.index(of: "Private Notes")
        owned = header.index(of: "Owned")
    }

    /// The book a row describes, or nil (reported) when the row has no title.
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook? {
        let number = row.number
        guard let title = row.title(title, problems: &problems) else { return nil }
        var book = ImportedBook(row: number, title: title)
        Cells.assignEveryContributor(Cells.names(row[author]), to: &book)
        if let cell = row[series] {
            (book.seriesName, book.seriesPosition) = Self.series(cell, row: number, problems: &problems)
        }

        let found = Cells.isbns(in: [row[isbn13], row[isbn10]], row: number, problems: &problems)
        book.isbns = found.isbns
        for asin in found.asins { Cells.appendASIN(asin, to: &book) }
        if let value = row[asin] { readASIN(value, into: &book, row: number, problems: &problems) }

        book.format = Self.format(binding: row[binding], media: row[media])
        book.language = row[languageCode].flatMap(ISO639.languageTag)
        book.pageCount = Cells.pageCount(row[pages], column: "Pages", row: number, problems: &problems)
        if let seconds = Cells.count(row[durationInSeconds], column: "Duration in Seconds", row: number, problems: &problems),
            seconds > 0
        {
            // Rounded to the nearest minute without adding first, which would overflow at Int.max.
            book.audioDurationMinutes = max(1, seconds / 60 + (seconds % 60 >= 30 ? 1 : 0))
        }
        book.publicationDate = Cells.partialDate(row[publishDate], column: "Publish Date", row: number, problems: &problems)
        book.publisher = row[publisher]
        book.genres = Cells.items(row[genres])
        book.contentWarnings = Cells.items(row[contentWarnings])

        for tag in Cells.items(row[tags]) + Cells.items(row[moods]) {
            Cells.appendTag(tag, to: &book.tags, row: number, problems: &problems)
        }
        for list in Cells.items(row[lists]) {
            // "Owned" is Hardcover's list of owned books; the others are the reader's, written
            // with their position as "Reading List (#19)".
            if list.lowercased() == "owned" {
                book.isOwned = true
            } else {
                Cells.appendTag(Self.removingPosition(list), to: &book.tags, row: number, problems: &problems)
            }
        }
        if Cells.bool(row[owned]) == true { book.isOwned = true }

        book.status = Cells.readingStatus(shelf: row[status], row: number, problems: &problems, tags: &book.tags)
        book.dateAdded = Cells.date(row[dateAdded], column: "Date Added", row: number, problems: &problems)
        applyReadingDates(of: row, to: &book, problems: &problems)

        book.rating = Cells.rating(row[rating], scale: .fiveStars, row: number, problems: &problems)
        book.review = Cells.text(row[review], field: "Review", limit: LibraryEntry.reviewLimit, row: number, problems: &problems)
        if book.review != nil { book.reviewHasSpoilers = Cells.bool(row[reviewContainsSpoilers]) ?? false }
        book.notes = Cells.text(
            row[privateNotes], field: "Private Notes", limit: LibraryEntry.notesLimit, row: number, problems: &problems
        )
        return book
    }

    /// The started and finished dates, placed by status: a finish is the stop day of a book the
    /// reader did not finish, and an earlier read's end for a book being read again.
    private func applyReadingDates(of row: CSVRow, to book: inout ImportedBook, problems: inout [ImportProblem]) {
        let number = row.number
        let started = Cells.date(row[dateStarted], column: "Date Started", row: number, problems: &problems)
        let finished = Cells.date(row[dateFinished], column: "Date Finished", row: number, problems: &problems)
        switch book.status {
        case .read:
            book.dateStarted = started
            book.dateCompleted = finished
        case .dnf:
            book.dateStarted = started
            book.dateStopped = finished
        case .reading, .onHold:
            book.dateStarted = started
            if let finished { book.readHistory = [ReadPeriod(ended: finished, outcome: .read)] }
        case .toRead, .wishlist, nil:
            if started != nil || finished != nil {
                book.readHistory = [ReadPeriod(started: started, ended: finished, outcome: .read)]
            }
        }
    }

    /// The ASIN column: an Amazon ASIN, or for print books the ISBN-10 Amazon uses as one.
    private func readASIN(_ value: String, into book: inout ImportedBook, row: Int, problems: inout [ImportProblem]) {
        if Cells.isASIN(value) {
            Cells.appendASIN(value, to: &book)
        } else if let isbn = ISBN(value) {
            Cells.appendASIN(value, to: &book)
            if !book.isbns.contains(isbn) { book.isbns.append(isbn) }
        } else {
            problems.append(ImportProblem(row: row, message: "ASIN \(Cells.quoted(value)) is not an ASIN; imported without it"))
        }
    }

    /// `Hyperion Cantos (#1.0)` → ("Hyperion Cantos", 1); a name without `(#…)` has no position.
    ///
    /// Hardcover numbers prequels 0, so `(#0.0)` is kept as position 0. Only the first series of
    /// a cell naming several is read; a position that is no number is reported and left out.
    static func series(_ cell: String, row: Int, problems: inout [ImportProblem]) -> (name: String?, position: Double?) {
        guard let open = cell.range(of: "(#") else { return (cell, nil) }
        let name = cell[..<open.lowerBound].trimmingWhitespace()
        guard !name.isEmpty else { return (nil, nil) }
        let number = cell[open.upperBound...].prefix { $0 != ")" }.trimmingWhitespace()
        let position = Double(number).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        if position == nil {
            problems.append(
                ImportProblem(
                    row: row, message: "Series \(Cells.quoted(cell)) has no usable position; imported without it"
                ))
        }
        return (name, position)
    }

    /// The edition format: the binding when there is one, else what `Media` says of audio and
    /// e-books; a plain "Book" says nothing of the binding.
    static func format(binding: String?, media: String?) -> EditionFormat? {
        if let binding { return EditionFormat(parsingBinding: binding) }
        guard let media, media.lowercased() != "book" else { return nil }
        return EditionFormat(parsingBinding: media)
    }

    /// A list name without the trailing position Hardcover writes after it: "Favourites (#3)" → "Favourites".
    static func removingPosition(_ list: String) -> String {
        guard list.hasSuffix(")"), let open = list.range(of: " (#", options: .backwards),
            list[open.upperBound..<list.index(before: list.endIndex)].allSatisfy(\.isNumber)
        else { return list }
        let name = list[..<open.lowerBound].trimmingWhitespace()
        return name.isEmpty ? list : name
    }
}
