import Foundation
import Testing

@testable import BooksTrackCore

/// Fixed instants so no test depends on today.
private let day0 = Date(timeIntervalSince1970: 1_763_798_400)  // 2025-11-22T08:00:00Z
private func day(_ n: Double) -> Date { day0.addingTimeInterval(n * 86_400) }

private func makeEntry(status: ReadingStatus = .toRead, editionID: Edition.ID? = nil) -> LibraryEntry {
    LibraryEntry(userID: User.ID(), workID: Work.ID(), editionID: editionID, status: status, dateAdded: day0)
}

@Suite struct StartingAndFinishing {
    @Test func startingAToReadBookSetsTheStartDateOnce() {
        var entry = makeEntry()
        entry.start(now: day(1))
        #expect(entry.status == .reading)
        #expect(entry.dateStarted == day(1))
        entry.hold(now: day(2))
        entry.start(now: day(3))
        #expect(entry.dateStarted == day(1))
        #expect(entry.lastModified == day(3))
    }

    @Test func finishingABookSetsCompletionDateAndFullProgress() {
        var entry = makeEntry()
        entry.finish(pageCount: 300, now: day(5))
        #expect(entry.status == .read)
        #expect(entry.dateCompleted == day(5))
        #expect(entry.dateStarted == day(5))
        #expect(entry.progress == 1)
        #expect(entry.currentPage == 300)
        #expect(entry.dateAdded == day0)
    }

    @Test func finishingWithoutAPageCountKeepsTheCurrentPage() {
        var entry = makeEntry(status: .reading)
        entry.currentPage = 42
        entry.finish(pageCount: nil, now: day(5))
        #expect(entry.currentPage == 42)
        #expect(entry.progress == 1)
    }

    @Test func finishingAReadBookAgainChangesNothing() {
        var entry = makeEntry()
        entry.finish(pageCount: 100, now: day(1))
        let before = entry
        entry.finish(pageCount: 100, now: day(9))
        #expect(entry == before)
    }

    @Test func startingAReadBookIsAReReadThatKeepsTheEarlierRead() {
        var entry = makeEntry()
        entry.start(now: day(1))
        entry.finish(pageCount: 200, now: day(10))
        entry.start(now: day(100))
        #expect(entry.status == .reading)
        #expect(entry.readHistory == [ReadPeriod(started: day(1), ended: day(10), outcome: .read)])
        #expect(entry.dateStarted == day(100))
        #expect(entry.dateCompleted == nil)
        #expect(entry.progress == 0)
        #expect(entry.currentPage == 0)
    }

    @Test func restartingAnAbandonedBookKeepsTheAbandonedPeriod() {
        var entry = makeEntry()
        entry.start(now: day(1))
        entry.stop(now: day(4))
        entry.start(now: day(20))
        #expect(entry.readHistory == [ReadPeriod(started: day(1), ended: day(4), outcome: .dnf)])
        #expect(entry.dateStopped == nil)
    }

    @Test func stoppingKeepsProgressAndStampsTheStopDate() throws {
        var entry = makeEntry()
        try entry.updateProgress(page: 50, pageCount: 200, now: day(1))
        entry.stop(now: day(2))
        #expect(entry.status == .dnf)
        #expect(entry.dateStopped == day(2))
        #expect(entry.currentPage == 50)
        #expect(entry.progress == 0.25)
    }

    @Test func holdingKeepsDatesAndProgress() throws {
        var entry = makeEntry()
        try entry.updateProgress(page: 10, pageCount: 100, now: day(1))
        entry.hold(now: day(2))
        #expect(entry.status == .onHold)
        #expect(entry.dateStarted == day(1))
        #expect(entry.currentPage == 10)
    }

    @Test func statusMovesGoThroughTheirRules() throws {
        var entry = makeEntry()
        try entry.setStatus(.read, pageCount: 120, now: day(3))
        #expect(entry.currentPage == 120)
        try entry.setStatus(.reading, pageCount: 120, now: day(4))
        #expect(entry.readHistory.count == 1)
        try entry.setStatus(.dnf, pageCount: 120, now: day(5))
        #expect(entry.dateStopped == day(5))
    }
}

@Suite struct Progress {
    @Test func aPageSetsProgressAsAFractionOfThePageCount() throws {
        var entry = makeEntry(status: .reading)
        try entry.updateProgress(page: 75, pageCount: 300, now: day(1))
        #expect(entry.currentPage == 75)
        #expect(entry.progress == 0.25)
    }

    @Test(arguments: [ReadingStatus.wishlist, .toRead, .onHold])
    func aPageAboveZeroStartsTheBook(status: ReadingStatus) throws {
        var entry = makeEntry(status: status)
        try entry.updateProgress(page: 1, pageCount: 300, now: day(2))
        #expect(entry.status == .reading)
        #expect(entry.dateStarted == day(2))
    }

    @Test func pageZeroChangesNoStatus() throws {
        var entry = makeEntry(status: .toRead)
        try entry.updateProgress(page: 0, pageCount: 300, now: day(2))
        #expect(entry.status == .toRead)
        #expect(entry.dateStarted == nil)
    }

    @Test func reachingTheLastPageFinishesTheBook() throws {
        var entry = makeEntry(status: .reading)
        try entry.updateProgress(page: 300, pageCount: 300, now: day(7))
        #expect(entry.status == .read)
        #expect(entry.dateCompleted == day(7))
        #expect(entry.progress == 1)
    }

    @Test func aPageBeyondTheLastIsRejectedAndChangesNothing() {
        var entry = makeEntry(status: .reading)
        let before = entry
        #expect(throws: LibraryError.pageBeyondLastPage(page: 301, pageCount: 300)) {
            try entry.updateProgress(page: 301, pageCount: 300, now: day(1))
        }
        #expect(entry == before)
    }

    @Test func aNegativePageIsRejected() {
        var entry = makeEntry(status: .reading)
        #expect(throws: LibraryError.negativePage(-1)) { try entry.updateProgress(page: -1, pageCount: 300, now: day(1)) }
    }

    @Test func anyPageIsAcceptedWithoutAPageCountAndProgressIsKept() throws {
        var entry = makeEntry(status: .reading)
        entry.progress = 0.4
        try entry.updateProgress(page: 5000, pageCount: nil, now: day(1))
        #expect(entry.currentPage == 5000)
        #expect(entry.progress == 0.4)
    }

    @Test func percentProgressWorksWithoutAPageCount() throws {
        var entry = makeEntry(status: .toRead)
        try entry.updateProgress(percent: 45, pageCount: nil, now: day(1))
        #expect(entry.progress == 0.45)
        #expect(entry.status == .reading)
    }

    @Test func percentProgressMovesTheCurrentPageWhenThePageCountIsKnown() throws {
        var entry = makeEntry(status: .reading)
        try entry.updateProgress(percent: 50, pageCount: 301, now: day(1))
        #expect(entry.currentPage == 151)
    }

    @Test func oneHundredPercentFinishes() throws {
        var entry = makeEntry(status: .reading)
        try entry.updateProgress(percent: 100, pageCount: nil, now: day(3))
        #expect(entry.status == .read)
    }

    @Test(arguments: [-0.1, 100.5, Double.nan, Double.infinity])
    func percentagesOutsideZeroToHundredAreRejected(percent: Double) {
        var entry = makeEntry(status: .reading)
        #expect(throws: LibraryError.self) { try entry.updateProgress(percent: percent, pageCount: nil, now: day(1)) }
        #expect(entry.progress == 0)
    }
}

@Suite struct PaceAndForecast {
    @Test func paceIsPagesPerDaySinceTheStart() throws {
        var entry = makeEntry()
        entry.start(now: day(0))
        try entry.updateProgress(page: 100, pageCount: 400, now: day(4))
        #expect(entry.readingPace(now: day(4)) == 25)
    }

    @Test func paceCountsAtLeastOneDay() throws {
        var entry = makeEntry()
        entry.start(now: day(0))
        try entry.updateProgress(page: 30, pageCount: 400, now: day(0.1))
        #expect(entry.readingPace(now: day(0.1)) == 30)
    }

    @Test func thePageReachedIsTheCurrentPageOrTheShareOfThePageCount() throws {
        // A current page is the page reached, whatever the page count
        var reading = makeEntry()
        try reading.updateProgress(page: 120, pageCount: 412, now: day(1))
        #expect(reading.pageReached(pageCount: 412) == 120)
        #expect(reading.pageReached(pageCount: nil) == 120)
        // 45 % recorded without a page count: 45 % of 300 pages is page 135
        var percentOnly = makeEntry()
        try percentOnly.updateProgress(percent: 45, pageCount: nil, now: day(1))
        #expect(percentOnly.currentPage == 0)
        #expect(percentOnly.pageReached(pageCount: 300) == 135)
        #expect(percentOnly.pageReached(pageCount: nil) == 0)
        // A book finished before it had a page count is at the last of the 288 it has now
        var finished = makeEntry()
        finished.finish(pageCount: nil, now: day(2))
        #expect(finished.pageReached(pageCount: 288) == 288)
        // Nothing read is page 0
        #expect(makeEntry().pageReached(pageCount: 288) == 0)
    }

    @Test func thereIsNoPaceBeforeAnyProgress() {
        var entry = makeEntry()
        entry.start(now: day(0))
        #expect(entry.readingPace(now: day(3)) == nil)
    }

    @Test func theFinishDateFollowsThePace() throws {
        var entry = makeEntry()
        entry.start(now: day(0))
        try entry.updateProgress(page: 100, pageCount: 400, now: day(4))
        // 300 pages left at 25 a day: 12 days.
        #expect(entry.estimatedFinishDate(pageCount: 400, now: day(4)) == day(16))
    }

    @Test func theFinishDateFallsBackToTheDailyGoal() throws {
        var entry = makeEntry()
        try entry.setDailyReadingGoal(30, now: day(0))
        // 100 pages at 30 a day: 4 days (rounded up).
        #expect(entry.estimatedFinishDate(pageCount: 100, now: day(0)) == day(4))
    }

    @Test func thereIsNoForecastWithoutPaceGoalOrPageCount() {
        let entry = makeEntry(status: .reading)
        #expect(entry.estimatedFinishDate(pageCount: 100, now: day(1)) == nil)
        #expect(entry.estimatedFinishDate(pageCount: nil, now: day(1)) == nil)
    }

    @Test func aDailyGoalMustBePositive() {
        var entry = makeEntry()
        #expect(throws: LibraryError.self) { try entry.setDailyReadingGoal(0, now: day(0)) }
    }
}

@Suite struct WishlistAndOwnership {
    @Test func acquiringAWishlistBookOwnsItAndKeepsTheDateAdded() throws {
        var entry = makeEntry(status: .wishlist)
        let edition = Edition(workID: entry.workID, pageCount: 200, dateCreated: day0)
        try entry.acquire(edition: edition, now: day(3))
        #expect(entry.status == .toRead)
        #expect(entry.editionID == edition.id)
        #expect(entry.dateAdded == day0)
        #expect(entry.lastModified == day(3))
    }

    @Test func acquiringStraightIntoReadingStartsTheBook() throws {
        var entry = makeEntry(status: .wishlist)
        let edition = Edition(workID: entry.workID, dateCreated: day0)
        try entry.acquire(edition: edition, status: .reading, now: day(3))
        #expect(entry.status == .reading)
        #expect(entry.dateStarted == day(3))
    }

    @Test func acquiringABookThatIsNotOnTheWishlistIsRejected() {
        var entry = makeEntry(status: .toRead)
        let edition = Edition(workID: entry.workID, dateCreated: day0)
        #expect(throws: LibraryError.notOnWishlist(.toRead)) { try entry.acquire(edition: edition, now: day(1)) }
        #expect(entry.editionID == nil)
    }

    @Test func acquiringAnEditionOfAnotherWorkIsRejected() {
        var entry = makeEntry(status: .wishlist)
        let edition = Edition(workID: Work.ID(), dateCreated: day0)
        #expect(throws: LibraryError.editionOfAnotherWork) { try entry.acquire(edition: edition, now: day(1)) }
    }

    @Test func anOwnedBookCannotMoveToTheWishlist() {
        var entry = makeEntry(status: .toRead, editionID: Edition.ID())
        #expect(throws: LibraryError.wishlistCannotBeOwned) { try entry.setStatus(.wishlist, pageCount: nil, now: day(1)) }
        #expect(entry.status == .toRead)
    }

    @Test func aWishlistBookCannotGetAnOwnedEdition() {
        var entry = makeEntry(status: .wishlist)
        let edition = Edition(workID: entry.workID, dateCreated: day0)
        #expect(throws: LibraryError.wishlistCannotBeOwned) { try entry.setOwnedEdition(edition, now: day(1)) }
    }

    @Test func validationRejectsAnOwnedWishlistEntry() {
        let entry = makeEntry(status: .wishlist, editionID: Edition.ID())
        #expect(throws: LibraryError.wishlistCannotBeOwned) { try Validation.validate(entry, pageCount: nil) }
    }
}
