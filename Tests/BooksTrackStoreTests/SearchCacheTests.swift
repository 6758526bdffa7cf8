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
        // Read by another process, which has not kept it in memory.
        let another = try SQLiteSearchCache(path: directory.path("cache.sqlite"))
        #expect(try another.answer(for: "k", now: start) == nil)
    }

    @Test func answersAreKeptInMemoryForAMinuteAtMost() throws {
        let directory = try TemporaryDirectory()
        let server = try SQLiteSearchCache(path: directory.path("cache.sqlite"))
        try server.store(answer, for: "k", expiresAt: start.addingTimeInterval(3_600))
        let terminal = try SQLiteSearchCache(path: directory.path("cache.sqlite"))
        #expect(try terminal.answer(for: "k", now: start) == answer)
        // Another process clears the file: this one answers from memory for under a minute more.
        #expect(try terminal.clear() == 1)
        #expect(try terminal.answer(for: "k", now: start) == nil)
        #expect(try server.answer(for: "k", now: start.addingTimeInterval(59)) == answer)
        #expect(try server.answer(for: "k", now: start.addingTimeInterval(61)) == nil)
        // Its own clear is seen at once, and an answer's own expiry holds in memory too.
        try server.store(answer, for: "short", expiresAt: start.addingTimeInterval(10))
        #expect(try server.answer(for: "short", now: start.addingTimeInterval(9)) == answer)
        #expect(try server.answer(for: "short", now: start.addingTimeInterval(10)) == nil)
        try server.store(answer, for: "k", expiresAt: start.addingTimeInterval(3_600))
        _ = try server.clear()
        #expect(try server.answer(for: "k", now: start) == nil)
    }

    @Test func aFileThatIsNotADatabaseIsReportedClearly() throws {
        let directory = try TemporaryDirectory()
        try Data("this is not sqlite".utf8).write(to: directory.url.appendingPathComponent("cache.sqlite"))
        #expect(throws: StoreError.self) { try SQLiteSearchCache(path: directory.path("cache.sqlite")) }
    }
}
