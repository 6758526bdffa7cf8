import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// BookWyrm's CSV export, in its newer header with `finna_key`, `libris_key` and `pages`.
struct BookWyrmMappingTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        (books, problems) = try MappedFixture.read("bookwyrm-export.csv") { BookWyrmRowMapper(header: $0) }
    }

    private func book(_ title: String) throws -> ImportedBook {
        try #require(books.first { $0.title == title })
    }

    @Test func readShelfMakesTheBookRead() throws {
        // given Dune on the "read" shelf with start and finish dates
        // when the row is mapped
        let dune = try book("Dune")
        // then it is read on the finish date
        #expect(dune.status == .read)
        #expect(dune.dateStarted == PartialDate(year: 2023, month: 1, day: 2)?.date())
        #expect(dune.dateCompleted == PartialDate(year: 2023, month: 2, day: 10)?.date())
    }

    @Test func stoppedReadingIsDidNotFinishOnTheStopDate() throws {
        // given a book on "stopped-reading" with a stopped_date
        // when the row is mapped
        let book = try book("Infinite Jest")
        // then the reader did not finish it, stopping on that date
        #expect(book.status == .dnf)
        #expect(book.dateStopped == PartialDate(year: 2022, month: 4, day: 15)?.date())
        #expect(book.dateCompleted == nil)
    }

    @Test func customShelfBecomesATagAndTheDatesGiveTheStatus() throws {
        // given a book on the custom shelf "cooking-9" named "Cooking", with a finish date
        // when the row is mapped
        let book = try book("Ottolenghi Simple")
        // then the shelf name is a tag, the book is read, and the shelf is reported
        #expect(book.tags == ["Cooking"])
        #expect(book.status == .read)
        #expect(problems.contains { $0.row == 4 && $0.message.contains("\"Cooking\"") && $0.action == .kept })
    }

    @Test func contentWarningMarksSpoilersAndFollowsTheReviewName() throws {
        // given a review named "Spice and sand" with the warning "Ending discussed" and HTML content
        // when the row is mapped
        let dune = try book("Dune")
        // then the review holds name, warning and text, and is marked as holding spoilers
        #expect(dune.review == "Spice and sand\nContent warning: Ending discussed\nThe ending surprised me.\nPaul wins.")
        #expect(dune.reviewHasSpoilers == true)
    }

    @Test func reviewWithoutAWarningHoldsNoSpoilers() throws {
        // given a review with a name and content but no warning
        // when the row is mapped
        let book = try book("Ottolenghi Simple")
        // then the name is the first line and the review is not marked
        #expect(book.review == "Too much tahini\n...in his hummus")
        #expect(book.reviewHasSpoilers == false)
    }

    @Test func halfStarRatingsAreKept() throws {
        // given the rating 4.5
        // when the row is mapped
        let dune = try book("Dune")
        // then the rating is 4.5 stars
        #expect(dune.rating == 4.5)
    }

    @Test func editionKeysNameTheEditionAndWorkKeysTheWork() throws {
        // given openlibrary_key OL1532643M on one book and OL449036W on another
        // when the rows are mapped
        let dune = try book("Dune")
        let jest = try book("Infinite Jest")
        // then the first names an edition and the second a work
        #expect(dune.editionExternalIDs.openLibraryEditionID == "OL1532643M")
        #expect(jest.workExternalIDs.openLibraryWorkID == "OL449036W")
    }

    @Test func otherSitesIdentifiersAndISBNsAreKept() throws {
        // given goodreads_key, librarything_key, isbn_10 and isbn_13
        // when the row is mapped
        let dune = try book("Dune")
        // then each is kept
        #expect(dune.workExternalIDs.goodreadsWorkIDs == ["234225"])
        #expect(dune.workExternalIDs.librarythingIDs == ["1171"])
        #expect(dune.isbns.map(\.isbn13) == ["9780441172719"])
    }

    @Test func asinIsKept() throws {
        // given asin B004J4WKEC
        // when the row is mapped
        let book = try book("Why We Can't Wait")
        // then it is the edition's Amazon ID
        #expect(book.editionExternalIDs.amazonASINs == ["B004J4WKEC"])
    }

    @Test func pagesFromTheNewerColumnAreRead() throws {
        // given pages 604
        // when the row is mapped
        let dune = try book("Dune")
        // then the edition has 604 pages
        #expect(dune.pageCount == 604)
    }

    @Test func authorsAreSplitOnCommasKeepingSuffixes() throws {
        // given "Martin Luther King, Jr., Jesse Jackson"
        // when the row is mapped
        let book = try book("Why We Can't Wait")
        // then there are two authors and "Jr." stays with the first
        #expect(book.authors == ["Martin Luther King, Jr.", "Jesse Jackson"])
    }

    @Test func shelfDateIsTheDateAdded() throws {
        // given shelf_date 2024-08-10
        // when the row is mapped
        let book = try book("Why We Can't Wait")
        // then the book was added that day, to read
        #expect(book.dateAdded == PartialDate(year: 2024, month: 8, day: 10)?.date())
        #expect(book.status == .toRead)
    }

    @Test func rowWithoutATitleIsSkippedAndReported() {
        // given row 6, which has no title
        // when the file is mapped
        // then no book comes from it and the skip is reported
        #expect(books.allSatisfy { $0.row != 6 })
        #expect(problems.contains { $0.row == 6 && $0.action == .skipped })
    }
}
