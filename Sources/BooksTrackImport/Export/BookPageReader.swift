import BooksTrackCore
import Dispatch

/// Reads a library's books page by page in the order they were added (the entry ID breaks ties,
/// so pages never overlap), loading the next page on another thread while the caller writes the
/// current one: on two cores an export then costs about as much as the reading alone.
///
/// At most two pages are in memory. A load still running when the reader is released is waited
/// for, so no work outlives the export.
final class BookPageReader {
    private let store: any LibraryStore
    private let pageSize: Int
    /// The last entry of the page handed over last.
    private var cursor: LibraryEntry?
    private var pending: PendingPage?

    /// Starts loading the first page of `store`'s books.
    init(store: any LibraryStore, pageSize: Int) {
        self.store = store
        self.pageSize = max(1, pageSize)
        pending = load(after: nil)
    }

    /// The next page, or nil after the last; starts loading the page after it.
    func next() throws -> BookPage? {
        guard let current = pending else { return nil }
        pending = nil
        let page = try current.wait()
        cursor = page.books.last?.entry ?? cursor
        if page.books.count == pageSize {
            pending = load(after: cursor)
        }
        return page.books.isEmpty ? nil : page
    }

    deinit {
        _ = try? pending?.wait()
    }

    private func load(after cursor: LibraryEntry?) -> PendingPage {
        let store = store
        let pageSize = pageSize
        return PendingPage { try store.books(addedAfter: cursor, limit: pageSize) }
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
