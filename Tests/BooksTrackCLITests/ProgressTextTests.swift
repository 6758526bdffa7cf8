import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackCLI

/// The progress column of `list` and `show`.
@Suite struct ProgressTextTests {
    private func book(pageCount: Int?, _ change: (inout LibraryEntry) throws -> Void) rethrows -> LibraryBook {
        let new = LibraryFixtures.book(
            title: "Patisserie at Home", authors: [LibraryFixtures.author("Mélanie Dupuis")], userID: User.ID(), pageCount: pageCount)
        var entry = new.entry
        try change(&entry)
        return LibraryBook(entry: entry, work: new.work, authors: new.authors, edition: new.edition)
    }

    @Test func aBookFinishedBeforeItHadAPageCountIsAtItsLastPage() {
        // Finished with no page count, shown once its edition has 288 pages
        var finished = book(pageCount: nil) { $0.finish(pageCount: nil, now: LibraryFixtures.referenceDate) }
        finished.edition?.pageCount = 288
        #expect(TextFormat.progress(finished) == "p. 288/288 (100%)")
    }

    @Test func aPercentageRecordedWithoutPagesIsShownAsThePageItReaches() throws {
        // 45 % recorded before the page count was known: 45 % of 300 is page 135
        var reading = try book(pageCount: nil) { try $0.updateProgress(percent: 45, pageCount: nil, now: LibraryFixtures.referenceDate) }
        #expect(TextFormat.progress(reading) == "45%")
        reading.edition?.pageCount = 300
        #expect(TextFormat.progress(reading) == "p. 135/300 (45%)")
    }

    @Test func aCurrentPageIsShownAsItIs() throws {
        let reading = try book(pageCount: 412) { try $0.updateProgress(page: 120, pageCount: 412, now: LibraryFixtures.referenceDate) }
        #expect(TextFormat.progress(reading) == "p. 120/412 (29%)")
        #expect(TextFormat.progress(book(pageCount: 412) { _ in }) == "")
    }
}
