import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// Calibre's CSV catalog.
struct CalibreMappingTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        (books, problems) = try MappedFixture.read("calibre-catalog.csv") { CalibreRowMapper(header: $0) }
    }

    private func book(_ title: String) throws -> ImportedBook {
        try #require(books.first { $0.title == title })
    }

    @Test func tenPointRatingsBecomeStars() throws {
        // given ratings 8 and 5 on Calibre's 0–10 scale
        // when the rows are mapped
        // then they are 4 and 2.5 stars
        #expect(try book("That Ain't Witchcraft").rating == 4)
        #expect(try book("Good Omens").rating == 2.5)
    }

    @Test func zeroRatingIsUnrated() throws {
        // given the rating 0
        // when the row is mapped
        let ficciones = try book("Ficciones")
        // then the book is unrated and nothing is reported
        #expect(ficciones.rating == nil)
        #expect(!problems.contains { $0.row == 4 })
    }

    @Test func ratingAboveTenIsReported() throws {
        // given the rating 11
        // when the row is mapped
        let book = try book("Ancillary Justice")
        // then the book is unrated and the value reported
        #expect(book.rating == nil)
        #expect(problems.contains { $0.row == 6 && $0.message.contains("\"11\"") })
    }

    @Test func identifiersGoToTheirServices() throws {
        // given "goodreads:39077187,isbn:9780756411800,amazon:B07DLV7Y9N,openlibrary:OL27330442M"
        // when the row is mapped
        let book = try book("That Ain't Witchcraft")
        // then each identifier is in its place
        #expect(book.workExternalIDs.goodreadsWorkIDs == ["39077187"])
        #expect(book.editionExternalIDs.amazonASINs == ["B07DLV7Y9N"])
        #expect(book.editionExternalIDs.openLibraryEditionID == "OL27330442M")
        #expect(book.isbns.map(\.isbn13) == ["9780756411800"])
    }

    @Test func isbnFromTheIdentifiersIsReadWhenTheColumnIsEmpty() throws {
        // given an empty isbn column and "isbn:0802130305,google:zY2sAQAAIAAJ"
        // when the row is mapped
        let ficciones = try book("Ficciones")
        // then the ISBN and the Google Books ID are kept
        #expect(ficciones.isbns.map(\.isbn13) == ["9780802130303"])
        #expect(ficciones.editionExternalIDs.googleBooksVolumeIDs == ["zY2sAQAAIAAJ"])
    }

    @Test func htmlCommentsBecomeThePlainTextDescription() throws {
        // given comments in HTML with entities
        // when the row is mapped
        let book = try book("That Ain't Witchcraft")
        // then the description is plain text, a line per paragraph
        #expect(book.description == "Sarah Zellaby is a telepath.\nAntimony & Sam return.")
    }

    @Test func seriesAndItsIndexAreRead() throws {
        // given series "InCryptid" and series_index "8.0"
        // when the row is mapped
        let book = try book("That Ain't Witchcraft")
        // then the book is the eighth of InCryptid
        #expect(book.seriesName == "InCryptid")
        #expect(book.seriesPosition == 8)
    }

    @Test func seriesInTheTitleIsSplitWhenTheSeriesColumnIsEmpty() throws {
        // given the title "Ficciones (Collected Fictions, #2)" and no series
        // when the row is mapped
        let ficciones = try book("Ficciones")
        // then the series comes out of the title
        #expect(ficciones.seriesName == "Collected Fictions")
        #expect(ficciones.seriesPosition == 2)
    }

    @Test func authorsAreSplitOnAmpersands() throws {
        // given "Terry Pratchett & Neil Gaiman"
        // when the row is mapped
        let book = try book("Good Omens")
        // then there are two authors
        #expect(book.authors == ["Terry Pratchett", "Neil Gaiman"])
    }

    @Test func ebookFilesMakeAnOwnedEbook() throws {
        // given the formats "epub, original_epub"
        // when the row is mapped
        let book = try book("That Ain't Witchcraft")
        // then the reader owns an e-book
        #expect(book.isOwned == true)
        #expect(book.format == .ebook)
    }

    @Test func audioFilesMakeAnAudiobook() throws {
        // given the format "m4b"
        // when the row is mapped
        let book = try book("Good Omens")
        // then the edition is an audiobook
        #expect(book.format == .audiobook)
    }

    @Test func mixedFilesLeaveTheFormatOpen() throws {
        // given the formats "pdf, m4b"
        // when the row is mapped
        let ficciones = try book("Ficciones")
        // then the book is owned in no single format
        #expect(ficciones.isOwned == true)
        #expect(ficciones.format == nil)
    }

    @Test func bookWithoutFilesIsNotMarkedOwned() throws {
        // given a book with no formats
        // when the row is mapped
        let book = try book("Ancillary Justice")
        // then ownership is left open
        #expect(book.isOwned == nil)
    }

    @Test func languageCodesBecomeTags() throws {
        // given "eng", "fre, eng", "spa" and "ger"
        // when the rows are mapped
        // then they are "en", "fr", "es" and "de"
        #expect(try book("That Ain't Witchcraft").language == "en")
        #expect(try book("Good Omens").language == "fr")
        #expect(try book("Ficciones").language == "es")
        #expect(try book("Ancillary Justice").language == "de")
    }

    @Test func placeholderPublicationDateIsUnknown() throws {
        // given pubdate 0101-01-01, Calibre's "no date"
        // when the row is mapped
        let book = try book("Good Omens")
        // then the edition has no publication date and nothing is reported
        #expect(book.publicationDate == nil)
        #expect(!problems.contains { $0.row == 3 })
    }

    @Test func pubdateAndTimestampAreTheDaysWritten() throws {
        // given pubdate 2019-03-05T01:00:00+01:00 and timestamp 2021-01-19T22:41:16+01:00
        // when the row is mapped
        let book = try book("That Ain't Witchcraft")
        // then the publication date and the date added are those days
        #expect(book.publicationDate == PartialDate(year: 2019, month: 3, day: 5))
        #expect(book.dateAdded == PartialDate(year: 2021, month: 1, day: 19)?.date())
    }

    @Test func tagsAndPublisherAreRead() throws {
        // given tags "Cryptids, Fantasy, Romance, Magic" and publisher "Daw Books"
        // when the row is mapped
        let book = try book("That Ain't Witchcraft")
        // then both are kept
        #expect(book.tags == ["Cryptids", "Fantasy", "Romance", "Magic"])
        #expect(book.publisher == "Daw Books")
    }

    @Test func calibreGivesNoReadingStatus() throws {
        // given any Calibre row
        // when it is mapped
        let book = try book("That Ain't Witchcraft")
        // then the status is left to the importer
        #expect(book.status == nil)
    }

    @Test func rowWithoutATitleIsSkippedAndReported() {
        // given row 5, which has no title
        // when the file is mapped
        // then no book comes from it and the skip is reported
        #expect(books.allSatisfy { $0.row != 5 })
        #expect(problems.contains { $0.row == 5 && $0.action == .skipped })
    }
}
