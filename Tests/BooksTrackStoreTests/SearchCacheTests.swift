import BooksTrackCore
import BooksTrackTesting
import Foundation
import GRDB
import Testing

@testable import BooksTrackStore

@Suite struct SearchCacheTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let answer = CachedAnswer(
        works: [WorkDTO(title: "Dune", authors: [AuthorDTO(name: "Frank Herbert")], primaryProvider: "catalog")],
        provider: "catalog", reports: [ProviderReport(provider: "catalog", outcome: .found, duration: 1)],
        storedAt: Date(timeIntervalSince1970: 1_800_000_000)
    )

    @Test func anAnswerIsReturnedUntilItExpires() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteSearchCache(path: directory.path("cache.sqlite"))
        try cache.store(answer, for: "isbn:9780441172719", expiresAt: start.addingTimeInterval(60))
        #expect(try cache.answer(for: "isbn:9780441172719", now: start.addingTimeInterval(59)) == answer)
        #expect(try cache.answer(for: "isbn:9780441172719", now: start.addingTimeInterval(60)) == nil)
    }

    @Test func hitsAndMissesAreCountedAndKeptAcrossOpenings() throws {
        let directory = try TemporaryDirectory()
        do {
            let cache = try SQLiteSearchCache(path: directory.path("cache.sqlite"))
            try cache.store(answer, for: "k", expiresAt: start.addingTimeInterval(60))
            _ = try cache.answer(for: "k", now: start)
            _ = try cache.answer(for: "k", now: start)
            _ = try cache.answer(for: "missing", now: start)
            try cache.flushCounters()
        }
        let reopened = try SQLiteSearchCache(path: directory.path("cache.sqlite"))
        let stats = try reopened.statistics(now: start)
        #expect(stats.hits == 2)
        #expect(stats.misses == 1)
        #expect(stats.entries == 1)
        #expect(stats.liveEntries == 1)
        #expect(stats.hitRate == 2.0 / 3.0)
        #expect(stats.bytes > 0)
    }

    @Test func clearingRemovesEverythingAndResetsTheCounters() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteSearchCache(path: directory.path("cache.sqlite"))
        try cache.store(answer, for: "a", expiresAt: start.addingTimeInterval(60))
        try cache.store(answer, for: "b", expiresAt: start.addingTimeInterval(60))
        _ = try cache.answer(for: "a", now: start)
        #expect(try cache.clear() == 2)
        let stats = try cache.statistics(now: start)
        #expect(stats.entries == 0)
        #expect(stats.hits == 0)
    }

    @Test func aDamagedStoredAnswerIsAMissNotACrash() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteSearchCache(path: directory.path("cache.sqlite"))
        try cache.store(answer, for: "k", expiresAt: start.addingTimeInterval(60))
        let queue = try DatabaseQueue(path: directory.path("cache.sqlite"))
        try queue.write { try $0.execute(sql: "UPDATE search_cache SET answer = x'00ff00'") }
        #expect(try cache.answer(for: "k", now: start) == nil)
    }

    @Test func aFileThatIsNotADatabaseIsReportedClearly() throws {
        let directory = try TemporaryDirectory()
        try Data("this is not sqlite".utf8).write(to: directory.url.appendingPathComponent("cache.sqlite"))
        #expect(throws: StoreError.self) { try SQLiteSearchCache(path: directory.path("cache.sqlite")) }
    }
}
