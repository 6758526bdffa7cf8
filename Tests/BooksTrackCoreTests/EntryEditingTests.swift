import Foundation
import Testing

@testable import BooksTrackCore

private let day0 = Date(timeIntervalSince1970: 1_763_798_400)
private func day(_ n: Double) -> Date { day0.addingTimeInterval(n * 86_400) }
private func makeEntry() -> LibraryEntry { LibraryEntry(userID: User.ID(), workID: Work.ID(), dateAdded: day0) }

@Suite struct Ratings {
    @Test(arguments: [0.25, 1, 2.5, 3.75, 4.25, 5])
    func quarterStepsFromAQuarterToFiveAreAccepted(rating: Double) throws {
        var entry = makeEntry()
        try entry.setRating(rating, now: day(1))
        #expect(entry.rating == rating)
        #expect(entry.lastModified == day(1))
    }

    @Test(arguments: [5.25, 6, -1, 0.1, 3.3, Double.nan, Double.infinity])
    func ratingsOutOfRangeOrOffTheQuarterStepsAreRejected(rating: Double) {
        var entry = makeEntry()
        #expect {
            try entry.setRating(rating, now: day(1))
        } throws: { error in
            guard case .invalid(let problem) = error as? LibraryError else { return false }
            return problem.field == "rating"
        }
        #expect(entry.rating == nil)
    }

    @Test func zeroMeansUnrated() throws {
        var entry = makeEntry()
        try entry.setRating(4, now: day(1))
        try entry.setRating(0, now: day(2))
        #expect(entry.rating == nil)
    }
}

@Suite struct TextLimits {
    @Test func notesAtTheLimitAreKept() throws {
        var entry = makeEntry()
        try entry.setNotes(String(repeating: "n", count: 5_000), now: day(1))
        #expect(entry.notes?.count == 5_000)
    }

    @Test func notesOverTheLimitAreRejectedNamingTheFieldAndLimit() {
        var entry = makeEntry()
        #expect(throws: LibraryError.invalid(.tooLong(field: "notes", limit: 5_000, length: 5_001))) {
            try entry.setNotes(String(repeating: "n", count: 5_001), now: day(1))
        }
        #expect(entry.notes == nil)
    }

    @Test func aReviewOverTwentyThousandCharactersIsRejected() {
        var entry = makeEntry()
        #expect(throws: LibraryError.invalid(.tooLong(field: "review", limit: 20_000, length: 20_001))) {
            try entry.setReview(String(repeating: "r", count: 20_001), hasSpoilers: false, now: day(1))
        }
    }

    @Test func clearingAReviewClearsItsSpoilerFlag() throws {
        var entry = makeEntry()
        try entry.setReview("The ending!", hasSpoilers: true, now: day(1))
        #expect(entry.reviewHasSpoilers)
        try entry.setReview(nil, hasSpoilers: true, now: day(2))
        #expect(entry.review == nil)
        #expect(!entry.reviewHasSpoilers)
    }

    @Test func messagesNameTheFieldAndTheLimit() {
        let error = LibraryError.invalid(.tooLong(field: "notes", limit: 5_000, length: 5_001))
        #expect(error.description == "notes is 5001 characters long; the limit is 5000")
    }
}

@Suite struct Tags {
    @Test func tagsAreTrimmedAndDeduplicatedIgnoringCase() throws {
        var entry = makeEntry()
        let first = try entry.addTag("  Sci-Fi ", now: day(1))
        let second = try entry.addTag("sci-fi", now: day(2))
        #expect(first)
        #expect(!second)
        #expect(entry.tags == ["Sci-Fi"])
        #expect(entry.lastModified == day(1))
    }

    @Test func aTagOverSixtyFourCharactersIsRejected() {
        var entry = makeEntry()
        #expect(throws: LibraryError.invalid(.tooLong(field: "tag", limit: 64, length: 65))) {
            try entry.addTag(String(repeating: "t", count: 65), now: day(1))
        }
    }

    @Test func anEmptyTagIsRejected() {
        var entry = makeEntry()
        #expect(throws: LibraryError.invalid(.empty(field: "tag"))) { try entry.addTag("   ", now: day(1)) }
    }

    @Test func removingATagIgnoresCase() throws {
        var entry = makeEntry()
        try entry.addTag("Favorites 2024", now: day(1))
        let removed = entry.removeTag("favorites 2024", now: day(2))
        let removedMissing = entry.removeTag("missing", now: day(3))
        #expect(removed)
        #expect(entry.tags.isEmpty)
        #expect(!removedMissing)
    }

    @Test func theInitializerDeduplicatesTagsToo() {
        let entry = LibraryEntry(userID: User.ID(), workID: Work.ID(), tags: ["a", "A", " b ", ""], dateAdded: day0)
        #expect(entry.tags == ["a", "b"])
    }
}

@Suite struct QuotesAndSessions {
    @Test func aQuoteOverTwoThousandCharactersIsRejected() {
        var entry = makeEntry()
        let quote = Quote(text: String(repeating: "q", count: 2_001), dateAdded: day0)
        #expect(throws: LibraryError.invalid(.tooLong(field: "quote", limit: 2_000, length: 2_001))) {
            try entry.addQuote(quote, pageCount: nil, now: day(1))
        }
    }

    @Test func aQuotePastTheLastPageIsRejected() {
        var entry = makeEntry()
        let quote = Quote(text: "Light is the left hand of darkness", page: 400, dateAdded: day0)
        #expect(throws: LibraryError.pageBeyondLastPage(page: 400, pageCount: 300)) {
            try entry.addQuote(quote, pageCount: 300, now: day(1))
        }
    }

    @Test func quotesCanBeRemoved() throws {
        var entry = makeEntry()
        let quote = Quote(text: "A line", page: 3, dateAdded: day0)
        try entry.addQuote(quote, pageCount: 300, now: day(1))
        try entry.removeQuote(id: quote.id, now: day(2))
        #expect(entry.quotes.isEmpty)
        #expect(throws: LibraryError.quoteNotFound(quote.id)) { try entry.removeQuote(id: quote.id, now: day(3)) }
    }

    @Test(arguments: [0, 1441, -5])
    func sessionsOutsideOneMinuteToOneDayAreRejected(minutes: Int) {
        var entry = makeEntry()
        #expect(throws: LibraryError.self) {
            try entry.addSession(ReadingSession(date: day0, durationMinutes: minutes), now: day(1))
        }
    }

    @Test func sessionsWithNegativePagesAreRejected() {
        var entry = makeEntry()
        #expect(throws: LibraryError.self) {
            try entry.addSession(ReadingSession(date: day0, durationMinutes: 10, pagesRead: -1), now: day(1))
        }
    }

    @Test func totalReadingMinutesAddsUpSessionsKeptInDateOrder() throws {
        var entry = makeEntry()
        try entry.addSession(ReadingSession(date: day(2), durationMinutes: 30, pagesRead: 20), now: day(2))
        try entry.addSession(ReadingSession(date: day(1), durationMinutes: 1440, pagesRead: 0), now: day(2))
        #expect(entry.totalReadingMinutes == 1470)
        #expect(entry.sessions.map(\.date) == [day(1), day(2)])
    }
}

@Suite struct WorkAndEditionValidation {
    @Test func aTitleIsTrimmedAndMustNotBeEmpty() {
        let work = Work(title: "   ", dateCreated: day0)
        #expect(work.title == "")
        #expect(throws: LibraryError.invalid(.empty(field: "title"))) { try Validation.validate(work) }
    }

    @Test func aTitleOverFiveHundredTwelveCharactersIsRejected() {
        let work = Work(title: String(repeating: "t", count: 513), dateCreated: day0)
        #expect(throws: LibraryError.invalid(.tooLong(field: "title", limit: 512, length: 513))) { try Validation.validate(work) }
    }

    @Test func aDescriptionOverTenThousandCharactersIsRejected() {
        let work = Work(title: "T", description: String(repeating: "d", count: 10_001), dateCreated: day0)
        #expect(throws: LibraryError.self) { try Validation.validate(work) }
    }

    @Test func genresAreDeduplicatedIgnoringCase() {
        let work = Work(title: "T", genres: ["Fantasy", " fantasy", "SF", ""], dateCreated: day0)
        #expect(work.genres == ["Fantasy", "SF"])
    }

    @Test func aBoundingBoxOutsideTheImageIsRejected() {
        let work = Work(title: "T", boundingBox: BoundingBox(x: 0.5, y: 0.2, width: 1.2, height: 0.1), dateCreated: day0)
        #expect(throws: LibraryError.invalid(.outOfRange(field: "boundingBox.width", value: "1.2", allowed: "0–1"))) {
            try Validation.validate(work)
        }
    }

    @Test(arguments: [0, -10])
    func aPageCountMustBePositive(pages: Int) {
        let edition = Edition(workID: Work.ID(), pageCount: pages, dateCreated: day0)
        #expect(throws: LibraryError.self) { try Validation.validate(edition) }
    }

    @Test func anEditionKeepsEachISBNOnce() throws {
        let isbn = try ISBN(parsing: "0441172717")
        let same = try ISBN(parsing: "978-0-441-17271-9")
        let edition = Edition(workID: Work.ID(), isbns: [isbn, same], dateCreated: day0)
        #expect(edition.isbns.count == 1)
        #expect(edition.primaryISBN?.isbn13 == "9780441172719")
    }
}
