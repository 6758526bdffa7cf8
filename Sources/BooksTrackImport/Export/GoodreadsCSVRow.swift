import BooksTrackCore
import Foundation

/// One book as a row of a Goodreads library export, in the 24-column layout Goodreads wrote from
/// 2021 to 2025 and that Goodreads, StoryGraph and BookWyrm import.
enum GoodreadsCSVRow {
    /// The header, column for column as Goodreads writes it.
    static let header = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Owned Copies",
    ]

    /// The cells of `book` in header order, ready for CSV quoting. Text a spreadsheet would run as
    /// a formula is prefixed with `'`, except the ISBN cells, which Goodreads itself writes as
    /// formulas.
    static func cells(for book: LibraryBook) -> [String] {
        let entry = book.entry
        let edition = book.edition
        let primaryAuthor = book.authors.first
        let isbn = edition?.primaryISBN
        let shelf = exclusiveShelf(entry.status)
        let text: [String] = [
            // Libraries imported before Book Ids were kept on editions hold them on the work.
            edition?.externalIDs.goodreadsBookIDs.first ?? book.work.externalIDs.goodreadsWorkIDs.first ?? "",
            title(of: book.work),
            primaryAuthor?.name ?? "",
            primaryAuthor.map { $0.sortName ?? TextNormalization.sortName(forAuthor: $0.name) } ?? "",
            book.authors.dropFirst().map(\.name).joined(separator: ", "),
        ]
        let afterISBNs: [String] = [
            rating(entry.rating),
            "",
            edition?.publisher ?? "",
            edition?.format.displayName ?? "",
            edition?.pageCount.map(String.init) ?? "",
            edition?.publicationDate.map { String($0.year) } ?? "",
            book.work.firstPublicationYear.map(String.init) ?? "",
            dateRead(of: entry).map(goodreadsDate) ?? "",
            goodreadsDate(entry.dateAdded),
            bookshelves(of: entry, exclusiveShelf: shelf).joined(separator: ", "),
            "",
            shelf,
            review(entry.review),
            entry.review == nil ? "" : (entry.reviewHasSpoilers ? "true" : "false"),
            entry.notes ?? "",
            String(readCount(of: entry)),
            entry.isOwned ? "1" : "0",
        ]
        // Goodreads wraps ISBNs as ="0441172717" to stop spreadsheets dropping leading zeros.
        let isbnCells = ["=\"\(isbn?.isbn10 ?? "")\"", "=\"\(isbn?.isbn13 ?? "")\""]
        return text.map(CSVText.neutralized) + isbnCells + afterISBNs.map(CSVText.neutralized)
    }

    /// The title with the series appended the way Goodreads writes it: `Title (Series, #2)`.
    static func title(of work: Work) -> String {
        guard let series = work.seriesName, !series.isEmpty else { return work.title }
        guard let position = work.seriesPosition else { return "\(work.title) (\(series))" }
        let range = work.seriesPositionEnd.map { "\(number(position))-\(number($0))" } ?? number(position)
        return "\(work.title) (\(series), #\(range))"
    }

    /// A series position as Goodreads writes it: `2`, `2.5`.
    private static func number(_ position: Double) -> String {
        position == position.rounded() && abs(position) < 1e15 ? String(Int(position)) : String(position)
    }

    /// Goodreads' shelf name for a status; a wishlist book sits on to-read (and on a `wishlist`
    /// shelf among the others).
    static func exclusiveShelf(_ status: ReadingStatus) -> String {
        switch status {
        case .read: "read"
        case .reading: "currently-reading"
        case .toRead, .wishlist: "to-read"
        case .dnf: "did-not-finish"
        case .onHold: "paused"
        }
    }

    /// Whole stars, rounded half up; 0 means unrated, so a rated book gets at least one star.
    static func rating(_ rating: Double?) -> String {
        guard let rating, rating > 0 else { return "0" }
        return String(min(5, max(1, Int(rating.rounded(.toNearestOrAwayFromZero)))))
    }

    /// `yyyy/MM/dd`, in UTC.
    static func goodreadsDate(_ date: Date) -> String {
        let day = PartialDate(date: date)
        return "\(padded(day.year, 4))/\(padded(day.month ?? 1, 2))/\(padded(day.day ?? 1, 2))"
    }

    /// The exclusive shelf, `wishlist` for wishlist books, then the tags not already named.
    private static func bookshelves(of entry: LibraryEntry, exclusiveShelf: String) -> [String] {
        var shelves = [exclusiveShelf]
        if entry.status == .wishlist { shelves.append("wishlist") }
        var seen = Set(shelves)
        for tag in entry.tags where seen.insert(tag.lowercased()).inserted {
            shelves.append(tag)
        }
        return shelves
    }

    /// Goodreads reviews are HTML: line breaks become `<br/>`.
    private static func review(_ text: String?) -> String {
        guard let text else { return "" }
        return text.replacingOccurrences(of: "\r\n", with: "<br/>")
            .replacingOccurrences(of: "\n", with: "<br/>")
            .replacingOccurrences(of: "\r", with: "<br/>")
    }

    /// The latest finish: the entry's own when it is read, else that of its last earlier read.
    private static func dateRead(of entry: LibraryEntry) -> Date? {
        if entry.status == .read { return entry.dateCompleted }
        return entry.readHistory.last { $0.outcome == .read && $0.ended != nil }?.ended
    }

    /// Finished reads: earlier ones plus the current one when the book is read.
    private static func readCount(of entry: LibraryEntry) -> Int {
        entry.readHistory.count { $0.outcome == .read } + (entry.status == .read ? 1 : 0)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
