import BooksTrackCore
import Foundation

/// Reads the rows of a Goodreads library export, in any of its three headers (31 columns up to
/// 2020, 24 from 2021, 23 from 2026 without `Average Rating`); columns are found by name.
///
/// `Average Rating` is the public average and is never read as the reader's rating. `Date Read` is
/// the latest finish only: a read row without it keeps its finish date unknown, and `Read Count`
/// adds the earlier reads, undated. Columns with no place in the library (`Author l-f`, shelf
/// positions, `Recommended For`, purchase details, `BCID`) are not read.
struct GoodreadsRowMapper: RowMapper {
    // Goodreads' own shelves; the exclusive one is the status, so none of them is a tag.
    private static let builtInShelves: Set<String> = ["read", "to-read", "currently-reading"]

    private let bookID: Int?
    private let title: Int?
    private let author: Int?
    private let additionalAuthors: Int?
    private let isbn: Int?
    private let isbn13: Int?
    private let myRating: Int?
    private let publisher: Int?
    private let binding: Int?
    private let numberOfPages: Int?
    private let yearPublished: Int?
    private let originalPublicationYear: Int?
    private let dateRead: Int?
    private let dateAdded: Int?
    private let bookshelves: Int?
    private let exclusiveShelf: Int?
    private let myReview: Int?
    private let spoiler: Int?
    private let privateNotes: Int?
    private let readCount: Int?
    private let recommendedBy: Int?
    private let ownedCopies: Int?

    /// Finds the columns this mapper reads in `header`.
    init(header: CSVHeader) {
        bookID = header.index(of: "Book Id")
        title = header.index(of: "Title")
        author = header.index(of: "Author")
        additionalAuthors = header.index(of: "Additional Authors")
        isbn = header.index(of: "ISBN")
        isbn13 = header.index(of: "ISBN13")
        myRating = header.index(of: "My Rating")
        publisher = header.index(of: "Publisher")
        binding = header.index(of: "Binding")
        numberOfPages = header.index(of: "Number of Pages")
        yearPublished = header.index(of: "Year Published")
        originalPublicationYear = header.index(of: "Original Publication Year")
        dateRead = header.index(of: "Date Read")
        dateAdded = header.index(of: "Date Added")
        bookshelves = header.index(of: "Bookshelves")
        exclusiveShelf = header.index(of: "Exclusive Shelf")
        myReview = header.index(of: "My Review")
        spoiler = header.index(of: "Spoiler")
        privateNotes = header.index(of: "Private Notes")
        readCount = header.index(of: "Read Count")
        recommendedBy = header.index(of: "Recommended By")
        ownedCopies = header.index(of: "Owned Copies")
    }

    /// The book a row describes, or nil (reported) when the row has no title.
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook? {
        let number = row.number
        guard let rawTitle = row.title(title, problems: &problems) else { return nil }
        // Goodreads puts the series in the title: "Gideon the Ninth (The Locked Tomb #1)".
        // Goodreads writes an unnumbered series as "Title (Series)".
        var book = ImportedBook(row: number, titleWithSeries: rawTitle, unnumberedSeries: true)
        // `Author` holds one name even with a comma in it ("King, Jr."); only `Additional Authors` is a list.
        book.authors = Cells.name(row[author]).map { [$0] } ?? []
        // Additional Authors may name a role ("Frank Muller (Narrator)"): only authors stay authors.
        Cells.assignEveryContributor(Cells.names(row[additionalAuthors]), to: &book)
        // "Book Id" numbers the edition the reader shelved, not the work.
        if let id = row[bookID] { book.editionExternalIDs.goodreadsBookIDs = [id] }

        var unusual: [String] = []
        for value in [Self.formulaValue(row[isbn]), Self.formulaValue(row[isbn13])] {
            guard let value else { continue }
            if let parsed = ISBN(value) {
                if !book.isbns.contains(parsed) { book.isbns.append(parsed) }
            } else {
                unusual.append(value)
            }
        }
        if !unusual.isEmpty {
            // Lost leading zeros, ASINs and bad values: Cells restores, keeps or reports them.
            let found = Cells.isbns(in: unusual, row: number, problems: &problems)
            for parsed in found.isbns where !book.isbns.contains(parsed) { book.isbns.append(parsed) }
            for asin in found.asins { Cells.appendASIN(asin, to: &book) }
        }

        book.publisher = row[publisher]
        book.format = row[binding].flatMap(EditionFormat.init(parsingBinding:))
        book.pageCount = Cells.pageCount(row[numberOfPages], column: "Number of Pages", row: number, problems: &problems)
        book.publicationDate = Cells.partialDate(row[yearPublished], column: "Year Published", row: number, problems: &problems)
        book.firstPublicationYear =
            Cells.partialDate(
                row[originalPublicationYear], column: "Original Publication Year", row: number, problems: &problems
            )?.year
        book.dateAdded = Cells.date(row[dateAdded], column: "Date Added", row: number, problems: &problems)

        let exclusive = row[exclusiveShelf]
        book.tags = tags(of: row, exclusiveShelf: exclusive, problems: &problems)
        book.status = Self.status(shelf: exclusive, row: number, problems: &problems, tags: &book.tags)
        applyReadingDates(of: row, to: &book, problems: &problems)

        book.rating = Self.rating(row[myRating], row: number, problems: &problems)
        if let html = row[myReview] {
            book.review = Cells.text(
                Cells.plainText(fromHTML: html), field: "My Review", limit: LibraryEntry.reviewLimit,
                row: number, problems: &problems
            )
            if book.review != nil { book.reviewHasSpoilers = Cells.bool(row[spoiler]) ?? false }
        }
        // Notes are written as HTML like the review (`<br/>` for line breaks).
        book.notes = Cells.text(
            row[privateNotes].map(Cells.plainText(fromHTML:)), field: "Private Notes", limit: LibraryEntry.notesLimit, row: number, problems: &problems
        )
        book.recommendedBy = row[recommendedBy]
        // Goodreads writes 0 for every reader who never records copies, so only a positive count says something.
        if let copies = Cells.count(row[ownedCopies], column: "Owned Copies", row: number, problems: &problems), copies > 0 {
            book.isOwned = true
        }
        return book
    }

    /// The reader's shelves from `Bookshelves` ("favorites, sci-fi, read"), without the exclusive
    /// shelf and Goodreads' own status shelves.
    private func tags(of row: CSVRow, exclusiveShelf: String?, problems: inout [ImportProblem]) -> [String] {
        var tags: [String] = []
        // Most rows list only the exclusive shelf.
        guard let cell = row[bookshelves], cell != exclusiveShelf else { return tags }
        for shelf in Cells.items(cell) {
            guard shelf != exclusiveShelf, !Self.builtInShelves.contains(shelf) else { continue }
            Cells.appendTag(shelf, to: &tags, row: row.number, problems: &problems)
        }
        return tags
    }

    /// Places `Date Read` by status and adds the earlier reads `Read Count` implies.
    ///
    /// Read: the finish date. Did not finish: the day the reader stopped. Any other status: the
    /// finish of an earlier read (a re-read under way). No status but a date: read.
    private func applyReadingDates(of row: CSVRow, to book: inout ImportedBook, problems: inout [ImportProblem]) {
        let number = row.number
        let finished = Cells.date(row[dateRead], column: "Date Read", row: number, problems: &problems)
        if book.status == nil, finished != nil { book.status = .read }
        switch book.status {
        case .read:
            book.dateCompleted = finished
            // Read Count counts every finished read, the latest included; Goodreads keeps no dates for the others.
            let count = Cells.count(row[readCount], column: "Read Count", row: number, problems: &problems) ?? 0
            book.readHistory = Cells.undatedEarlierReads(count - 1, row: number, problems: &problems)
        case .dnf:
            book.dateStopped = finished
        default:
            if let finished { book.readHistory = [ReadPeriod(ended: finished, outcome: .read)] }
        }
    }

    /// `My Rating`: whole stars, 0 when the reader gave none. The single digits Goodreads writes
    /// are read directly; anything else goes through `Cells.rating`, which reports it.
    private static func rating(_ cell: String?, row: Int, problems: inout [ImportProblem]) -> Double? {
        if let cell, cell.utf8.count == 1, let digit = cell.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "5")).contains(digit) {
            return digit == UInt8(ascii: "0") ? nil : Double(digit - UInt8(ascii: "0"))
        }
        return Cells.rating(cell, scale: .fiveStars, row: row, problems: &problems)
    }

    /// The text inside Goodreads' formula wrapping, nil for the empty formula.
    ///
    /// Goodreads wraps ISBNs as ="0441172717" to stop spreadsheets dropping zeros, and writes a
    /// missing one as ="". Unwrapping here lets the usual valid ISBN be parsed directly; any other
    /// text (bare digits a spreadsheet saved) is passed on as it stands.
    private static func formulaValue(_ cell: String?) -> String? {
        guard let cell else { return nil }
        let utf8 = cell.utf8
        guard utf8.count >= 3, utf8.first == UInt8(ascii: "="), utf8.last == UInt8(ascii: "\""),
            utf8.dropFirst().first == UInt8(ascii: "\"")
        else { return cell }
        let inner = Substring(utf8.dropFirst(2).dropLast())
        return inner.isEmpty ? nil : String(inner)
    }

    /// The status an exclusive shelf names: Goodreads' own three are matched directly, custom
    /// shelves go through `Cells.readingStatus`, which reads did-not-finish, paused and the like
    /// and turns any other shelf into a tag.
    private static func status(
        shelf: String?, row: Int, problems: inout [ImportProblem], tags: inout [String]
    ) -> ReadingStatus? {
        switch shelf {
        case "read": .read
        case "to-read": .toRead
        case "currently-reading": .reading
        default: Cells.readingStatus(shelf: shelf, row: row, problems: &problems, tags: &tags)
        }
    }
}
