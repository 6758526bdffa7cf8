import BooksTrackCore
import BooksTrackTesting
import Foundation
import GRDB
import Testing

@testable import BooksTrackStore

/// The insight counters are kept from entries' facts; a change to the rules that compute the facts
/// raises `InsightFigures.factsVersion`, and a library counted by other rules is counted again.
@Suite struct InsightFactsVersionTests {
    /// A library of three books read in full (300 pages each) and one to read, counted once.
    private func library() throws -> TestLibrary {
        let library = try TestLibrary()
        for title in ["Kindred", "Dawn", "Wild Seed"] { try library.addBook(title, by: "Octavia E. Butler", status: .read) }
        try library.addBook("Parable of the Talents", by: "Octavia E. Butler", status: .toRead)
        let insights = try library.store.insights(year: nil, now: day(30))
        // By hand: three reads of 300 pages.
        #expect(insights.reading.booksFinished == 3)
        #expect(insights.reading.pagesFinished == 900)
        return library
    }

    /// Spoils the stored counters as a rule change would leave them: counted by other rules.
    private func spoilCounters(_ library: TestLibrary, factsVersion: Int?) throws {
        try library.database.writer.write { db in
            try db.execute(sql: "UPDATE insight_periods SET books = books + 7, pages = pages + 7000")
            if let factsVersion { try db.execute(sql: "UPDATE insight_rules SET factsVersion = ?", arguments: [factsVersion]) }
        }
    }

    @Test func countersAreTrustedWhileTheRulesAreTheSame() throws {
        let library = try library()
        try spoilCounters(library, factsVersion: nil)
        let reopened = try LibraryDatabase(path: library.directory.path("data/library.sqlite"))
        let insights = try reopened.library(for: library.alice.id).insights(year: nil, now: day(30))
        // Nothing recounts them: the spoiled figures show (this is what the version guards against).
        #expect(insights.reading.booksFinished == 10)
    }

    @Test func aLibraryCountedByOtherRulesIsCountedAgainWhenOpened() throws {
        let library = try library()
        try spoilCounters(library, factsVersion: InsightFigures.factsVersion - 1)
        let reopened = try LibraryDatabase(path: library.directory.path("data/library.sqlite"))
        let insights = try reopened.library(for: library.alice.id).insights(year: nil, now: day(30))
        #expect(insights.reading.booksFinished == 3)
        #expect(insights.reading.pagesFinished == 900)
        // The version is recorded: the next opening counts nothing again.
        let stored = try reopened.writer.read { db in try Int.fetchOne(db, sql: "SELECT factsVersion FROM insight_rules") }
        #expect(stored == InsightFigures.factsVersion)
        #expect(try reopened.writer.read { db in try InsightFigures.isStale(db) } == false)
    }
}
