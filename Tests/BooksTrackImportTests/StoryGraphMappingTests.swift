import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// A StoryGraph export with CRLF line endings, re-reads, partial dates and roles.
struct StoryGraphMappingTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        (books, problems) = try MappedFixture.read("storygraph-export.csv") { StoryGraphRowMapper(header: $0) }
    }

    private func book(_ title: String) throws -> ImportedBook {
        try #require(books.first { $0.title == title })
    }

    private func date(_ year: Int, _ month: Int? = nil, _ day: Int? = nil) -> Date? {
        PartialDate(year: year, month: month, day: day)?.date()
    }

    @Test func latestRangeOfDatesReadGivesTheEntrysDates() throws {
        // given Piranesi read 2021/01/05-2021/01/20, 2023/09-2023/10 and 2024/09/03-2024/09/20, listed out of order
        // when the row is mapped
        let piranesi = try book("Piranesi")
        // then the 2024 read is the current one
        #expect(piranesi.status == .read)
        #expect(piranesi.dateStarted == date(2024, 9, 3))
        #expect(piranesi.dateCompleted == date(2024, 9, 20))
    }

    @Test func earlierRangesAndTheReadCountFillTheHistoryOldestFirst() throws {
        // given three ranges and Read Count 4
        // when the row is mapped
        let piranesi = try book("Piranesi")
        // then one undated read comes first, then the 2021 read, then the month-only 2023 read
        #expect(
            piranesi.readHistory == [
                ReadPeriod(outcome: .read),
                ReadPeriod(started: date(2021, 1, 5), ended: date(2021, 1, 20), outcome: .read),
                ReadPeriod(started: date(2023, 9), ended: date(2023, 10), outcome: .read),
            ])
    }

    @Test func loneYearInDatesReadIsTheYearTheReadEnded() throws {
        // given Dates Read "2024, 2018/06-2018/07" and Read Count 2
        // when the row is mapped
        let book = try book("The Dispossessed")
        // then the latest read ended in 2024 and the 2018 read is the only earlier one
        #expect(book.dateStarted == nil)
        #expect(book.dateCompleted == date(2024))
        #expect(book.readHistory == [ReadPeriod(started: date(2018, 6), ended: date(2018, 7), outcome: .read)])
    }

    @Test func openRangeIsTheReadUnderWay() throws {
        // given a currently-reading book with Dates Read "2024/10/01-"
        // when the row is mapped
        let book = try book("Project Hail Mary")
        // then it is being read since that day, with no finish
        #expect(book.status == .reading)
        #expect(book.dateStarted == date(2024, 10, 1))
        #expect(book.dateCompleted == nil)
        #expect(book.readHistory.isEmpty)
    }

    @Test func didNotFinishRangeEndsWhenTheReaderStopped() throws {
        // given a did-not-finish book read 2024/03/01-2024/03/15
        // when the row is mapped
        let kafka = try book("Kafka on the Shore")
        // then the end of the range is the stop date, not a completion
        #expect(kafka.status == .dnf)
        #expect(kafka.dateStarted == date(2024, 3, 1))
        #expect(kafka.dateStopped == date(2024, 3, 15))
        #expect(kafka.dateCompleted == nil)
    }

    @Test func lastDateReadCompletesAReadBookWithoutRanges() throws {
        // given a read book with no Dates Read and Last Date Read 2022/05/14
        // when the row is mapped
        let book = try book("Subprime Attention Crisis")
        // then it was completed that day, with no earlier reads
        #expect(book.dateCompleted == date(2022, 5, 14))
        #expect(book.readHistory.isEmpty)
    }

    @Test func unreadableRangeIsReportedAndLeftOut() throws {
        // given Dates Read "someday-ish" on a paused book
        // when the row is mapped
        let book = try book("The Fifth Season")
        // then the book is on hold with no dates and the value is reported
        #expect(book.status == .onHold)
        #expect(book.dateStarted == nil)
        #expect(problems.contains { $0.row == book.row && $0.message.contains("\"someday-ish\"") })
    }

    @Test func quarterStarRatingsAreKept() throws {
        // given ratings 4.75 and 2.25
        // when the rows are mapped
        // then they are unchanged
        #expect(try book("Piranesi").rating == 4.75)
        #expect(try book("Kafka on the Shore").rating == 2.25)
    }

    @Test func narratorContributorGoesToTheEdition() throws {
        // given Contributors "Chiwetel Ejiofor (Narrator)"
        // when the row is mapped
        let piranesi = try book("Piranesi")
        // then he narrates the edition and is no author
        #expect(piranesi.narrator == "Chiwetel Ejiofor")
        #expect(piranesi.authors == ["Susanna Clarke"])
    }

    @Test func translatorContributorGoesToTheEdition() throws {
        // given Contributors "Philip Gabriel (Translator)"
        // when the row is mapped
        let kafka = try book("Kafka on the Shore")
        // then he translated the edition
        #expect(kafka.translator == "Philip Gabriel")
        #expect(kafka.authors == ["Haruki Murakami"])
    }

    @Test func everyListedAuthorIsKeptOnceInOrder() throws {
        // given three authors, the third also listed as "(Illustrator)" among the contributors
        // when the row is mapped
        // then the three are authors once each, in order
        #expect(try book("Always Coming Home").authors == ["Ursula K. Le Guin", "Todd Barton", "Margaret Chodos-Irvine"])
    }

    @Test func blankReadStatusGivesNoStatus() throws {
        // given a row with an empty Read Status
        // when the row is mapped
        // then the status is left to the importer
        #expect(try book("Always Coming Home").status == nil)
    }

    @Test func contentWarningsAreSplitIntoItemsWithTheDescriptionLast() throws {
        // given "Graphic: Confinement; Moderate: Death; Minor: Violence;" and a description
        // when the row is mapped
        // then each warning is an item and the reader's description follows
        #expect(
            try book("Piranesi").contentWarnings == [
                "Graphic: Confinement", "Moderate: Death", "Minor: Violence", "An unsettling captivity",
            ])
    }

    @Test func tagsAndMoodsAreTagsWithoutDuplicates() throws {
        // given Tags "favorites, mysterious" and Moods "mysterious, reflective"
        // when the row is mapped
        // then the tags come first and the mood already tagged appears once
        #expect(try book("Piranesi").tags == ["favorites", "mysterious", "reflective"])
    }

    @Test func asinIsKeptAsAnAmazonID() throws {
        // given ISBN/UID B08FHBV4ZX
        // when the row is mapped
        let book = try book("Project Hail Mary")
        // then it is an ASIN on the edition and the work, and no ISBN
        #expect(book.isbns.isEmpty)
        #expect(book.editionExternalIDs.amazonASINs == ["B08FHBV4ZX"])
        #expect(book.workExternalIDs.amazonASINs == ["B08FHBV4ZX"])
    }

    @Test func isbn10AndIsbn13AreBothRead() throws {
        // given ISBN/UID 1400079276 and 9781635575637
        // when the rows are mapped
        // then both become ISBNs
        #expect(try book("Kafka on the Shore").isbns.map(\.isbn13) == ["9781400079278"])
        #expect(try book("Piranesi").isbns.map(\.isbn13) == ["9781635575637"])
    }

    @Test func formatsNameTheEditionForm() throws {
        // given the formats audio, paperback, digital and hardcover
        // when the rows are mapped
        // then they become the library's formats
        #expect(try book("Piranesi").format == .audiobook)
        #expect(try book("Kafka on the Shore").format == .paperback)
        #expect(try book("Project Hail Mary").format == .ebook)
        #expect(try book("Subprime Attention Crisis").format == .hardcover)
    }

    @Test func ownedYesMakesTheBookOwned() throws {
        // given Owned? Yes on Piranesi and No on Kafka on the Shore
        // when the rows are mapped
        // then only Piranesi is owned
        #expect(try book("Piranesi").isOwned == true)
        #expect(try book("Kafka on the Shore").isOwned == nil)
    }

    @Test func twoReadsInTheSameYearAreBothKept() throws {
        // given a read row whose Dates Read is "2023, 2023"
        let header = CSVHeader(["Title", "Authors", "Read Status", "Dates Read"])
        let record = CSVRecord(fields: ["Dune", "Frank Herbert", "read", "2023, 2023"], row: 2, line: 2)
        var problems: [ImportProblem] = []
        // when the row is mapped
        let book = try #require(StoryGraphRowMapper(header: header).book(from: CSVRow(record: record, header: header), problems: &problems))
        // then the latest read ended in 2023 and one earlier read did too
        #expect(book.dateCompleted == date(2023))
        #expect(book.readHistory == [ReadPeriod(ended: date(2023), outcome: .read)])
    }

    @Test func rowWithoutATitleIsSkippedAndReported() throws {
        // given row 9 with an empty title
        // when the file is mapped
        // then seven books are read and row 9 is reported as skipped
        #expect(books.count == 7)
        #expect(problems.contains { $0.row == 9 && $0.action == .skipped })
    }
}
