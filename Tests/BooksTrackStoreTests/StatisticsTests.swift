import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// Counts and library-wide statistics, against figures worked out by hand.
@Suite struct StatisticsTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    /// Sets fields of an entry directly (the rules are not under test here).
    func edit(_ book: LibraryBook, _ change: @escaping (inout LibraryEntry) -> Void) throws {
        _ = try library.store.updateEntry(id: book.entry.id) { entry, _ in change(&entry) }
    }

    @Test func countsByStatusListEveryStatusAndFollowStatusChanges() throws {
        // Given two to-read books and a read one
        let first = try library.addBook("One")
        try library.addBook("Two")
        try library.addBook("Three", status: .read)
        // When one to-read book is started and then counted
        #expect(try library.store.countByStatus() == [.toRead: 2, .read: 1, .reading: 0, .wishlist: 0, .onHold: 0, .dnf: 0])
        _ = try library.store.updateEntry(id: first.entry.id) { entry, _ in entry.start(now: day(1)) }
        // Then the counts move with it, and a deleted entry leaves them
        #expect(try library.store.countByStatus() == [.toRead: 1, .read: 1, .reading: 1, .wishlist: 0, .onHold: 0, .dnf: 0])
        try library.store.deleteEntry(id: first.entry.id)
        #expect(try library.store.countByStatus()[.reading] == 0)
        #expect(try library.store.countByStatus().values.reduce(0, +) == 2)
    }

    @Test func anEmptyLibraryHasZeroFiguresAndNoAverage() throws {
        // Given an empty library, when its insights are computed
        let insights = try library.store.insights(year: nil, now: LibraryFixtures.referenceDate)
        // Then everything is zero and there is no average
        #expect(insights.library.total == 0)
        #expect(insights.library.countsByStatus.count == ReadingStatus.allCases.count)
        #expect(insights.reading.averageRating == nil)
        #expect(insights.reading.averageLength == nil)
        #expect(insights.reading.pagesFinished == 0)
    }

    @Test func statisticsMatchFiguresWorkedOutByHand() throws {
        // Given (now = 2025-06-15):
        // A: read, owned, 300 pages, rated 4, favorite, finished 2025-03-01, two sessions (30 + 45 min),
        //    an earlier read and an earlier abandoned read in its history
        let a = try library.addBook("A", status: .read, pageCount: 300)
        try edit(a) { entry in
            entry.rating = 4
            entry.isFavorite = true
            entry.dateCompleted = LibraryFixtures.date(2025, 3, 1)
            entry.sessions = [ReadingSession(date: day(-100), durationMinutes: 30, pagesRead: 20),
                              ReadingSession(date: day(-99), durationMinutes: 45, pagesRead: 30)]
            entry.readHistory = [ReadPeriod(ended: day(-900), outcome: .read), ReadPeriod(ended: day(-800), outcome: .dnf)]
        }
        // B: read, owned, unknown page count, rated 3.5, finished 2024-12-31 23:00 UTC (last year)
        let b = try library.addBook("B", status: .read, pageCount: nil)
        try edit(b) { entry in
            entry.rating = 3.5
            entry.dateCompleted = LibraryFixtures.date(2024, 12, 31, hour: 23)
        }
        // C: read, not owned; its editions: 100 pages (bare, older) and 200 pages (cover and ISBN: primary);
        //    finished 2025-01-01 00:00 UTC
        let c = try library.addBook("C", status: .read, pageCount: 100, owned: false)
        try library.store.save(Edition(workID: c.work.id, isbns: [try #require(LibraryFixtures.isbn(serial: 3))], pageCount: 200,
                                       coverImageURL: URL(string: "https://example.org/c.jpg"), dateCreated: day(1)))
        try edit(c) { entry in entry.dateCompleted = LibraryFixtures.date(2025, 1, 1) }
        // D: reading, owned, 500 pages, one 60-minute session
        let d = try library.addBook("D", status: .reading, pageCount: 500)
        try edit(d) { entry in entry.sessions = [ReadingSession(date: day(-1), durationMinutes: 60, pagesRead: 10)] }
        // E: wishlist; G: to-read with a work pending review; F: a pending work with no entry
        try library.addBook("E", status: .wishlist)
        let g = try library.addBook("G")
        var pendingWork = g.work
        pendingWork.reviewStatus = .pending
        try library.store.save(pendingWork)
        try library.store.save(Work(title: "F", reviewStatus: .pending, dateCreated: day(0)))
        // The review queue is the books shelf scans saw: three seen, one rejected since (G and F,
        // works marked pending, are not in it).
        let scan = ShelfScan(width: 1_000, height: 800, dateCreated: day(0))
        try library.store.addScan(scan, photo: Data([0xFF, 0xD8, 0xFF]), original: nil)
        let seen = (1...3).map { number in
            ReviewItem(scanID: scan.id, detection: ShelfDetection(title: "Spine \(number)", confidence: 0.5,
                                                                  box: BoundingBox(x: 0.1 * Double(number), y: 0, width: 0.1, height: 1)),
                       match: nil, dateCreated: day(0))
        }
        try library.store.replacePendingItems(scanID: scan.id, with: seen.map { (item: $0, crop: nil) })
        var rejected = seen[2]
        rejected.status = .rejected
        try library.store.saveReviewItem(rejected)

        // When the insights of all time and of 2025 are computed
        let allTime = try library.store.insights(year: nil, now: LibraryFixtures.referenceDate)
        let thisYear = try library.store.insights(year: 2025, now: LibraryFixtures.referenceDate)

        // Then they are the hand-computed figures
        #expect(allTime.library.total == 6)
        #expect(allTime.library.countsByStatus == [.read: 3, .reading: 1, .wishlist: 1, .toRead: 1, .onHold: 0, .dnf: 0])
        #expect(allTime.library.owned == 4)
        #expect(allTime.library.favorites == 1)
        #expect(allTime.library.reviewQueue == 2)
        #expect(try library.store.reviewQueueCount() == 2)
        // Reads: A, A's earlier read, B and C; A's earlier read counts A's 300 pages too
        #expect(allTime.reading.booksFinished == 4)
        #expect(allTime.reading.pagesFinished == 800)
        #expect(allTime.reading.finishedWithPageCount == 3)
        #expect(allTime.reading.rereads == 1)
        #expect(allTime.reading.abandoned == 1)
        #expect(allTime.reading.averageRating == 3.75)
        #expect(allTime.reading.sessionMinutes == 135)
        #expect(allTime.reading.sessionCount == 3)
        // 2025: A (March) and C (the first minute of the year); B finished in the last hour of 2024
        #expect(thisYear.reading.booksFinished == 2)
        #expect(thisYear.reading.pagesFinished == 500)
    }
}
