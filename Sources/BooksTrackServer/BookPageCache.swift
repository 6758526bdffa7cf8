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
/// and the paces and forecasts, which move with the clock, are at most two `lifetime`s behind:
/// once a page is a `lifetime` old, the next request reads it again while the others asking in
/// the meantime are still answered with the kept one (instead of all reading it at once).
final class BookPageCache: Sendable {
    struct Key: Hashable, Sendable {
        let user: User.ID
        let query: EntryQuery
    }

    private struct Kept {
        let commitCount: UInt64
        let keptAt: ContinuousClock.Instant
        let json: [UInt8]
        /// Whether a request is reading the page again.
        var refreshing = false
    }

    /// How long a kept page is served before it is read again.
    let lifetime: Duration
    /// The most pages kept (fifty books encode to about 60 KB).
    let capacity: Int
    private let pages = Mutex<[Key: Kept]>([:])

    init(lifetime: Duration = .seconds(1), capacity: Int = 128) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The page's JSON if it was kept at `commitCount` and is young enough; nil when the caller
    /// is to read it (and keep it).
    func page(_ key: Key, commitCount: UInt64, now: ContinuousClock.Instant = .now) -> [UInt8]? {
        pages.withLock { pages in
            guard let kept = pages[key] else { return nil }
            let age = now - kept.keptAt
            guard kept.commitCount == commitCount, age < lifetime * 2 else {
                pages[key] = nil
                return nil
            }
            if age < lifetime || kept.refreshing { return kept.json }
            // The first to ask after its lifetime reads it again; the others get this one meanwhile.
            pages[key]?.refreshing = true
            return nil
        }
    }

    /// Keeps a page read after the file's commit count was `commitCount`.
    func keep(_ json: [UInt8], for key: Key, commitCount: UInt64, now: ContinuousClock.Instant = .now) {
        pages.withLock { pages in
            if pages.count >= capacity, pages[key] == nil {
                pages = pages.filter { $0.value.commitCount == commitCount && now - $0.value.keptAt < lifetime * 2 }
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
