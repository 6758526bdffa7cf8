import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackServer

@Suite struct BookPageCacheTests {
    let alice = User.ID()
    let bob = User.ID()
    let start = ContinuousClock.now

    @Test func aPageIsServedOnlyAtTheCommitCountItWasReadAtAndWithinItsLifetime() {
        let cache = BookPageCache(lifetime: .seconds(1), capacity: 8)
        let key = BookPageCache.Key(user: alice, query: EntryQuery(limit: 50))
        cache.keep([1, 2, 3], for: key, commitCount: 7, now: start)
        #expect(cache.page(key, commitCount: 7, now: start + .milliseconds(999)) == [1, 2, 3])
        // Another user's same question, another question, a later commit, a second later: not served.
        #expect(cache.page(.init(user: bob, query: EntryQuery(limit: 50)), commitCount: 7, now: start) == nil)
        #expect(cache.page(.init(user: alice, query: EntryQuery(limit: 50, offset: 50)), commitCount: 7, now: start) == nil)
        #expect(cache.page(key, commitCount: 8, now: start) == nil)
        // The out-of-date page was dropped when it was found out of date.
        #expect(cache.count == 0)
        cache.keep([4], for: key, commitCount: 8, now: start)
        #expect(cache.page(key, commitCount: 8, now: start + .seconds(2)) == nil)
    }

    @Test func afterItsLifetimeOneRequestReadsThePageAgainWhileTheOthersGetTheKeptOne() {
        let cache = BookPageCache(lifetime: .seconds(1), capacity: 8)
        let key = BookPageCache.Key(user: alice, query: EntryQuery(limit: 50))
        cache.keep([1], for: key, commitCount: 3, now: start)
        // The first request past the lifetime is told to read it; the next ones are answered.
        #expect(cache.page(key, commitCount: 3, now: start + .milliseconds(1_100)) == nil)
        #expect(cache.page(key, commitCount: 3, now: start + .milliseconds(1_200)) == [1])
        #expect(cache.page(key, commitCount: 3, now: start + .milliseconds(1_900)) == [1])
        // A change in the meantime: nobody gets the old page.
        #expect(cache.page(key, commitCount: 4, now: start + .milliseconds(1_300)) == nil)
        // Read again, it is young again.
        cache.keep([2], for: key, commitCount: 3, now: start + .milliseconds(1_500))
        #expect(cache.page(key, commitCount: 3, now: start + .milliseconds(2_400)) == [2])
        // A reader that never came back: two lifetimes on, it is dropped and read again.
        cache.keep([5], for: key, commitCount: 3, now: start)
        #expect(cache.page(key, commitCount: 3, now: start + .milliseconds(1_100)) == nil)
        #expect(cache.page(key, commitCount: 3, now: start + .milliseconds(2_000)) == nil)
        #expect(cache.count == 0)
    }

    @Test func aFullCacheDropsWhatIsOutOfDateThenItsOldestPage() {
        let cache = BookPageCache(lifetime: .seconds(1), capacity: 3)
        let keys = (0..<4).map { BookPageCache.Key(user: alice, query: EntryQuery(limit: 10, offset: $0 * 10)) }
        cache.keep([0], for: keys[0], commitCount: 1, now: start)
        cache.keep([1], for: keys[1], commitCount: 2, now: start + .milliseconds(1))
        cache.keep([2], for: keys[2], commitCount: 2, now: start + .milliseconds(2))
        // Full: the page of commit 1 is out of date and goes; the two others stay.
        cache.keep([3], for: keys[3], commitCount: 2, now: start + .milliseconds(3))
        #expect(cache.count == 3)
        #expect(cache.page(keys[0], commitCount: 2, now: start + .milliseconds(4)) == nil)
        #expect(cache.page(keys[1], commitCount: 2, now: start + .milliseconds(4)) == [1])
        // Full of live pages: the oldest goes.
        cache.keep([0], for: keys[0], commitCount: 2, now: start + .milliseconds(5))
        #expect(cache.count == 3)
        #expect(cache.page(keys[1], commitCount: 2, now: start + .milliseconds(6)) == nil)
        #expect(cache.page(keys[2], commitCount: 2, now: start + .milliseconds(6)) == [2])
    }
}
