import BooksTrackCore
import Foundation
import Testing

/// What the insights count of one entry, against facts worked out by hand.
@Suite struct InsightFactTests {
    static let referenceDate = date(2025, 6, 15, hour: 12)

    /// A moment in UTC.
    static func date(_ year: Int, _ month: Int, _ day: Int, hour: Int = 0, minute: Int = 0) -> Date {
        var components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        components.timeZone = TimeZone(identifier: "UTC")
        return PartialDate.gregorianUTC.date(from: components) ?? Date(timeIntervalSinceReferenceDate: 0)
    }

    let user = User.ID()
    let author = Author(name: "Chimamanda Ngozi Adichie", gender: .female, culturalRegion: .africa, nationality: "NG",
                        dateCreated: Self.referenceDate)

    func work(genres: [String] = ["Fiction"]) -> Work {
        Work(title: "Half of a Yellow Sun", authorIDs: [author.id], genres: genres, originalLanguage: "en",
             dateCreated: Self.referenceDate)
    }

    @Test func aBookNeverStartedIsOneFactOfTheBookInTheLibrary() {
        // Given a to-read entry added on 2025-01-10 with a 448-page paperback
        let work = work()
        let edition = Edition(workID: work.id, pageCount: 448, format: .paperback, language: "en",
                              dateCreated: Self.referenceDate)
        let added = Self.date(2025, 1, 10)
        let entry = LibraryEntry(userID: user, workID: work.id, editionID: edition.id, dateAdded: added)
        // When its facts are computed
        let facts = InsightFact.facts(of: entry, work: work, countedEdition: edition, firstAuthor: author)
        // Then there is one: the book, for all time, without pages or genres
        #expect(facts.count == 1)
        #expect(facts[0].kind == .inLibrary)
        #expect(facts[0].year == 0 && facts[0].month == 0)
        #expect(facts[0].added == added)
        #expect(facts[0].pages == nil)
        #expect(facts[0].genres.isEmpty)
        #expect(facts[0].format == .paperback)
        #expect(facts[0].firstAuthor?.nationality == "NG")
    }

    @Test func aReReadWithAnAbandonedReadBetweenCountsEachReadOnce() {
        // Given an entry read again: history [read 2023-03-01…2023-03-10, dnf ended 2024-05-02],
        // now read again from 2025-02-27 to 2025-03-02, rated 4.5, a 320-page translated ebook
        let work = work()
        let edition = Edition(workID: work.id, pageCount: 320, format: .ebook, language: "de", translator: "Judith Schwaab",
                              dateCreated: Self.referenceDate)
        let entry = LibraryEntry(
            userID: user, workID: work.id, status: .read, rating: 4.5, dateAdded: Self.date(2022, 12, 24),
            dateStarted: Self.date(2025, 2, 27, hour: 22), dateCompleted: Self.date(2025, 3, 2, hour: 1),
            readHistory: [
                ReadPeriod(started: Self.date(2023, 3, 1), ended: Self.date(2023, 3, 10), outcome: .read),
                ReadPeriod(started: nil, ended: Self.date(2024, 5, 2), outcome: .dnf),
            ]
        )
        // When its facts are computed
        let facts = InsightFact.facts(of: entry, work: work, countedEdition: edition, firstAuthor: author)
        // Then: the book; the first read (10 days, no rating, not a re-read); the abandoned read in
        // May 2024; the current read (27 Feb to 2 Mar 2025 is 4 days, leap-free), a re-read, rated
        #expect(facts.map(\.kind) == [.inLibrary, .read, .abandoned, .read])
        let first = facts[1]
        #expect(first.year == 2023 && first.month == 3)
        #expect(first.days == 10)
        #expect(first.rating == nil)
        #expect(!first.isReread)
        #expect(first.pages == 320)
        #expect(first.genres == ["Fiction"])
        let abandoned = facts[2]
        #expect(abandoned.year == 2024 && abandoned.month == 5)
        #expect(abandoned.pages == nil)
        #expect(abandoned.genres.isEmpty)
        let current = facts[3]
        #expect(current.year == 2025 && current.month == 3)
        #expect(current.days == 4)
        #expect(current.rating == 4.5)
        #expect(current.isReread)
        #expect(current.translated)
        #expect(current.editionLanguage == "de")
        #expect(current.originalLanguage == "en")
    }

    @Test func aReadWithoutAFinishDateCountsForAllTimeOnlyAndAStartAfterTheFinishHasNoDuration() {
        // Given an entry read with no finish date, and a history read that ends before it starts
        let work = work()
        let entry = LibraryEntry(
            userID: user, workID: work.id, status: .read, dateAdded: Self.date(2025, 1, 1),
            dateStarted: Self.date(2025, 1, 2),
            readHistory: [ReadPeriod(started: Self.date(2024, 6, 9), ended: Self.date(2024, 6, 1), outcome: .read)]
        )
        // When its facts are computed, without an edition or an author
        let facts = InsightFact.facts(of: entry, work: work, countedEdition: nil, firstAuthor: nil)
        // Then the undated read is year 0 and month 0, the reversed one has no days, and neither has pages
        #expect(facts.map(\.kind) == [.inLibrary, .read, .read])
        #expect(facts[1].days == nil)
        #expect(facts[1].year == 2024)
        #expect(facts[2].year == 0 && facts[2].month == 0)
        #expect(facts[2].days == nil)
        #expect(facts[2].isReread)
        #expect(facts.allSatisfy { $0.pages == nil && $0.format == nil && $0.firstAuthor == nil })
    }

    @Test func aDidNotFinishEntryIsAnAbandonedReadOnItsStopDate() {
        // Given an entry stopped on 2025-04-30 23:59 UTC
        let work = work()
        let entry = LibraryEntry(userID: user, workID: work.id, status: .dnf, rating: 2, dateAdded: Self.date(2025, 4, 1),
                                 dateStopped: Self.date(2025, 4, 30, hour: 23, minute: 59))
        // When its facts are computed
        let facts = InsightFact.facts(of: entry, work: work, countedEdition: nil, firstAuthor: author)
        // Then the abandoned read falls in April and carries no rating
        #expect(facts.map(\.kind) == [.inLibrary, .abandoned])
        #expect(facts[1].year == 2025 && facts[1].month == 4)
        #expect(facts[1].rating == nil)
    }

    @Test(arguments: [ReadingStatus.wishlist, .toRead, .reading, .onHold])
    func aBookNotFinishedNorAbandonedHasNoReadOfItsOwn(status: ReadingStatus) {
        let work = work()
        let entry = LibraryEntry(userID: user, workID: work.id, status: status, rating: 5, dateAdded: Self.referenceDate,
                                 dateCompleted: Self.referenceDate)
        #expect(InsightFact.facts(of: entry, work: work, countedEdition: nil, firstAuthor: nil).map(\.kind) == [.inLibrary])
    }

    @Test func theCountedEditionIsTheOwnedOneElseTheBestScoredThenTheOldest() {
        // Given three editions: a bare old one, a newer one with a cover and an ISBN, and a bare owned one
        let work = work()
        let old = Edition(workID: work.id, pageCount: 100, dateCreated: Self.date(2020, 1, 1))
        let scored = Edition(workID: work.id, isbns: [ISBN("9780441478125")].compactMap { $0 }, pageCount: 200,
                             coverImageURL: URL(string: "https://example.org/c.jpg"), dateCreated: Self.date(2024, 1, 1))
        let owned = Edition(workID: work.id, pageCount: 300, dateCreated: Self.date(2025, 1, 1))
        let editions = [old, scored, owned]
        let notOwned = LibraryEntry(userID: user, workID: work.id, dateAdded: Self.referenceDate)
        var owning = notOwned
        owning.editionID = owned.id
        // Then an entry owning one counts it; one owning none counts the best scored
        #expect(InsightFact.countedEdition(of: owning, among: editions) == owned)
        #expect(InsightFact.countedEdition(of: notOwned, among: editions) == scored)
        #expect(InsightFact.countedEdition(of: notOwned, among: [owned, old]) == old)
        #expect(InsightFact.countedEdition(of: notOwned, among: []) == nil)
    }

    @Test(arguments: [
        (Date(timeIntervalSinceReferenceDate: 1e300), 0), (Date(timeIntervalSinceReferenceDate: -1e300), 0),
        (Self.date(1600, 3, 1), 1600), (Self.date(9999, 12, 31, hour: 23), 9_999),
        (Date(timeIntervalSinceReferenceDate: -0.5), 2000),
    ])
    func aFinishDateOutsideYearsOneTo9999CountsForAllTimeOnly(ended: Date, year: Int) {
        let work = work()
        let entry = LibraryEntry(userID: user, workID: work.id, status: .read, dateAdded: Self.referenceDate,
                                 dateCompleted: ended)
        let read = InsightFact.facts(of: entry, work: work, countedEdition: nil, firstAuthor: nil)[1]
        #expect(read.year == year)
    }
}
