import BooksTrackCore
import Foundation

/// Reads a CSV file no known export wrote, by what its columns are called.
///
/// Names are matched without regard to case, spaces, underscores or hyphens ("Date_Added",
/// "date-added" and "Date Added" are one name), against the usual names for each field. Where
/// several columns name one field, the most usual name wins, except for ISBNs and tags, which are
/// read from every such column. Ratings are read on the 0–5 scale; others are reported.
struct GenericRowMapper: RowMapper {
    private typealias Field = ColumnMapping.Field

    /// The column names that stand for each field, most usual first.
    private static func names(_ field: Field) -> [String] {
        switch field {
        case .title: ["title", "book title", "name"]
        case .author: ["author", "authors", "author name", "creator", "writer"]
        case .isbn: ["isbn", "isbn13", "isbn 13", "isbn10", "isbn 10", "ean"]
        case .status: ["status", "shelf", "read status", "exclusive shelf", "bookshelf"]
        case .rating: ["rating", "my rating", "stars", "score"]
        case .dateAdded: ["date added", "added", "created"]
        case .dateRead: ["date read", "finished", "date finished", "read date", "end date", "completed"]
        case .dateStarted: ["date started", "started", "start date"]
        case .pages: ["pages", "page count", "number of pages", "num pages"]
        case .publisher: ["publisher"]
        case .year: ["year", "publication year", "published", "publication date", "year published"]
        case .tags: ["tags", "shelves", "bookshelves", "labels"]
        case .review: ["review", "my review"]
        case .notes: ["notes", "private notes", "comment"]
        }
    }

    /// ISBNs and tags may be spread over several columns; every other field has one.
    private static func readsEveryColumn(_ field: Field) -> Bool { field == .isbn || field == .tags }

    private let title: Int
    private let author: Int?
    private let isbns: [Int]
    private let status: Int?
    private let rating: Int?
    private let dateAdded: Int?
    private let dateRead: Int?
    private let dateStarted: Int?
    private let pages: Int?
    private let publisher: Int?
    private let year: Int?
    private let tags: [Int]
    private let review: Int?
    private let notes: Int?
    /// The name of each column as the file spells it, for problem messages.
    private let columnNames: [String]

    /// The header's names of the columns this mapper reads, in header order.
    let usedColumns: [String]
    /// The header's names of the columns it does not read, in header order.
    let ignoredColumns: [String]

    /// Matches the header's columns to fields, or nil when no column names a title. A field the
    /// reader's `mapping` names is read from that column alone; the others are matched by name,
    /// among the columns the mapping leaves.
    init?(header: CSVHeader, mapping: ColumnMapping? = nil) {
        let keys = header.names.map(Self.key)
        var columns: [Field: [Int]] = [:]
        let mapped = Set((mapping?.columns.values).map { $0.compactMap { header.index(of: $0) } } ?? [])
        for field in Field.allCases {
            if let name = mapping?.columns[field] {
                columns[field] = header.index(of: name).map { [$0] } ?? []
                continue
            }
            var found: [Int] = []
            for name in Self.names(field) {
                found += keys.indices.filter { keys[$0] == name && !found.contains($0) && !mapped.contains($0) }
            }
            columns[field] = Self.readsEveryColumn(field) ? found.sorted() : Array(found.prefix(1))
        }
        guard let title = columns[.title]?.first else { return nil }
        self.title = title
        author = columns[.author]?.first
        isbns = columns[.isbn] ?? []
        status = columns[.status]?.first
        rating = columns[.rating]?.first
        dateAdded = columns[.dateAdded]?.first
        dateRead = columns[.dateRead]?.first
        dateStarted = columns[.dateStarted]?.first
        pages = columns[.pages]?.first
        publisher = columns[.publisher]?.first
        year = columns[.year]?.first
        tags = columns[.tags] ?? []
        review = columns[.review]?.first
        notes = columns[.notes]?.first
        columnNames = header.names

        let used = Set(columns.values.joined())
        usedColumns = header.names.indices.filter { used.contains($0) }.map { header.names[$0] }
        ignoredColumns = header.names.indices.filter { !used.contains($0) }.map { header.names[$0] }
    }

    /// "Date_Added" → "date added": lowercased, with underscores and hyphens read as spaces and runs of spaces as one.
    private static func key(_ name: String) -> String {
        let spaced = name.lowercased().map { $0 == "_" || $0 == "-" ? " " : $0 }
        return String(spaced).split(separator: " ").joined(separator: " ")
    }

    /// The book a row describes, or nil (reported) when the row has no title.
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook? {
        let number = row.number
        guard let rawTitle = row.title(title, problems: &problems) else { return nil }
        var book = ImportedBook(row: number, titleWithSeries: rawTitle)
        Cells.assignEveryContributor(Cells.names(row[author]), to: &book)

        let found = Cells.isbns(in: isbns.map { row[$0] }, row: number, problems: &problems)
        book.isbns = found.isbns
        for asin in found.asins { Cells.appendASIN(asin, to: &book) }
        book.publisher = row[publisher]
        book.pageCount = Cells.pageCount(row[pages], column: name(pages), row: number, problems: &problems)
        book.publicationDate = Cells.partialDate(row[year], column: name(year), row: number, problems: &problems)

        for column in tags {
            for tag in Cells.items(row[column]) {
                Cells.appendTag(tag, to: &book.tags, row: number, problems: &problems)
            }
        }
        book.status = Cells.readingStatus(shelf: row[status], row: number, problems: &problems, tags: &book.tags)
        book.dateAdded = Cells.date(row[dateAdded], column: name(dateAdded), row: number, problems: &problems)
        book.dateStarted = Cells.date(row[dateStarted], column: name(dateStarted), row: number, problems: &problems)
        let finished = Cells.date(row[dateRead], column: name(dateRead), row: number, problems: &problems)
        if book.status == nil, finished != nil { book.status = .read }
        switch book.status {
        case .read: book.dateCompleted = finished
        case .dnf: book.dateStopped = finished
        default:
            // A finish date on a book not read now belongs to an earlier read.
            if let finished { book.readHistory = [ReadPeriod(ended: finished, outcome: .read)] }
        }

        book.rating = Cells.rating(row[rating], scale: .fiveStars, row: number, problems: &problems)
        book.review = Cells.text(row[review], field: name(review), limit: LibraryEntry.reviewLimit, row: number, problems: &problems)
        book.notes = Cells.text(row[notes], field: name(notes), limit: LibraryEntry.notesLimit, row: number, problems: &problems)
        return book
    }

    /// The column's name as the file spells it.
    private func name(_ column: Int?) -> String {
        guard let column, column < columnNames.count else { return "" }
        return columnNames[column]
    }
}
