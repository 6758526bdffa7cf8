import BooksTrackCore
import Foundation

/// Reads the rows of Open Library's reading-log export, in either generation.
///
/// The current file (`Work ID,Title,Authors,First Publish Year,Edition ID,...`) joins lists with
/// " | " and has no ISBNs or dates. The old file (`Work Id,Edition Id,Bookshelf`) has no titles at
/// all: such a book is imported under its Open Library ID and reported, so enrichment can fill it.
struct OpenLibraryRowMapper: RowMapper {
    private let workID: Int?
    private let editionID: Int?
    private let title: Int?
    private let authors: Int?
    private let firstPublishYear: Int?
    private let bookshelf: Int?
    private let rating: Int?
    private let subjects: Int?

    // Genres come from Open Library's subject headings, which run to dozens a work.
    private static let genreLimit = 10

    /// Finds the columns this mapper reads in `header` (names compare without regard to case, so
    /// "Work Id" and "Work ID" are one column).
    init(header: CSVHeader) {
        workID = header.index(of: "Work ID")
        editionID = header.index(of: "Edition ID")
        title = header.index(of: "Title")
        authors = header.index(of: "Authors")
        firstPublishYear = header.index(of: "First Publish Year")
        bookshelf = header.index(of: "Bookshelf")
        rating = header.index(of: "My Ratings")
        subjects = header.index(of: "Subjects")
    }

    /// The book a row describes, or nil (reported) when the row has neither a title nor an ID.
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook? {
        let number = row.number
        let work = Self.key(row[workID], column: "Work ID", row: number, problems: &problems)
        let edition = Self.key(row[editionID], column: "Edition ID", row: number, problems: &problems)
        var book: ImportedBook
        if let text = row[title] {
            book = ImportedBook(row: number, title: text)
        } else if let placeholder = work?.id ?? edition?.id {
            book = ImportedBook(row: number, title: placeholder)
            let reason = title == nil ? "the old Open Library export has no titles" : "the row has no title"
            problems.append(
                ImportProblem(
                    row: number, message: "\(reason); imported as \(placeholder), run `bookstrack enrich` to fill it"
                ))
        } else {
            problems.append(ImportProblem(row: number, message: "the row has no title and no Open Library ID; skipped", action: .skipped))
            return nil
        }
        work?.apply(to: &book)
        edition?.apply(to: &book)

        book.authors = StringList.deduplicated(Cells.list(row[authors], separator: "|"))
        book.firstPublicationYear = Cells.year(row[firstPublishYear])
        book.genres = Array(StringList.deduplicated(Cells.list(row[subjects], separator: "|")).prefix(Self.genreLimit))
        book.status = Cells.status(shelf: row[bookshelf], row: number, problems: &problems, tags: &book.tags)
        book.rating = Cells.rating(row[rating], scale: .fiveStars, row: number, problems: &problems)
        return book
    }

    /// An Open Library ID read from a column; anything else is reported and left out.
    private static func key(_ text: String?, column: String, row: Int, problems: inout [ImportProblem]) -> Key? {
        guard let text else { return nil }
        if let key = Key(text) { return key }
        problems.append(
            ImportProblem(
                row: row, message: "\(column) \(Cells.quoted(text)) is not an Open Library ID; imported without it"
            ))
        return nil
    }
}

extension OpenLibraryRowMapper {
    /// An Open Library work (`OL45804W`) or edition (`OL7353617M`) ID, as other exports carry them too.
    struct Key: Hashable, Sendable {
        /// What the ID names.
        enum Kind: Hashable, Sendable {
            case work
            case edition
        }

        /// The bare ID, `OL45804W`.
        let id: String
        /// Whether the ID names a work or an edition.
        let kind: Kind

        /// Reads `OL45804W`, `/works/OL45804W`, `OL7353617M` or `/books/OL7353617M`; nil for anything
        /// else, author IDs (`OL…A`) included.
        init?(_ text: some StringProtocol) {
            let bare = text.trimmingWhitespace().split(separator: "/").last.map(String.init) ?? ""
            guard bare.count > 3, bare.hasPrefix("OL"), bare.dropFirst(2).dropLast().allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
            switch bare.last {
            case "W": kind = .work
            case "M": kind = .edition
            default: return nil
            }
            id = bare
        }

        /// Puts the ID in the book's work or edition identifiers.
        func apply(to book: inout ImportedBook) {
            switch kind {
            case .work: book.workExternalIDs.openLibraryWorkID = id
            case .edition: book.editionExternalIDs.openLibraryEditionID = id
            }
        }
    }
}
