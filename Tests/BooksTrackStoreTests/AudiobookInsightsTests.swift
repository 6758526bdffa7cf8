import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// Audiobooks in the insights: their listing's pages are not pages read, their length is time
/// listened.
///
/// The library (Alice's), all finished in 2013 unless said, now = 2014-01-10 UTC:
/// - "The Martian", a Goodreads-like audiobook edition listed at 34 pages, 1,440 minutes long;
/// - "Kindred", a 264-page paperback;
/// - "Dawn", a 180-page paperback;
/// - "Project Hail Mary", an audiobook of 700 minutes being listened to, half way.
@Suite struct AudiobookInsightsTests {
    let library: TestLibrary
    let now = LibraryFixtures.date(2014, 1, 10)

    init() throws {
        library = try TestLibrary()
        try add("The Martian", pages: 34, audioMinutes: 1_440, status: .read, finished: LibraryFixtures.date(2013, 5, 4))
        try add("Kindred", pages: 264, status: .read, finished: LibraryFixtures.date(2013, 2, 1))
        try add("Dawn", pages: 180, status: .read, finished: LibraryFixtures.date(2013, 9, 9))
        try add("Project Hail Mary", pages: 496, audioMinutes: 700, status: .reading, finished: nil, progress: 0.5)
    }

    private func add(
        _ title: String, pages: Int, audioMinutes: Int? = nil, status: ReadingStatus, finished: Date?, progress: Double = 0
    ) throws {
        let store = library.store
        var book = LibraryFixtures.book(title: title, authors: [LibraryFixtures.author("Author of \(title)")], userID: store.userID,
                                        status: status, pageCount: pages)
        if let audioMinutes {
            book.edition?.format = .audiobook
            book.edition?.audioDurationMinutes = audioMinutes
        }
        let added = try store.add(book)
        _ = try store.updateEntry(id: added.entry.id) { entry, _ in
            entry.dateCompleted = finished
            if progress > 0 { entry.progress = progress }
        }
    }

    @Test func anAudiobookListedAt34PagesIsNotTheShortestOrLongestBookAndItsPagesAreNotCounted() throws {
        // When the insights of 2013 are read
        let reading = try library.store.insights(year: 2013, now: now).reading

        // Then the three books count as finished, but only the two paperbacks' pages
        #expect(reading.booksFinished == 3)
        #expect(reading.pagesFinished == 264 + 180)
        #expect(reading.finishedWithPageCount == 2)
        #expect(reading.averageLength == 222)
        #expect(reading.shortest?.title == "Dawn")
        #expect(reading.longest?.title == "Kindred")
        #expect(reading.periods[4] == PeriodFigure(label: "2013-05", books: 1, pages: 0))
        #expect(try library.store.insights(year: nil, now: now).years.first?.longest?.title == "Kindred")
    }

    @Test func theLengthsOfFinishedAudiobooksAreCountedAsTimeListenedAndOneBeingListenedToIsNot() throws {
        // When the insights of 2013 and of all time are read
        let year = try library.store.insights(year: 2013, now: now).reading
        let allTime = try library.store.insights(year: nil, now: now).reading

        // Then the finished audiobook's 1,440 minutes count; the half-listened one's 350 do not
        #expect(year.minutesListened == 1_440)
        #expect(year.audiobooksFinished == 1)
        #expect(allTime.minutesListened == 1_440)
        #expect(try library.store.insights(year: 2012, now: now).reading.minutesListened == 0)
    }

    @Test func aBookWhoseEditionBecomesAnAudiobookIsCountedAgain() throws {
        // Given Kindred counted as a 264-page paperback
        #expect(try library.store.insights(year: 2013, now: now).reading.pagesFinished == 444)

        // When its edition is changed to a 600-minute audiobook
        let kindred = try #require(try library.store.books(EntryQuery()).first { $0.work.title == "Kindred" })
        var edition = try #require(kindred.edition)
        edition.format = .audiobook
        edition.audioDurationMinutes = 600
        try library.store.save(edition)

        // Then its pages leave the figures and its length joins the time listened
        let reading = try library.store.insights(year: 2013, now: now).reading
        #expect(reading.pagesFinished == 180)
        #expect(reading.minutesListened == 1_440 + 600)
        #expect(reading.longest?.title == "Dawn")
    }
}
