import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// The Goodreads-compatible CSV export: Goodreads' columns, shelves, dates and ISBN cells, and no
/// cell a spreadsheet would run as a formula.
@Suite struct GoodreadsExportTests {
    static let header =
        "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    @Test func theHeaderIsGoodreads24ColumnLayout() {
        // Given the export's header
        let header = GoodreadsCSVRow.header
        // When it is written as CSV
        var bytes: [UInt8] = []
        CSVText.appendRecord(header, to: &bytes)
        // Then it is Goodreads' own, column for column
        #expect(header.count == 24)
        #expect(String(decoding: bytes, as: UTF8.self) == Self.header + "\n")
    }

    @Test func everyCellOfABookIsFilledTheGoodreadsWay() throws {
        // Given a read book of two authors with every field Goodreads has
        let book = try Self.book()
        // When it becomes a row
        let row = Self.row(book)
        // Then each column holds what Goodreads would write
        #expect(row["Book Id"] == "18423")
        #expect(row["Title"] == "The Left Hand of Darkness (Hainish Cycle, #4)")
        #expect(row["Author"] == "Ursula K. Le Guin")
        #expect(row["Author l-f"] == "Le Guin, Ursula K.")
        #expect(row["Additional Authors"] == "Ngũgĩ wa Thiong'o")
        #expect(row["ISBN"] == "=\"0441478123\"")
        #expect(row["ISBN13"] == "=\"9780441478125\"")
        #expect(row["My Rating"] == "4")
        #expect(row["Average Rating"] == "")
        #expect(row["Publisher"] == "Ace")
        #expect(row["Binding"] == "Mass Market Paperback")
        #expect(row["Number of Pages"] == "304")
        #expect(row["Year Published"] == "1987")
        #expect(row["Original Publication Year"] == "1969")
        #expect(row["Date Read"] == "2024/03/07")
        #expect(row["Date Added"] == "2023/12/31")
        #expect(row["Bookshelves"] == "read, book-club, sci-fi")
        #expect(row["Exclusive Shelf"] == "read")
        #expect(row["My Review"] == "Cold.<br/>Warm.<br/>Done.")
        #expect(row["Spoiler"] == "true")
        #expect(row["Private Notes"] == "Lent to Sam")
        #expect(row["Read Count"] == "3")
        #expect(row["Owned Copies"] == "1")
    }

    @Test func anISBNCellIsWrittenAsGoodreadsQuotedFormula() throws {
        // Given a book with an ISBN and one without
        let withISBN = try Self.book()
        var withoutISBN = try Self.book()
        withoutISBN.edition?.isbns = []
        // When both are written as CSV
        let text = Self.csv([withISBN, withoutISBN])
        // Then the ISBN cells carry Goodreads' ="…" wrapping, empty ones too
        #expect(text.contains(",\"=\"\"0441478123\"\"\",\"=\"\"9780441478125\"\"\","))
        #expect(text.contains(",\"=\"\"\"\"\",\"=\"\"\"\"\","))
    }

    @Test func cellsThatASpreadsheetWouldRunAreNeutralized() throws {
        // Given a book whose texts start like formulas
        var book = try Self.book()
        book.work.title = "=HYPERLINK(\"http://x\")"
        book.work.seriesName = nil
        book.authors[0].name = "@evil"
        book.authors[0].sortName = "+cmd"
        book.entry.review = "=SUM(1)"
        book.entry.notes = "-2+3"
        // (a tab before it is cleaned away when the text is kept, so the + is what the cell starts with)
        book.edition?.publisher = "\t+Tab"
        // When it becomes a row
        let row = Self.row(book)
        // Then each of them is prefixed with a quote, and the ISBN formulas are kept
        #expect(row["Title"] == "'=HYPERLINK(\"http://x\")")
        #expect(row["Author"] == "'@evil")
        #expect(row["Author l-f"] == "'+cmd")
        #expect(row["My Review"] == "'=SUM(1)")
        #expect(row["Private Notes"] == "'-2+3")
        #expect(row["Publisher"] == "'+Tab")
        #expect(row["ISBN13"] == "=\"9780441478125\"")
    }

    @Test func aTagThatLooksLikeAFormulaCannotStartItsCell() throws {
        // Given a book tagged @cmd
        var book = try Self.book()
        book.entry.tags = ["@cmd"]
        // When it becomes a row
        let row = Self.row(book)
        // Then the tag follows the exclusive shelf, so the cell starts with the shelf name
        #expect(row["Bookshelves"] == "read, @cmd")
    }

    @Test(arguments: [(4.5 as Double?, "The Left Hand of Darkness (Hainish Cycle, #4.5)"), (nil, "The Left Hand of Darkness (Hainish Cycle)")])
    func theSeriesIsAppendedToTheTitle(position: Double?, title: String) throws {
        // Given a work in a series
        var book = try Self.book()
        book.work.seriesPosition = position
        // When it becomes a row
        // Then the title carries the series as Goodreads writes it
        #expect(Self.row(book)["Title"] == title)
    }

    @Test(arguments: [
        (ReadingStatus.read, "read"), (.reading, "currently-reading"), (.toRead, "to-read"), (.wishlist, "to-read"),
        (.dnf, "did-not-finish"), (.onHold, "paused"),
    ])
    func eachStatusGoesOnItsGoodreadsShelf(status: ReadingStatus, shelf: String) throws {
        // Given a book with the status
        var book = try Self.book()
        book.entry.status = status
        // When it becomes a row
        let row = Self.row(book)
        // Then it is on the matching exclusive shelf, listed first among its shelves
        #expect(row["Exclusive Shelf"] == shelf)
        #expect(row["Bookshelves"]?.hasPrefix(shelf + ", ") == true)
    }

    @Test func aWishlistBookIsOnToReadAndOnAWishlistShelf() throws {
        // Given a wishlist book, not owned
        var book = try Self.book()
        book.entry.status = .wishlist
        book.entry.editionID = nil
        // When it becomes a row
        let row = Self.row(book)
        // Then it is to-read, on a wishlist shelf, with no copy owned
        #expect(row["Exclusive Shelf"] == "to-read")
        #expect(row["Bookshelves"] == "to-read, wishlist, book-club, Read, sci-fi")
        #expect(row["Owned Copies"] == "0")
    }

    @Test(arguments: [(nil as Double?, "0"), (0.25, "1"), (2.25, "2"), (2.5, "3"), (3.5, "4"), (5, "5")])
    func aRatingBecomesWholeStarsRoundedHalfUp(rating: Double?, stars: String) throws {
        // Given a book with the rating
        var book = try Self.book()
        book.entry.rating = rating
        // When it becomes a row
        // Then it has that many stars, 0 meaning unrated
        #expect(Self.row(book)["My Rating"] == stars)
    }

    @Test func aBookBeingReadAgainShowsItsLastFinishAndEarlierReads() throws {
        // Given a book being re-read after two finished reads and one abandoned one
        var book = try Self.book()
        book.entry.status = .reading
        book.entry.dateCompleted = nil
        // When it becomes a row
        let row = Self.row(book)
        // Then its last finish and its two earlier reads are shown
        #expect(row["Date Read"] == "2020/05/01")
        #expect(row["Read Count"] == "2")
    }

    @Test func anExportedLibraryReadsBackAsOneRowOf24CellsPerBook() throws {
        // Given a library of 152 books
        let library = try ExportLibrary()
        try library.fill()
        let url = library.url("goodreads_library_export.csv")
        // When it is exported to Goodreads CSV
        let count = try library.exporter(for: library.store).exportGoodreadsCSV(to: url)
        // Then the file starts with the header and every record has 24 cells
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasPrefix(Self.header + "\n"))
        var reader = try CSVReader(url: url)
        var records: [CSVRecord] = []
        while let record = try reader.next() { records.append(record) }
        #expect(count == ExportLibrary.fixtureCount + 2)
        #expect(records.count == count + 1)
        #expect(records.allSatisfy { $0.fields.count == 24 })
    }

    // MARK: Helpers

    /// A read book with every column Goodreads has: two authors, a series, an owned edition,
    /// a multi-line review with spoilers, notes, tags and two earlier reads (plus an abandoned one).
    static func book() throws -> LibraryBook {
        let leGuin = Author(name: "Ursula K. Le Guin", sortName: "Le Guin, Ursula K.", dateCreated: LibraryFixtures.referenceDate)
        let ngugi = Author(name: "Ngũgĩ wa Thiong'o", dateCreated: LibraryFixtures.referenceDate)
        let work = Work(
            title: "The Left Hand of Darkness", authorIDs: [leGuin.id, ngugi.id], firstPublicationYear: 1969,
            seriesName: "Hainish Cycle", seriesPosition: 4, externalIDs: WorkExternalIDs(goodreadsWorkIDs: ["18423", "99"]),
            dateCreated: LibraryFixtures.referenceDate
        )
        let edition = Edition(
            workID: work.id, isbns: [try ISBN(parsing: "0441478123")], publisher: "Ace", publicationDate: PartialDate(year: 1987, month: 3),
            pageCount: 304, format: .massMarket, dateCreated: LibraryFixtures.referenceDate
        )
        let entry = LibraryEntry(
            userID: User.ID(), workID: work.id, editionID: edition.id, status: .read, rating: 3.75, review: "Cold.\nWarm.\r\nDone.",
            reviewHasSpoilers: true, notes: "Lent to Sam", tags: ["book-club", "Read", "sci-fi"],
            dateAdded: LibraryFixtures.date(2023, 12, 31, hour: 23, minute: 59), dateStarted: LibraryFixtures.date(2024, 3, 1),
            dateCompleted: LibraryFixtures.date(2024, 3, 7, hour: 8),
            readHistory: [
                ReadPeriod(ended: LibraryFixtures.date(2010, 1, 1), outcome: .read),
                ReadPeriod(started: LibraryFixtures.date(2015, 1, 1), ended: LibraryFixtures.date(2015, 2, 1), outcome: .dnf),
                ReadPeriod(started: LibraryFixtures.date(2020, 4, 1), ended: LibraryFixtures.date(2020, 5, 1), outcome: .read),
            ]
        )
        return LibraryBook(entry: entry, work: work, authors: [leGuin, ngugi], edition: edition)
    }

    /// The book's cells by column name.
    static func row(_ book: LibraryBook) -> [String: String] {
        Dictionary(uniqueKeysWithValues: zip(GoodreadsCSVRow.header, GoodreadsCSVRow.cells(for: book)))
    }

    /// The CSV text of the books' rows.
    static func csv(_ books: [LibraryBook]) -> String {
        var bytes: [UInt8] = []
        for book in books { CSVText.appendRecord(GoodreadsCSVRow.cells(for: book), to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
