import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// Insights over a hand-built library, against answers worked out by hand.
///
/// The library (Alice's), with now = 2025-06-15 12:00 UTC:
/// - "Kindred", Octavia E. Butler (female, northAmerica, US), 264 pages, read: finished
///   2024-02-29 (leap day), started 2024-02-20, rated 5; genres Science Fiction, Classics.
/// - "Parable", Octavia E. Butler, 345 pages, read: finished 2024-12-31 23:30 UTC, rated 4.25;
///   genre science fiction (other case).
/// - "Things Fall Apart", Chinua Achebe (male, africa, NG), 209 pages, read: finished 2025-01-01
///   00:30 UTC, started 2024-12-31, rated 3; also finished once before (history, ended 2020-05-01):
///   a re-read. Original language en, edition language en (not translated).
/// - "The Vegetarian", Han Kang (gender unknown, no region), 188 pages, read: finished 2025-03-10,
///   no start date, unrated; original ko, edition en with a translator (translated).
/// - "Undated", no author, no page count, read, no finish date.
/// - "Abandoned", Octavia E. Butler, dnf, stopped 2025-02-01.
/// - "Someday", Octavia E. Butler, to-read, marked for the cultural goal ("Afrofuturism").
@Suite struct InsightsTests {
    let library: TestLibrary
    let now = LibraryFixtures.date(2025, 6, 15, hour: 12)

    init() throws {
        library = try TestLibrary()
        let store = library.store
        var butler = LibraryFixtures.author("Octavia E. Butler")
        butler.gender = .female
        butler.culturalRegion = .northAmerica
        butler.nationality = "US"
        var achebe = LibraryFixtures.author("Chinua Achebe")
        achebe.gender = .male
        achebe.culturalRegion = .africa
        achebe.nationality = "NG"
        let kang = LibraryFixtures.author("Han Kang")

        try add("Kindred", by: butler, pages: 264, status: .read, genres: ["Science Fiction", "Classics"]) { entry in
            entry.dateStarted = LibraryFixtures.date(2024, 2, 20)
            entry.dateCompleted = LibraryFixtures.date(2024, 2, 29)
            entry.rating = 5
        }
        try add("Parable", by: butler, pages: 345, status: .read, genres: ["science fiction"]) { entry in
            entry.dateCompleted = LibraryFixtures.date(2024, 12, 31, hour: 23, minute: 30)
            entry.rating = 4.25
        }
        try add("Things Fall Apart", by: achebe, pages: 209, status: .read, original: "en", editionLanguage: "en") { entry in
            entry.dateStarted = LibraryFixtures.date(2024, 12, 31)
            entry.dateCompleted = LibraryFixtures.date(2025, 1, 1, minute: 30)
            entry.rating = 3
            entry.readHistory = [ReadPeriod(ended: LibraryFixtures.date(2020, 5, 1), outcome: .read)]
        }
        try add("The Vegetarian", by: kang, pages: 188, status: .read, original: "ko", editionLanguage: "en", translator: "Deborah Smith") { entry in
            entry.dateCompleted = LibraryFixtures.date(2025, 3, 10)
        }
        try add("Undated", by: nil, pages: nil, status: .read) { entry in entry.dateCompleted = nil }
        try add("Abandoned", by: butler, pages: 400, status: .dnf) { entry in entry.dateStopped = LibraryFixtures.date(2025, 2, 1) }
        try add("Someday", by: butler, pages: 300, status: .toRead) { entry in
            entry.contributesToCulturalGoal = true
            entry.culturalGoalCategory = "Afrofuturism"
        }
        _ = store
    }

    private func add(
        _ title: String, by author: Author?, pages: Int?, status: ReadingStatus, genres: [String] = [], original: String? = nil,
        editionLanguage: String? = nil, translator: String? = nil, _ change: @escaping (inout LibraryEntry) -> Void
    ) throws {
        let store = library.store
        let known = try author.flatMap { try store.authors(named: $0.name).first }
        var book = LibraryFixtures.book(
            title: title, authors: (known ?? author).map { [$0] } ?? [], userID: store.userID, status: status, pageCount: pages
        )
        book.work.genres = genres
        book.work.originalLanguage = original
        book.edition?.language = editionLanguage
        book.edition?.translator = translator
        let added = try store.add(book)
        _ = try store.updateEntry(id: added.entry.id) { entry, _ in change(&entry) }
    }

    @Test func aYearCountsTheReadsFinishedInItsUTCDays() throws {
        let insights = try library.store.insights(year: 2024, now: now)
        // Kindred (leap day) and Parable (23:30 on New Year's Eve); Things Fall Apart finished 00:30 the next day.
        #expect(insights.reading.booksFinished == 2)
        #expect(insights.reading.pagesFinished == 264 + 345)
        #expect(insights.reading.periods.count == 12)
        #expect(insights.reading.periods[1] == PeriodFigure(label: "2024-02", books: 1, pages: 264))
        #expect(insights.reading.periods[11] == PeriodFigure(label: "2024-12", books: 1, pages: 345))
        #expect(insights.reading.periods[0].books == 0)
        #expect(insights.reading.averageRating == (5 + 4.25) / 2)
        #expect(insights.reading.ratingDistribution == [0, 0, 0, 0, 2])
        // Kindred: 20 February to 29 February is ten days counting both.
        #expect(insights.reading.averageDaysToFinish == 10)
        #expect(insights.reading.rereads == 0)
        #expect(insights.reading.abandoned == 0)
        #expect(insights.reading.dnfRate == 0)
    }

    @Test func theNextYearHasTheReReadTheTranslationAndTheAbandonedBook() throws {
        let insights = try library.store.insights(year: 2025, now: now)
        #expect(insights.reading.booksFinished == 2)
        #expect(insights.reading.pagesFinished == 209 + 188)
        #expect(insights.reading.rereads == 1)
        #expect(insights.reading.abandoned == 1)
        #expect(insights.reading.dnfRate == 1.0 / 3)
        #expect(insights.reading.medianLength == 198.5)
        #expect(insights.reading.shortest?.title == "The Vegetarian")
        #expect(insights.reading.longest == BookFigure(title: "Things Fall Apart", author: "Chinua Achebe", pages: 209))
        // 31 December to 1 January: two days; The Vegetarian has no start date.
        #expect(insights.reading.averageDaysToFinish == 2)
        #expect(insights.reading.averageRating == 3)
        #expect(insights.reading.ratingDistribution == [0, 0, 1, 0, 0])
        // Nothing was finished in the 30 days before 15 June.
        #expect(insights.reading.recentPagesPerDay == 0)
    }

    @Test func allTimeCountsEveryReadOnceIncludingUndatedAndEarlierReads() throws {
        let insights = try library.store.insights(year: nil, now: now)
        // Five current reads (one undated) and one earlier read of Things Fall Apart.
        #expect(insights.reading.booksFinished == 6)
        #expect(insights.reading.pagesFinished == 264 + 345 + 209 * 2 + 188)
        #expect(insights.reading.finishedWithPageCount == 5)
        #expect(insights.reading.rereads == 1)
        #expect(insights.reading.periods.map(\.label) == ["2020", "2024", "2025"])
        #expect(insights.reading.periods.map(\.books) == [1, 2, 2])
        // Two reads each (Achebe's re-read counts): ties go by the author's sort name.
        #expect(insights.reading.topAuthors.prefix(2) == [NamedCount(name: "Chinua Achebe", count: 2), NamedCount(name: "Octavia E. Butler", count: 2)])
        // "Science Fiction" and "science fiction" are one genre.
        #expect(insights.reading.topGenres.first?.count == 2)
        #expect(insights.reading.topGenres.first?.name.lowercased() == "science fiction")
        #expect(insights.library.total == 7)
        #expect(insights.library.countsByStatus[.read] == 5)
    }

    @Test func yearInBooksHasOneSummaryPerYear() throws {
        let years = try library.store.insights(year: nil, now: now).years
        #expect(years.map(\.year) == [2020, 2024, 2025])
        #expect(years[1].books == 2)
        #expect(years[1].pages == 609)
        #expect(years[1].longest?.title == "Parable")
        #expect(years[1].topAuthor == NamedCount(name: "Octavia E. Butler", count: 2))
        #expect(years[2].abandoned == 1)
        #expect(years[2].rereads == 1)
    }

    @Test func diversitySharesKeepUnknownsInThePercentages() throws {
        let diversity = try library.store.insights(year: 2025, now: now).diversity
        let read = diversity.read
        #expect(read.books == 2)
        #expect(read.gender.first { $0.key == "male" }?.fraction == 0.5)
        #expect(read.gender.first { $0.key == "unknown" }?.count == 1)
        #expect(read.gender.last?.key == "unknown")
        #expect(read.region.first { $0.key == "africa" }?.count == 1)
        #expect(read.region.first { $0.key == "unknown" }?.count == 1)
        #expect(read.translated.first { $0.key == "yes" }?.count == 1)
        #expect(read.translated.first { $0.key == "no" }?.count == 1)
        #expect(read.originalLanguage.map(\.key).sorted() == ["en", "ko", "unknown"])
        // Achebe: a man from Africa; Han Kang: unknown gender and region, so unknown.
        #expect(read.marginalized.first { $0.key == "yes" }?.count == 1)
        #expect(read.marginalized.first { $0.key == "unknown" }?.count == 1)
        #expect(read.indigenous.first { $0.key == "no" }?.count == 1)
        #expect(read.gender.map(\.fraction).reduce(0, +) == 1)

        let whole = diversity.library
        #expect(whole.books == 7)
        #expect(whole.gender.first { $0.key == "female" }?.count == 4)
        // The book without an author counts as unknown.
        #expect(whole.gender.first { $0.key == "unknown" }?.count == 2)
        #expect(whole.nationality.first?.key == "US")
    }

    @Test func aGoalShowsProgressExpectedByTodayAndTheNeededPace() throws {
        try library.store.setGoal(try ReadingGoal(year: 2025, books: 12, pages: nil))
        let goal = try #require(try library.store.insights(year: 2025, now: now).goal)
        #expect(goal.booksDone == 2)
        // 15 June is day 166 of 365.
        #expect(goal.daysElapsed == 166)
        #expect(goal.expectedBooks == 12.0 * 166 / 365)
        // Ten books in the 200 days left (15 June included).
        #expect(goal.booksPerWeekNeeded == 10.0 / 200 * 7)
        #expect(!goal.isOnTrack)
        #expect(try library.store.goalProgress(year: 2025, now: now) == goal)
        #expect(try library.store.goalProgress(year: 2024, now: now) == nil)
        try library.store.removeGoal(year: 2025)
        #expect(try library.store.insights(year: 2025, now: now).goal == nil)
    }

    @Test func theCulturalGoalCountsMarkedBooks() throws {
        let cultural = try library.store.insights(year: nil, now: now).culturalGoal
        #expect(cultural.marked == 1)
        #expect(cultural.finished == 0)
        #expect(cultural.categories == [NamedCount(name: "Afrofuturism", count: 1)])
    }

    @Test func progressUpdatesAndSessionsMakeTheStreaks() throws {
        let store = library.store
        let book = try library.addBook("Streak", status: .reading, pageCount: 500)
        // Sessions on 10, 11 and 12 June; progress updates on 14 and 15 June.
        _ = try store.updateEntry(id: book.entry.id) { entry, _ in
            entry.sessions = (10...12).map { ReadingSession(date: LibraryFixtures.date(2025, 6, $0, hour: 20), durationMinutes: 30, pagesRead: 10) }
        }
        for (dayOfMonth, page) in [(14, 50), (15, 80)] {
            _ = try store.updateEntry(id: book.entry.id) { entry, _ in
                entry.currentPage = page
                entry.progress = Double(page) / 500
                entry.lastModified = LibraryFixtures.date(2025, 6, dayOfMonth, hour: 9)
            }
        }
        let streaks = try store.insights(year: nil, now: now).streaks
        #expect(streaks.current == 2)
        #expect(streaks.longest == 3)
        #expect(streaks.lastReadingDay == "2025-06-15")
        let sessions = try store.insights(year: 2025, now: now).reading
        #expect(sessions.sessionCount == 3)
        #expect(sessions.sessionMinutes == 90)
        #expect(sessions.sessionPages == 30)
    }

    @Test func severalProgressUpdatesOnOneDayMakeOneReadingDay() throws {
        let store = library.store
        let book = try library.addBook("Same day", status: .reading, pageCount: 500)
        for page in [10, 20, 30] {
            _ = try store.updateEntry(id: book.entry.id) { entry, _ in
                entry.currentPage = page
                entry.progress = Double(page) / 500
                entry.lastModified = LibraryFixtures.date(2025, 6, 15, hour: 8)
            }
        }
        var entry = try #require(try store.entry(id: book.entry.id))
        entry.currentPage = 40
        entry.progress = 40.0 / 500
        try store.save(entry)
        let streaks = try store.insights(year: nil, now: now).streaks
        #expect(streaks.current == 1)
        #expect(streaks.longest == 1)
    }

    @Test func anEmptyLibraryHasNoAveragesAndOnlyUnknownShares() throws {
        let empty = try TestLibrary()
        let insights = try empty.store.insights(year: 2025, now: now)
        #expect(insights.reading.booksFinished == 0)
        #expect(insights.reading.averageRating == nil)
        #expect(insights.reading.medianLength == nil)
        #expect(insights.reading.dnfRate == nil)
        #expect(insights.years.isEmpty)
        #expect(insights.diversity.read.books == 0)
        #expect(insights.diversity.read.gender.last == Share(key: "unknown", label: "Unknown", count: 0, fraction: 0))
        #expect(insights.streaks.current == 0)
    }

    @Test func anotherUsersBooksAreNotCounted() throws {
        let insights = try library.bobStore.insights(year: nil, now: now)
        #expect(insights.library.total == 0)
        #expect(insights.reading.booksFinished == 0)
    }

    @Test func aReadCountsTheEditionWhosePagesItShows() throws {
        // Given a finished book not owned, whose first edition (a paperback) has no cover, ISBN or
        // page count, and a later French e-book translation of 300 pages with all three: the primary
        let fresh = try TestLibrary()
        var book = LibraryFixtures.book(title: "Kindred", authors: [], userID: fresh.alice.id, status: .read, pageCount: nil,
                                        owned: false)
        book.work.originalLanguage = "en"
        try fresh.store.add(book)
        try fresh.store.save(Edition(workID: book.work.id, isbns: [try ISBN(parsing: "9780807083697")], pageCount: 300, format: .ebook,
                                     language: "fr", coverImageURL: URL(string: "https://example.org/k.jpg"),
                                     translator: "Mathilde Bach", dateCreated: now))
        _ = try fresh.store.updateEntry(id: book.entry.id) { entry, _ in entry.dateCompleted = LibraryFixtures.date(2025, 3, 1) }

        // When the insights are read
        let first = try fresh.store.insights(year: 2025, now: now)

        // Then the read counts the e-book's pages, format and translation together
        #expect(first.reading.pagesFinished == 300)
        #expect(first.reading.formats == [NamedCount(name: "E-book", count: 1)])
        #expect(first.diversity.read.translated.first { $0.key == "yes" }?.count == 1)

        // And when the paperback is given a cover, an ISBN and 300 pages (it is older: it wins the
        // tie; the page count shown does not change)
        var paperback = try #require(book.edition)
        paperback.coverImageURL = URL(string: "https://example.org/p.jpg")
        paperback.isbns = [try ISBN(parsing: "9780807083697")]
        paperback.pageCount = 300
        try fresh.store.save(paperback)
        let second = try fresh.store.insights(year: 2025, now: now)

        // Then the read moves to the paperback, untranslated
        #expect(second.reading.pagesFinished == 300)
        #expect(second.reading.formats == [NamedCount(name: "Paperback", count: 1)])
        #expect(second.diversity.read.translated.first { $0.key == "yes" }?.count ?? 0 == 0)
    }

    @Test func anAuthorGivenToABookWithoutOneCountsAtOnce() throws {
        // Given a finished book without an author, counted once
        let fresh = try TestLibrary()
        let book = LibraryFixtures.book(title: "Kindred", authors: [], userID: fresh.alice.id, status: .read)
        try fresh.store.add(book)
        #expect(try fresh.store.insights(year: nil, now: now).reading.topAuthors.isEmpty)

        // When the work is given its author, a woman
        var butler = LibraryFixtures.author("Octavia E. Butler")
        butler.gender = .female
        try fresh.store.save(butler)
        var work = book.work
        work.authorIDs = [butler.id]
        try fresh.store.save(work)

        // Then the next insights count the read for her
        let insights = try fresh.store.insights(year: nil, now: now)
        #expect(insights.reading.topAuthors == [NamedCount(name: "Octavia E. Butler", count: 1)])
        #expect(insights.diversity.read.gender.first { $0.key == "female" }?.count == 1)
    }
}
