import BooksTrackConcurrency
import BooksTrackCore

/// Reads a library's books page by page in the order they were added (the entry ID breaks ties,
/// so pages never overlap). The pages' bounds are read first from the date index; then the next two
/// pages load on other threads while the caller writes the current one: on two cores loading, the
/// costlier part, runs on both while the writing fills the gaps.
///
/// At most three pages are in memory. Each page loads on a thread of its own (a `ProducerThread`
/// of one page); loads still running when the reader is released are waited for, so no work
/// outlives the export.
final class BookPageReader {
    /// How many pages load ahead of the one being written.
    private static let pagesAhead = 2
    private let store: any LibraryStore
    /// The key of the last entry of each full page, taken when the walk began; the page after
    /// the last key runs to the end of the library.
    private let bounds: [EntryOrderKey]
    /// The next page to start loading, an index into `bounds` (`bounds.count` is the last page).
    private var nextToLoad = 0
    private var pending: [ProducerThread<BookPage>] = []

    /// Reads the pages' bounds and starts loading the first pages of `store`'s books.
    init(store: any LibraryStore, pageSize: Int) throws {
        self.store = store
        bounds = try store.entryOrderKeys(every: max(1, pageSize))
        while pending.count < Self.pagesAhead, let page = loadNext() { pending.append(page) }
    }

    /// The next page, or nil after the last; starts loading another.
    func next() throws -> BookPage? {
        while !pending.isEmpty {
            let current = pending.removeFirst()
            if let page = loadNext() { pending.append(page) }
            // A page emptied by deletions since the bounds were read is skipped.
            if let page = try current.next(), !page.books.isEmpty { return page }
        }
        return nil
    }

    private func loadNext() -> ProducerThread<BookPage>? {
        guard nextToLoad <= bounds.count else { return nil }
        let start = nextToLoad == 0 ? nil : bounds[nextToLoad - 1]
        let end = nextToLoad < bounds.count ? bounds[nextToLoad] : nil
        nextToLoad += 1
        let store = store
        return ProducerThread(name: "BooksTrack export page", capacity: 1) { hand in
            _ = hand(try store.books(after: start, through: end))
        }
    }
}
