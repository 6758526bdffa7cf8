import BooksTrackCore
import Foundation
import Synchronization

/// Pages of `GET /v1/books` kept encoded for a second: a library page asked again (a reload, a
/// phone and a desk open on the same list, a script polling) is answered with the bytes already
/// written instead of reading and encoding fifty books again.
///
/// A page is kept with the library file's commit count read before the page was: any change
/// committed by this server since (the reader's own, another reader's, a job's) makes every kept
/// page out of date at once. Changes made by another process (the terminal on the same file)
/// and the paces and forecasts, which move with the clock, are at most `lifetime` behind.
final class BookPageCache: Sendable {
    struct Key: Hashable, Sendable {
        let user: User.ID
        let query: EntryQuery
    }

    private struct Kept {
        let commitCount: UInt64
        let keptAt: ContinuousClock.Instant
        let json: [UInt8]
    }

    /// How long a kept page is served.
    let lifetime: Duration
    /// The most pages kept (fifty books encode to about 60 KB).
    let capacity: Int
    private let pages = Mutex<[Key: Kept]>([:])

    init(lifetime: Duration = .seconds(1), capacity: Int = 128) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The page's JSON, if it was kept at `commitCount` less than `lifetime` ago.
    func page(_ key: Key, commitCount: UInt64, now: ContinuousClock.Instant = .now) -> [UInt8]? {
        pages.withLock { pages in
            guard let kept = pages[key] else { return nil }
            guard kept.commitCount == commitCount, now - kept.keptAt < lifetime else {
                pages[key] = nil
                return nil
            }
            return kept.json
        }
    }

    /// Keeps a page read after the file's commit count was `commitCount`.
    func keep(_ json: [UInt8], for key: Key, commitCount: UInt64, now: ContinuousClock.Instant = .now) {
        pages.withLock { pages in
            if pages.count >= capacity, pages[key] == nil {
                pages = pages.filter { $0.value.commitCount == commitCount && now - $0.value.keptAt < lifetime }
                // Still full of live pages: the oldest goes.
                if pages.count >= capacity, let oldest = pages.min(by: { $0.value.keptAt < $1.value.keptAt })?.key {
                    pages[oldest] = nil
                }
            }
            pages[key] = Kept(commitCount: commitCount, keptAt: now, json: json)
        }
    }

    /// How many pages are kept (tests).
    var count: Int { pages.withLock { $0.count } }
}
