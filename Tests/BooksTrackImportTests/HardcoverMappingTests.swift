import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// A Hardcover export (37 columns) with roles, series positions, half stars and lists.
struct HardcoverMappingTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        (books, problems) = try MappedFixture.read("hardcover-export.csv") { HardcoverRowMapper(header: $0) }
    }

    private func book(_ title: String) throws -> ImportedBook {
        try #require(books.first { $0.title == title })
    }

    private func day(_ year: Int, _ month: Int, _ day: Int) -> Date? {
        PartialDate(year: year, month: month, day: day)?.date()
    }

    @Test func authorRolesSendTranslatorAndEveryNarratorToTheEdition() throws {
        // given "Helena Fraga (Translator), Kenneth Haigh (Narrator), Bernard Hepton (Narrator), Dan Simmons"
        // when the row is mapped
        let hyperion = try book("Hyperion")
        // then Dan Simmons is the author and the others are on the edition, none lost
        #expect(hyperion.authors == ["Dan Simmons"])
        #expect(hyperion.translator == "Helena Fraga")
        #expect(hyperion.narrator == "Kenneth Haigh, Bernard Hepton")
    }

    @Test func seriesPositionIsReadFromItsSuffix() throws {
        // given Series "Hyperion Cantos (#1.0)"
        // when the row is mapped
        let hyperion = try book("Hyperion")
        // then the series is named and first
        #expect(hyperion.seriesName == "Hyperion Cantos")
        #expect(hyperion.seriesPosition == 1)
    }

    @Test func positionZeroIsKeptForPrequels() throws {
        // given Series "Sprawl (#0.0)"
        // when the row is mapped
        let chrome = try book("Burning Chrome")
        // then the position is 0
        #expect(chrome.seriesName == "Sprawl")
        #expect(chrome.seriesPosition == 0)
    }

    @Test func seriesWithoutAPositionHasNone() throws {
        // given Series "Southern Reach"
        // when the row is mapped
        let annihilation = try book("Annihilation")
        // then the series is named without a position
        #expect(annihilation.seriesName == "Southern Reach")
        #expect(annihilation.seriesPosition == nil)
    }

    @Test func halfStarRatingsAreKept() throws {
        // given ratings 4.5 and 2.5
        // when the rows are mapped
        // then they are unchanged
        #expect(try book("Burning Chrome").rating == 4.5)
        #expect(try book("The Name of the Wind").rating == 2.5)
    }

    @Test func statusesMapToTheLibrarys() throws {
        // given Want to Read, Currently Reading, Read, Paused and Did Not Finish
        // when the rows are mapped
        // then each becomes its reading status
        #expect(try book("2666").status == .toRead)
        #expect(try book("Hyperion").status == .reading)
        #expect(try book("Burning Chrome").status == .read)
        #expect(try book("Annihilation").status == .onHold)
        #expect(try book("The Name of the Wind").status == .dnf)
    }

    @Test func readBookIsStartedAndCompletedOnItsDates() throws {
        // given Date Started 2025-01-01 and Date Finished 2025-01-23 on a read book
        // when the row is mapped
        let chrome = try book("Burning Chrome")
        // then those are the entry's dates
        #expect(chrome.dateStarted == day(2025, 1, 1))
        #expect(chrome.dateCompleted == day(2025, 1, 23))
        #expect(chrome.dateAdded == day(2025, 1, 10))
    }

    @Test func didNotFinishBookStopsOnItsFinishDate() throws {
        // given Date Finished 2024-06-20 on a book the reader did not finish
        // when the row is mapped
        let wind = try book("The Name of the Wind")
        // then that is the day the reader stopped
        #expect(wind.dateStopped == day(2024, 6, 20))
        #expect(wind.dateCompleted == nil)
    }

    @Test func finishDateOfABookBeingReadAgainIsAnEarlierRead() throws {
        // given a currently-reading book started 2025-02-01 with Date Finished 2019-08-30
        // when the row is mapped
        let hyperion = try book("Hyperion")
        // then the current read started in 2025 and the 2019 finish is in the history
        #expect(hyperion.dateStarted == day(2025, 2, 1))
        #expect(hyperion.dateCompleted == nil)
        #expect(hyperion.readHistory == [ReadPeriod(ended: day(2019, 8, 30), outcome: .read)])
    }

    @Test func ownedListMakesTheBookOwnedAndOtherListsAreTags() throws {
        // given Lists "Owned, Space Opera Picks (#4)" and Owned false
        // when the row is mapped
        let hyperion = try book("Hyperion")
        // then the book is owned and the other list is a tag without its position
        #expect(hyperion.isOwned == true)
        #expect(hyperion.tags == ["Space Opera Picks"])
    }

    @Test func ownedTrueMakesTheBookOwned() throws {
        // given Owned true and no lists
        // when the row is mapped
        // then the book is owned
        #expect(try book("Burning Chrome").isOwned == true)
        #expect(try book("2666").isOwned == nil)
    }

    @Test func audioMediaIsAnAudiobookWithItsDurationInMinutes() throws {
        // given Media Audio and 25686 seconds
        // when the row is mapped
        let chrome = try book("Burning Chrome")
        // then it is an audiobook of 428 minutes
        #expect(chrome.format == .audiobook)
        #expect(chrome.audioDurationMinutes == 428)
    }

    @Test func bindingWinsOverMediaAndPlainBookSaysNothing() throws {
        // given Media Book with Binding Paperback, and Media Book without a binding
        // when the rows are mapped
        // then the first is a paperback and the second's format is unknown
        #expect(try book("The Name of the Wind").format == .paperback)
        #expect(try book("2666").format == nil)
    }

    @Test func asinIsKeptBesideTheISBNs() throws {
        // given Burning Chrome with ASIN B0036G94XY and no ISBN
        // when the row is mapped
        let chrome = try book("Burning Chrome")
        // then it is an Amazon ID
        #expect(chrome.isbns.isEmpty)
        #expect(chrome.editionExternalIDs.amazonASINs == ["B0036G94XY"])
    }

    @Test func isbn10And13NameOneEditionAndTheISBNAsASINIsKept() throws {
        // given ISBN 10 0374100144, ISBN 13 9780374100148 and ASIN 0374100144
        // when the row is mapped
        let book = try book("2666")
        // then there is one ISBN and Amazon's ID is kept
        #expect(book.isbns.map(\.isbn13) == ["9780374100148"])
        #expect(book.editionExternalIDs.amazonASINs == ["0374100144"])
    }

    @Test func genresMoodsTagsAndWarningsAreKept() throws {
        // given genres, moods, a tag and content warnings
        // when the row is mapped
        let chrome = try book("Burning Chrome")
        // then genres and warnings are lists and tags and moods are tags
        #expect(chrome.genres == ["Science Fiction", "Cyberpunk"])
        #expect(chrome.contentWarnings == ["Drug use", "Violence"])
        #expect(chrome.tags == ["short stories", "dark", "tense"])
    }

    @Test func reviewSpoilersAndPrivateNotesAreKept() throws {
        // given a review marked as holding spoilers and a private note
        // when the row is mapped
        let chrome = try book("Burning Chrome")
        // then all three are on the book
        #expect(chrome.review == "Johnny Mnemonic holds up.")
        #expect(chrome.reviewHasSpoilers == true)
        #expect(chrome.notes == "Borrowed the CD set from Dana")
    }

    @Test func editionDetailsAreKept() throws {
        // given language en, 898 pages, published 2008-11-11 by Farrar, Straus and Giroux
        // when the row is mapped
        let book = try book("2666")
        // then the edition has them
        #expect(book.language == "en")
        #expect(book.pageCount == 898)
        #expect(book.publicationDate == PartialDate(year: 2008, month: 11, day: 11))
        #expect(book.publisher == "Farrar, Straus and Giroux")
    }

    @Test func rowWithoutATitleIsSkippedAndReported() throws {
        // given row 7 with an empty title
        // when the file is mapped
        // then five books are read and row 7 is reported as skipped
        #expect(books.count == 5)
        #expect(problems.contains { $0.row == 7 && $0.action == .skipped })
    }
}
