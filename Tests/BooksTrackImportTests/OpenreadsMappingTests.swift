import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// Openreads' CSV export.
struct OpenreadsMappingTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        (books, problems) = try MappedFixture.read("openreads-export.csv") { OpenreadsRowMapper(header: $0) }
    }

    private func book(_ title: String) throws -> ImportedBook {
        try #require(books.first { $0.title == title })
    }

    private func day(_ year: Int, _ month: Int, _ day: Int) -> Date? {
        PartialDate(year: year, month: month, day: day)?.date()
    }

    @Test func tagsAreSplitOnFivePipes() throws {
        // given the tags "1|||||Solarpunk"
        // when the row is mapped
        let book = try book("Wild Flowers Electric Beasts")
        // then both tags are kept
        #expect(book.tags == ["1", "Solarpunk"])
    }

    @Test func ownedTagMarksTheBookOwned() throws {
        // given the tag "owned" on one book and none on another
        // when the rows are mapped
        let owned = try book("The Divide")
        let other = try book("Permanent Record")
        // then the first is owned, keeps its tag, and the second says nothing about ownership
        #expect(owned.isOwned == true)
        #expect(owned.tags == ["owned"])
        #expect(other.isOwned == nil)
    }

    @Test func latestReadingGivesTheDatesAndEarlierOnesTheHistory() throws {
        // given two readings, 2019 and 2023, joined by ";"
        // when the row is mapped
        let book = try book("Permanent Record")
        // then the 2023 reading is the entry's and the 2019 one is in the history
        #expect(book.dateStarted == day(2023, 10, 27))
        #expect(book.dateCompleted == day(2023, 11, 28))
        #expect(book.readHistory == [ReadPeriod(started: day(2019, 10, 1), ended: day(2019, 10, 20), outcome: .read)])
    }

    @Test func readingWithOnlyAFinishDateKeepsItsStartUnknown() throws {
        // given the reading "|2023-12-10T00:00:00.000|"
        // when the row is mapped
        let book = try book("The Divide")
        // then the book was finished that day, start unknown
        #expect(book.dateCompleted == day(2023, 12, 10))
        #expect(book.dateStarted == nil)
    }

    @Test func abandonedBookStopsOnItsLastReadingsEnd() throws {
        // given an abandoned book whose reading ends 2023-11-15
        // when the row is mapped
        let book = try book("The road to winter")
        // then the reader did not finish it and stopped that day
        #expect(book.status == .dnf)
        #expect(book.dateStopped == day(2023, 11, 15))
        #expect(book.dateCompleted == nil)
    }

    @Test func readingInProgressHasNoFinish() throws {
        // given a book in progress with the reading "2024-05-01T00:00:00.000||"
        // when the row is mapped
        let book = try book("Good Omens")
        // then it is being read since that day
        #expect(book.status == .reading)
        #expect(book.dateStarted == day(2024, 5, 1))
        #expect(book.dateCompleted == nil)
    }

    @Test func deletedRowsAreSkippedAndReported() {
        // given row 6, marked deleted
        // when the file is mapped
        // then no book comes from it and the report says why
        #expect(books.allSatisfy { $0.row != 6 })
        #expect(problems.contains { $0.row == 6 && $0.action == .skipped && $0.message.contains("deleted in Openreads") })
    }

    @Test func favouriteIsKept() throws {
        // given favourite true on one book and false on another
        // when the rows are mapped
        // then the flags are kept
        #expect(try book("Permanent Record").isFavorite == true)
        #expect(try book("Wild Flowers Electric Beasts").isFavorite == false)
    }

    @Test func statusesAreRead() throws {
        // given planned and finished
        // when the rows are mapped
        // then they are to-read and read
        #expect(try book("Wild Flowers Electric Beasts").status == .toRead)
        #expect(try book("Permanent Record").status == .read)
    }

    @Test func authorWrittenLastFirstIsTurned() throws {
        // given the author "Smith, Mark"
        // when the row is mapped
        let book = try book("The road to winter")
        // then it is one author, first name first
        #expect(book.authors == ["Mark Smith"])
    }

    @Test func authorsJoinedByCommasAreSplit() throws {
        // given "Terry Pratchett, Neil Gaiman"
        // when the row is mapped
        let book = try book("Good Omens")
        // then there are two authors
        #expect(book.authors == ["Terry Pratchett", "Neil Gaiman"])
    }

    @Test func olidNamesTheEditionOrTheWork() throws {
        // given olid OL27260330M on one book and OL452474W on another
        // when the rows are mapped
        // then the first names an edition and the second a work
        #expect(try book("Permanent Record").editionExternalIDs.openLibraryEditionID == "OL27260330M")
        #expect(try book("Good Omens").workExternalIDs.openLibraryWorkID == "OL452474W")
    }

    @Test func halfStarRatingsAreKept() throws {
        // given the rating 4.5
        // when the row is mapped
        let book = try book("The Divide")
        // then the rating is 4.5 stars
        #expect(book.rating == 4.5)
    }

    @Test func reviewNotesAndDescriptionAreKept() throws {
        // given my_review, notes and a description over two paragraphs
        // when the row is mapped
        let book = try book("Permanent Record")
        // then each is kept as written
        #expect(book.review == "Brave.")
        #expect(book.notes == "Lent to Sam")
        #expect(book.description == "Snowden reveals for the first time the story of his life.\n\nSix years later...")
    }

    @Test func bookFormatIsRead() throws {
        // given the formats hardcover and audiobook
        // when the rows are mapped
        // then the editions have them
        #expect(try book("Permanent Record").format == .hardcover)
        #expect(try book("Good Omens").format == .audiobook)
    }

    @Test func isbnPagesAndYearAreRead() throws {
        // given isbn 9781786090034, 347 pages and publication year 2017
        // when the row is mapped
        let book = try book("The Divide")
        // then the edition has them
        #expect(book.isbns.map(\.isbn13) == ["9781786090034"])
        #expect(book.pageCount == 347)
        #expect(book.publicationDate == PartialDate(year: 2017))
    }

    @Test func dateAddedIsTheDayWritten() throws {
        // given date_added 2024-03-01T13:01:12.937
        // when the row is mapped
        let book = try book("The Divide")
        // then the book was added that day
        #expect(book.dateAdded == day(2024, 3, 1))
    }
}
