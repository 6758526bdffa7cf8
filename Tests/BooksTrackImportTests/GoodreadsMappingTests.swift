import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// A Goodreads export in the 2021–2025 header (24 columns), with the export's quirks.
struct GoodreadsMappingTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        (books, problems) = try MappedFixture.read("goodreads-2024.csv") { GoodreadsRowMapper(header: $0) }
    }

    private func book(_ title: String) throws -> ImportedBook {
        try #require(books.first { $0.title == title })
    }

    private func day(_ year: Int, _ month: Int, _ day: Int) -> Date? {
        PartialDate(year: year, month: month, day: day)?.date()
    }

    @Test func seriesIsSplitFromTheTitle() throws {
        // given the title "Gideon the Ninth (The Locked Tomb #1)"
        // when the row is mapped
        let gideon = try book("Gideon the Ninth")
        // then the title is bare and the series and position are set
        #expect(gideon.seriesName == "The Locked Tomb")
        #expect(gideon.seriesPosition == 1)
    }

    @Test func fractionalSeriesPositionsAreKept() throws {
        // given the title "Edgedancer (The Stormlight Archive, #2.5)"
        // when the row is mapped
        let edgedancer = try book("Edgedancer")
        // then the novella sits at 2.5 in the series
        #expect(edgedancer.seriesName == "The Stormlight Archive")
        #expect(edgedancer.seriesPosition == 2.5)
    }

    @Test func formulaWrappedISBNsAreUnwrapped() throws {
        // given ISBN ="1250313198" and ISBN13 ="9781250313195"
        // when the row is mapped
        let gideon = try book("Gideon the Ninth")
        // then both name the one edition's ISBN
        #expect(gideon.isbns == [try #require(ISBN("9781250313195"))])
    }

    @Test func emptyFormulaISBNsGiveNoISBNAndNoProblem() throws {
        // given ISBN ="" and ISBN13 =""
        // when the row is mapped
        let subcutanean = try book("Subcutanean")
        // then the book has no ISBN and nothing is reported for the row
        #expect(subcutanean.isbns.isEmpty)
        #expect(!problems.contains { $0.row == subcutanean.row })
    }

    @Test func isbnWhoseLeadingZeroASpreadsheetDroppedIsRestored() throws {
        // given the bare ISBN 441172717 (0441172717 saved by a spreadsheet)
        // when the row is mapped
        let dune = try book("Dune")
        // then the ISBN is 9780441172719
        #expect(dune.isbns.map(\.isbn13) == ["9780441172719"])
    }

    @Test func isbnWithABadCheckDigitIsReportedAndLeftOut() throws {
        // given ISBN ="0441172718", whose check digit is wrong
        // when the row is mapped
        let book = try book("The Left Hand of Darkness")
        // then the book is kept without an ISBN and the value is reported on its row
        #expect(book.isbns.isEmpty)
        let problem = try #require(problems.first { $0.row == book.row })
        #expect(problem.message.contains("\"0441172718\""))
        #expect(problem.action == .kept)
    }

    @Test func asinInTheISBNColumnBecomesAnAmazonID() throws {
        // given ISBN ="B08FHBV4ZX" on a Kindle edition
        // when the row is mapped
        let book = try book("Project Hail Mary")
        // then it is kept as an ASIN, not reported as a bad ISBN, and the binding is an e-book
        #expect(book.isbns.isEmpty)
        #expect(book.editionExternalIDs.amazonASINs == ["B08FHBV4ZX"])
        #expect(book.workExternalIDs.amazonASINs == ["B08FHBV4ZX"])
        #expect(book.format == .ebook)
        #expect(!problems.contains { $0.row == book.row })
    }

    @Test func zeroRatingMeansUnratedAndTheAverageIsNeverUsed() throws {
        // given Dune with My Rating 0 and Average Rating 4.27
        // when the row is mapped
        let dune = try book("Dune")
        // then it has no rating; Gideon's own 4 stars are kept rather than its 4.20 average
        #expect(dune.rating == nil)
        #expect(try book("Gideon the Ninth").rating == 4)
    }

    @Test func readRowWithDateReadIsCompletedThatDay() throws {
        // given Gideon on the read shelf with Date Read 2020/10/25 and Date Added 2020/10/21
        // when the row is mapped
        let gideon = try book("Gideon the Ninth")
        // then it is read, finished and added on those days
        #expect(gideon.status == .read)
        #expect(gideon.dateCompleted == day(2020, 10, 25))
        #expect(gideon.dateAdded == day(2020, 10, 21))
    }

    @Test func readRowWithoutDateReadKeepsItsFinishDateUnknown() throws {
        // given Subcutanean on the read shelf with no Date Read
        // when the row is mapped
        let subcutanean = try book("Subcutanean")
        // then it is read with no finish date
        #expect(subcutanean.status == .read)
        #expect(subcutanean.dateCompleted == nil)
    }

    @Test func readCountAddsUndatedEarlierReads() throws {
        // given Gideon with Read Count 3
        // when the row is mapped
        let gideon = try book("Gideon the Ninth")
        // then the two reads before the latest are in the history, their dates unknown
        #expect(gideon.readHistory == Array(repeating: ReadPeriod(started: nil, ended: nil, outcome: .read), count: 2))
    }

    @Test func htmlReviewBecomesTextWithLineBreaks() throws {
        // given a review written with <br/> and &amp;
        // when the row is mapped
        let gideon = try book("Gideon the Ninth")
        // then the review is plain text with the breaks as newlines
        #expect(gideon.review == "Lesbian necromancers in space.\n\nHarrow & Gideon forever.")
    }

    @Test func spoilerFlagAndPrivateNotesAreKept() throws {
        // given Spoiler true and Private Notes "Lent to Sam in March"
        // when the row is mapped
        let gideon = try book("Gideon the Ninth")
        // then both are on the book
        #expect(gideon.reviewHasSpoilers == true)
        #expect(gideon.notes == "Lent to Sam in March")
    }

    @Test func ownedCopiesMakeTheBookOwned() throws {
        // given Good Omens with 2 owned copies and Dune with 0
        // when the rows are mapped
        // then Good Omens is owned and Dune says nothing about ownership
        #expect(try book("Good Omens").isOwned == true)
        #expect(try book("Dune").isOwned == nil)
    }

    @Test func bookshelvesBecomeTagsWithoutStatusShelves() throws {
        // given Bookshelves "favorites, sci-fi, read" with the exclusive shelf read
        // when the row is mapped
        let gideon = try book("Gideon the Ninth")
        // then the two other shelves are tags
        #expect(gideon.tags == ["favorites", "sci-fi"])
    }

    @Test func didNotFinishShelfStopsTheBookOnDateRead() throws {
        // given the custom exclusive shelf "did-not-finish" with Date Read 2022/08/14
        // when the row is mapped
        let book = try book("The Name of the Wind")
        // then the book is did-not-finish, stopped that day, and the shelf is not a tag
        #expect(book.status == .dnf)
        #expect(book.dateStopped == day(2022, 8, 14))
        #expect(book.dateCompleted == nil)
        #expect(book.tags == ["fantasy"])
    }

    @Test func dnfShelfIsDidNotFinish() throws {
        // given the custom exclusive shelf "dnf"
        // when the row is mapped
        let book = try book("The Way of Kings")
        // then the book is did-not-finish with no tags
        #expect(book.status == .dnf)
        #expect(book.tags.isEmpty)
    }

    @Test func pausedShelfIsOnHold() throws {
        // given the custom exclusive shelf "paused"
        // when the row is mapped
        // then the book is on hold
        #expect(try book("Edgedancer").status == .onHold)
    }

    @Test func unknownExclusiveShelfBecomesATagOfAToReadBookAndIsReported() throws {
        // given Good Omens on the custom exclusive shelf "my-custom-shelf"
        // when the row is mapped
        let omens = try book("Good Omens")
        // then the shelf is a tag, the book is to-read, and the shelf is reported on its row
        #expect(omens.status == .toRead)
        #expect(omens.tags.contains("my-custom-shelf"))
        #expect(omens.tags.contains("humour"))
        #expect(problems.contains { $0.row == omens.row && $0.message.contains("\"my-custom-shelf\"") })
    }

    @Test func tagLongerThanTheLimitIsCutAndReported() throws {
        // given a 79-character shelf name
        // when the row is mapped
        let omens = try book("Good Omens")
        // then the tag is cut to the limit and the cut is reported
        let long = try #require(omens.tags.first { $0.hasPrefix("books-my-book-club") })
        #expect(long.count == LibraryEntry.tagLimit)
        #expect(problems.contains { $0.row == omens.row && $0.message.contains("longer than \(LibraryEntry.tagLimit)") })
    }

    @Test func additionalAuthorsFollowTheAuthor() throws {
        // given Author "Terry Pratchett" and Additional Authors "Neil Gaiman"
        // when the row is mapped
        // then both are authors, in order
        #expect(try book("Good Omens").authors == ["Terry Pratchett", "Neil Gaiman"])
    }

    @Test func doubledSpacesInsideAuthorNamesBecomeOne() throws {
        // given the author written "Brandon  Sanderson"
        // when the row is mapped
        // then the name has a single space
        #expect(try book("The Way of Kings").authors == ["Brandon Sanderson"])
    }

    @Test func bindingsBecomeFormatsInAnyLanguage() throws {
        // given the bindings Hardcover, Mass Market Paperback and Tapa blanda
        // when the rows are mapped
        // then they are hardcover, mass market and paperback
        #expect(try book("Gideon the Ninth").format == .hardcover)
        #expect(try book("Dune").format == .massMarket)
        #expect(try book("Cien años de soledad").format == .paperback)
    }

    @Test func publicationYearsAndPagesAreKept() throws {
        // given Dune published 1990, first published 1965, 604 pages, by Ace Books
        // when the row is mapped
        let dune = try book("Dune")
        // then the edition's year, the first year, the pages and the publisher are set
        #expect(dune.publicationDate == PartialDate(year: 1990))
        #expect(dune.firstPublicationYear == 1965)
        #expect(dune.pageCount == 604)
        #expect(dune.publisher == "Ace Books")
    }

    @Test func bookIdIsTheEditionsGoodreadsBookID() throws {
        // given Book Id 234225
        // when the row is mapped
        // then it is kept as the edition's Goodreads book id, not as a work id
        #expect(try book("Dune").editionExternalIDs.goodreadsBookIDs == ["234225"])
        #expect(try book("Dune").workExternalIDs.goodreadsWorkIDs == [])
    }

    @Test func currentlyReadingShelfIsReadingWithoutTags() throws {
        // given a book whose only shelf is currently-reading
        // when the row is mapped
        let book = try book("Cien años de soledad")
        // then it is being read and has no tags
        #expect(book.status == .reading)
        #expect(book.tags.isEmpty)
    }

    @Test func impossibleDateIsReportedAndLeftOut() throws {
        // given Date Added 2023/02/30
        // when the row is mapped
        let edgedancer = try book("Edgedancer")
        // then the book has no date added and the value is reported
        #expect(edgedancer.dateAdded == nil)
        #expect(problems.contains { $0.row == edgedancer.row && $0.message.contains("\"2023/02/30\"") })
    }

    @Test func rowWithoutATitleIsSkippedAndReported() throws {
        // given row 12 with an empty title
        // when the file is mapped
        // then ten books are read and row 12 is reported as skipped
        #expect(books.count == 10)
        #expect(problems.contains { $0.row == 12 && $0.action == .skipped && $0.message.contains("no title") })
    }
}

/// The headers Goodreads wrote up to 2020 (31 columns) and from 2026 (23 columns, no `Average Rating`).
struct GoodreadsHeaderGenerationTests {
    private func books(_ name: String) throws -> [ImportedBook] {
        try MappedFixture.read(name) { GoodreadsRowMapper(header: $0) }.books
    }

    @Test func recommendedByIsReadFromTheHeaderUpTo2020() throws {
        // given the 31-column header with Recommended By "Priya"
        // when the file is mapped
        let gideon = try #require(try books("goodreads-2020.csv").first { $0.title == "Gideon the Ninth" })
        // then the recommender is kept
        #expect(gideon.recommendedBy == "Priya")
    }

    @Test func averageRatingOfTheHeaderUpTo2020IsNotTheReadersRating() throws {
        // given My Rating 0 and Average Rating 4.60
        // when the file is mapped
        let patisserie = try #require(try books("goodreads-2020.csv").first { $0.title == "Patisserie at Home" })
        // then the book is unrated
        #expect(patisserie.rating == nil)
    }

    @Test func severalAdditionalAuthorsAreAllKept() throws {
        // given Additional Authors "Anne Cazor, Pierre Javelle"
        // when the file is mapped
        let patisserie = try #require(try books("goodreads-2020.csv").first { $0.title == "Patisserie at Home" })
        // then the three authors are in order
        #expect(patisserie.authors == ["Mélanie Dupuis", "Anne Cazor", "Pierre Javelle"])
    }

    @Test func columnsOfTheHeaderFrom2026AreFoundByName() throws {
        // given the 23-column header, where every column after My Rating sits one place to the left
        // when the file is mapped
        let gideon = try #require(try books("goodreads-2026.csv").first)
        // then each value lands in its own field
        #expect(gideon.rating == 4)
        #expect(gideon.publisher == "Tor.com")
        #expect(gideon.format == .audiobook)
        #expect(gideon.dateCompleted == PartialDate(year: 2026, month: 1, day: 5)?.date())
        #expect(gideon.tags == ["audiobooks"])
    }
}
