import BooksTrackCore
import Foundation

/// Reads the rows of Openreads' CSV export.
///
/// Each reading is `start|finish|milliseconds`, several joined by ";": the latest reading gives
/// the entry's dates and the earlier ones its read history. Tags are joined by "|||||"; the tag
/// "owned" also marks the book owned. Rows the reader deleted in the app are still exported,
/// marked `deleted`; they are skipped and reported. Older files have `start_date` and
/// `finish_date` columns instead of `readings`.
struct OpenreadsRowMapper: RowMapper {
    private let title: Int?
    private let subtitle: Int?
    private let author: Int?
    private let description: Int?
    private let status: Int?
    private let favourite: Int?
    private let deleted: Int?
    private let rating: Int?
    private let pages: Int?
    private let publicationYear: Int?
    private let isbn: Int?
    private let olid: Int?
    private let tags: Int?
    private let review: Int?
    private let notes: Int?
    private let bookFormat: Int?
    private let readings: Int?
    private let startDate: Int?
    private let finishDate: Int?
    private let dateAdded: Int?

    /// Finds the columns this mapper reads in `header`.
    init(header: CSVHeader) {
        title = header.index(of: "title")
        subtitle = header.index(of: "subtitle")
        author = header.index(of: "author")
        description = header.index(of: "description")
        status = header.index(of: "status")
        favourite = header.index(of: "favourite")
        deleted = header.index(of: "deleted")
        rating = header.index(of: "rating")
        pages = header.index(of: "pages")
        publicationYear = header.index(of: "publication_year")
        isbn = header.index(of: "isbn")
        olid = header.index(of: "olid")
        tags = header.index(of: "tags")
        review = header.index(of: "my_review")
        notes = header.index(of: "notes")
        bookFormat = header.index(of: "book_format")
        readings = header.index(of: "readings")
        startDate = header.index(of: "start_date")
        finishDate = header.index(of: "finish_date")
        dateAdded = header.index(of: "date_added")
    }

    /// The book a row describes, or nil (reported) when the row has no title or was deleted in Openreads.
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook? {
        let number = row.number
        guard let rawTitle = row.title(title, problems: &problems) else { return nil }
        if Cells.bool(row[deleted]) == true {
            problems.append(
                ImportProblem(
                    row: number, message: "\(Cells.quoted(rawTitle)) was deleted in Openreads; skipped", action: .skipped
                ))
            return nil
        }
        var book = ImportedBook(row: number, titleWithSeries: rawTitle)
        book.subtitle = row[subtitle]
        book.authors = Self.authors(row[author])
        book.description = Cells.text(
            row[description], field: "description", limit: Work.descriptionLimit, row: number, problems: &problems
        )
        book.pageCount = Cells.pageCount(row[pages], column: "pages", row: number, problems: &problems)
        book.publicationDate = Cells.partialDate(
            row[publicationYear], column: "publication_year", row: number, problems: &problems
        )
        book.format = LibraryThingRowMapper.knownFormat(row[bookFormat])
        let found = Cells.isbns(in: [row[isbn]], row: number, problems: &problems)
        book.isbns = found.isbns
        book.editionExternalIDs.amazonASINs = found.asins
        if let key = row[olid] {
            if let id = OpenLibraryRowMapper.Key(key) {
                id.apply(to: &book)
            } else {
                problems.append(
                    ImportProblem(
                        row: number, message: "olid \(Cells.quoted(key)) is not an Open Library ID; imported without it"
                    ))
            }
        }

        book.status = readingStatus(row, problems: &problems, tags: &book.tags)
        book.isFavorite = Cells.bool(row[favourite])
        book.rating = Cells.rating(row[rating], scale: .fiveStars, row: number, problems: &problems)
        book.review = row[review]
        book.notes = row[notes]
        book.tags += StringList.deduplicated(Cells.list(row[tags], separator: "|||||"))
        // Openreads has no ownership field; readers tag the books they own "owned".
        if book.tags.contains(where: { $0.lowercased() == "owned" }) { book.isOwned = true }
        book.dateAdded = Cells.date(row[dateAdded], column: "date_added", row: number, problems: &problems)
        applyReadings(of: row, to: &book, problems: &problems)
        return book
    }

    /// Openreads' status: finished, in_progress, planned, abandoned; "unknown" gives none.
    private func readingStatus(_ row: CSVRow, problems: inout [ImportProblem], tags: inout [String]) -> ReadingStatus? {
        guard let text = row[status], text.lowercased() != "unknown" else { return nil }
        return Cells.status(shelf: text, row: row.number, problems: &problems, tags: &tags)
    }

    // MARK: Readings

    /// One reading: either date may be unknown.
    private struct Reading {
        var started: Date?
        var finished: Date?
    }

    /// The latest reading (by its start, else its finish) gives the entry's dates, the earlier ones
    /// its history. An abandoned book's last finish date is when the reader stopped.
    private func applyReadings(of row: CSVRow, to book: inout ImportedBook, problems: inout [ImportProblem]) {
        var all = readingList(of: row, problems: &problems)
        guard !all.isEmpty else { return }
        all = all.enumerated().sorted { lhs, rhs in
            let left = lhs.element.started ?? lhs.element.finished ?? .distantPast
            let right = rhs.element.started ?? rhs.element.finished ?? .distantPast
            return left == right ? lhs.offset < rhs.offset : left < right
        }.map(\.element)
        let latest = all.removeLast()
        book.dateStarted = latest.started
        if book.status == .dnf {
            book.dateStopped = latest.finished
        } else {
            book.dateCompleted = latest.finished
        }
        book.readHistory = all.map { ReadPeriod(started: $0.started, ended: $0.finished, outcome: .read) }
    }

    private func readingList(of row: CSVRow, problems: inout [ImportProblem]) -> [Reading] {
        guard readings != nil else {
            let reading = Reading(
                started: Cells.date(row[startDate], column: "start_date", row: row.number, problems: &problems),
                finished: Cells.date(row[finishDate], column: "finish_date", row: row.number, problems: &problems)
            )
            return reading.started == nil && reading.finished == nil ? [] : [reading]
        }
        var list: [Reading] = []
        for entry in Cells.list(row[readings], separator: ";") {
            let parts = entry.components(separatedBy: "|").map { $0.trimmingWhitespace() }
            let started = parts.first.flatMap { $0.isEmpty ? nil : $0 }
            let finished = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
            let reading = Reading(
                started: Cells.date(started, column: "reading start", row: row.number, problems: &problems),
                finished: Cells.date(finished, column: "reading finish", row: row.number, problems: &problems)
            )
            if reading.started != nil || reading.finished != nil { list.append(reading) }
        }
        return list
    }

    // MARK: Authors

    /// Openreads keeps its authors in one text, joined by ", " when they come from Open Library,
    /// while readers type a single name either way round: "Smith, Mark" is one person when a part
    /// is a single word or the surname starts with a particle ("Le Guin, Ursula K.").
    static func authors(_ text: String?) -> [String] {
        let parts = Cells.names(text)
        if parts.count == 2, parts.contains(where: { !$0.contains(" ") }) || startsWithParticle(parts[0]) {
            return [LibraryThingRowMapper.displayName(fromSorted: parts[0] + ", " + parts[1])]
        }
        return parts
    }

    private static func startsWithParticle(_ surname: String) -> Bool {
        guard let first = surname.split(separator: " ").first else { return false }
        return ["da", "de", "del", "della", "der", "des", "di", "du", "la", "le", "van", "von"].contains(first.lowercased())
    }
}
