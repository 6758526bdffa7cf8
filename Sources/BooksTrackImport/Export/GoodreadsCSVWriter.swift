import BooksTrackCore
import Foundation

/// Writes a user's library as a Goodreads-compatible CSV export (`GoodreadsCSVRow`), a page of
/// books at a time (`BookPageReader`).
struct GoodreadsCSVWriter {
    private let store: any LibraryStore
    private let pageSize: Int

    /// A writer for `store`'s library.
    init(store: any LibraryStore, pageSize: Int = BooksTrackJSONWriter.defaultPageSize) {
        self.store = store
        self.pageSize = max(1, pageSize)
    }

    /// Writes the header and one row per book to `file`; `progress` hears (books written, books in
    /// the library) after each page. Returns the number of books written.
    func write(to file: ExportFile, progress: (Int, Int) -> Void) throws -> Int {
        let total = try store.count(EntryQuery())
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ExportFile.bufferSize + 64 * 1024)
        CSVText.appendRecord(GoodreadsCSVRow.header, to: &bytes)
        let pages = try BookPageReader(store: store, pageSize: pageSize)
        var written = 0
        while let page = try pages.next() {
            for book in page.books {
                CSVText.appendRecord(GoodreadsCSVRow.cells(for: book), to: &bytes)
                if bytes.count >= ExportFile.bufferSize {
                    try file.write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            written += page.books.count
            progress(written, max(total, written))
        }
        try file.write(bytes)
        return written
    }
}
