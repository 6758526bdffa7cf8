import BooksTrackCore
import Foundation

/// Reads the rows of a StoryGraph export (23 columns, CRLF line endings).
///
/// `Dates Read` lists every read as a `start-end` range, and each range becomes a read: the latest
/// gives the entry's dates, the earlier ones its read history. Moods and tags both become tags.
/// The survey columns (pace, character questions) have no place in the library and are not read.
struct StoryGraphRowMapper: RowMapper {
    private let title: Int?
    private let authors: Int?
    private let contributors: Int?
    private let isbnOrUID: Int?
    private let format: Int?
    private let readStatus: Int?
    private let dateAdded: Int?
    private let lastDateRead: Int?
    private let datesRead: Int?
    private let readCount: Int?
    private let moods: Int?
    private let starRating: Int?
    private let review: Int?
    private let contentWarnings: Int?
    private let contentWarningDescription: Int?
    private let tags: Int?
    private let owned: Int?

    /// Finds the columns this mapper reads in `header`.
    init(header: CSVHeader) {
        title = header.index(of: "Title")
        authors = header.index(of: "Authors")
        contributors = header.index(of: "Contributors")
        isbnOrUID = header.index(of: "ISBN/UID")
        format = header.index(of: "Format")
        readStatus = header.index(of: "Read Status")
        dateAdded = header.index(of: "Date Added")
        lastDateRead = header.index(of: "Last Date Read")
        datesRead = header.index(of: "Dates Read")
        readCount = header.index(of: "Read Count")
        moods = header.index(of: "Moods")
        starRating = header.index(of: "Star Rating")
        review = header.index(of: "Review")
        contentWarnings = header.index(of: "Content Warnings")
        contentWarningDescription = header.index(of: "Content Warning Description")
        tags = header.index(of: "Tags")
        owned = header.index(of: "Owned?")
    }

    /// The book a row describes, or nil (reported) when the row has no title.
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook? {
        let number = row.number
        guard let rawTitle = row.title(title, problems: &problems) else { return nil }
        // Books brought over from Goodreads keep its series suffix in the title.
        var book = ImportedBook(row: number, titleWithSeries: rawTitle)
        Cells.assignEveryContributor(Cells.names(row[authors]) + Cells.names(row[contributors]), to: &book)

        // ISBN/UID holds an ISBN-13, an ISBN-10 or an Amazon ASIN for books without an ISBN.
        let found = Cells.isbns(in: [row[isbnOrUID]], row: number, problems: &problems)
        book.isbns = found.isbns
        for asin in found.asins { Cells.appendASIN(asin, to: &book) }
        book.format = row[format].flatMap(EditionFormat.init(parsingBinding:))
        book.dateAdded = Cells.date(row[dateAdded], column: "Date Added", row: number, problems: &problems)

        for tag in Cells.items(row[tags]) + Cells.items(row[moods]) {
            Cells.appendTag(tag, to: &book.tags, row: number, problems: &problems)
        }
        book.status = Cells.readingStatus(shelf: row[readStatus], row: number, problems: &problems, tags: &book.tags)
        applyReads(of: row, to: &book, problems: &problems)

        book.rating = Cells.rating(row[starRating], scale: .fiveStars, row: number, problems: &problems)
        book.review = Cells.text(row[review], field: "Review", limit: LibraryEntry.reviewLimit, row: number, problems: &problems)
        // "Graphic: Violence; Moderate: Grief;": one warning per item, the reader's own words after them.
        book.contentWarnings = Cells.items(row[contentWarnings], separator: ";")
        if let description = row[contentWarningDescription], !book.contentWarnings.contains(description) {
            book.contentWarnings.append(description)
        }
        if Cells.bool(row[owned]) == true { book.isOwned = true }
        return book
    }

    /// Turns `Dates Read` (or, without it, `Last Date Read`) and `Read Count` into the entry's
    /// dates and its read history.
    private func applyReads(of row: CSVRow, to book: inout ImportedBook, problems: inout [ImportProblem]) {
        let number = row.number
        var reads = Self.reads(in: row[datesRead], row: number, problems: &problems)
        if reads.isEmpty {
            let last = Cells.partialDate(row[lastDateRead], column: "Last Date Read", row: number, problems: &problems)
            reads = [Read(started: nil, ended: last)].compactMap { $0 }
        }
        reads.sort { $0.latest < $1.latest }

        var earlier = reads
        if let latest = reads.last {
            switch book.status {
            case .read:
                book.dateStarted = latest.started?.date()
                book.dateCompleted = latest.ended?.date()
                earlier.removeLast()
            case .dnf:
                book.dateStarted = latest.started?.date()
                book.dateStopped = latest.ended?.date()
                earlier.removeLast()
            case .reading, .onHold:
                // A range still open is the read under way; a closed one was an earlier read.
                if latest.ended == nil {
                    book.dateStarted = latest.started?.date()
                    earlier.removeLast()
                }
            case .toRead, .wishlist, nil:
                break
            }
        }
        let history = earlier.map { ReadPeriod(started: $0.started?.date(), ended: $0.ended?.date(), outcome: .read) }

        // Read Count may count reads the reader logged without dates; they come first, being older.
        let count = Cells.count(row[readCount], column: "Read Count", row: number, problems: &problems) ?? 0
        let counted = reads.isEmpty && book.status == .read ? 1 : reads.count
        book.readHistory = Cells.undatedEarlierReads(count - counted, row: number, problems: &problems) + history
    }

    /// One read from `Dates Read`: at least one of its ends is known.
    private struct Read {
        let started: PartialDate?
        let ended: PartialDate?
        /// The date reads are ordered by: the end, or the start while the read has none.
        let latest: PartialDate

        /// A read with the given ends, or nil when both are unknown.
        init?(started: PartialDate?, ended: PartialDate?) {
            guard let latest = ended ?? started else { return nil }
            self.started = started
            self.ended = ended
            self.latest = latest
        }
    }

    /// The reads of a `Dates Read` cell: `2024/09/03-2024/09/20, 2024/09-2024/10, 2024`.
    private static func reads(in cell: String?, row: Int, problems: inout [ImportProblem]) -> [Read] {
        guard let cell else { return [] }
        var reads: [Read] = []
        // Not `Cells.items`, which drops repeats: two reads in the same year are both reads.
        for piece in cell.split(separator: ",").map({ $0.trimmingWhitespace() }) where !piece.isEmpty {
            if let read = read(in: piece) {
                reads.append(read)
            } else {
                problems.append(
                    ImportProblem(
                        row: row, message: "Dates Read \(Cells.quoted(piece)) is not a date range; imported without that read"
                    ))
            }
        }
        return reads
    }

    /// One `start-end` range, either side possibly partial or empty (`2024/09/03-`); a lone date
    /// is the day the read ended.
    private static func read(in text: String) -> Read? {
        if let date = PartialDate(parsing: text) { return Read(started: nil, ended: date) }
        // StoryGraph writes dates with "/", so the "-" between them is the range's; trying every
        // dash also reads ranges of ISO dates ("2024-09-03-2024-09-20").
        var dash = text.firstIndex(of: "-")
        while let index = dash {
            let start = text[..<index].trimmingWhitespace()
            let end = text[text.index(after: index)...].trimmingWhitespace()
            let started = start.isEmpty ? nil : PartialDate(parsing: start)
            let ended = end.isEmpty ? nil : PartialDate(parsing: end)
            if start.isEmpty || started != nil, end.isEmpty || ended != nil, let read = Read(started: started, ended: ended) {
                return read
            }
            dash = text[text.index(after: index)...].firstIndex(of: "-")
        }
        return nil
    }
}
