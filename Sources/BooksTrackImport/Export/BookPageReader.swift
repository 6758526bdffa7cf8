import BooksTrackCore
import Dispatch

/// Reads a library's books page by page in the order they were added (the entry ID breaks ties,
/// so pages never overlap). The pages' bounds are read first from the date index; then the next two
/// pages load on other threads while the caller writes the current one: on two cores loading, the
/// costlier part, runs on both while the writing fills the gaps.
///
/// At most three pages are in memory. Loads still running when the reader is released are waited
/// for, so no work outlives the export.
final class BookPageReader {
    /// How many pages load ahead of the one being written.
    private static let pagesAhead = 2
    private let store: any LibraryStore
    /// The key of the last entry of each full page, taken when the walk began; the page after
    /// the last key runs to the end of the library.
    private let bounds: [EntryOrderKey]
    /// The next page to start loading, an index into `bounds` (`bounds.count` is the last page).
    private var nextToLoad = 0
    private var pending: [PendingPage] = []

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
            let page = try current.wait()
            // A page emptied by deletions since the bounds were read is skipped.
            if !page.books.isEmpty { return page }
        }
        return nil
    }

    deinit {
        for page in pending { _ = try? page.wait() }
    }

    private func loadNext() -> PendingPage? {
        guard nextToLoad <= bounds.count else { return nil }
        let start = nextToLoad == 0 ? nil : bounds[nextToLoad - 1]
        let end = nextToLoad < bounds.count ? bounds[nextToLoad] : nil
        nextToLoad += 1
        let store = store
        return PendingPage { try store.books(after: start, through: end) }
    }
}

/// A page being loaded on a global queue.
// @unchecked: `result` is written once on the loading queue before `done` is signalled, and read
// only after waiting for that signal.
private final class PendingPage: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<BookPage, any Error> = .success(BookPage(books: [], editions: [:]))

    init(_ load: @escaping @Sendable () throws -> BookPage) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = Result(catching: load)
            self.done.signal()
        }
    }

    /// Waits for the page; rethrows the store's error. Call once.
    func wait() throws -> BookPage {
        done.wait()
        return try result.get()
    }
}
