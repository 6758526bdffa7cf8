import BooksTrackCore
import Foundation

/// Writes a user's library to a file: BooksTrack JSON (lossless, re-importable) or a
/// Goodreads-compatible CSV.
///
/// Each export is written beside its destination and moved into place at the end, so a failed
/// export leaves any earlier file untouched and no half-written one.
public struct LibraryExporter: Sendable {
    private let store: any LibraryStore
    private let now: @Sendable () -> Date
    /// Books read from the store at once.
    var pageSize = BooksTrackJSONWriter.defaultPageSize

    /// An exporter for `store`'s library; `now` stamps the JSON export.
    public init(store: any LibraryStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.now = now
    }

    /// Writes every author, work, edition and entry to a BooksTrack JSON file at `url`;
    /// `includePhotos` embeds the page photos' bytes. `progress` hears (books written, books in
    /// the library) after each page. Returns the number of books written.
    public func exportJSON(
        to url: URL, includePhotos: Bool, progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> Int {
        let file = try ExportFile(destination: url)
        let writer = BooksTrackJSONWriter(store: store, includePhotos: includePhotos, pageSize: pageSize)
        let count = try writer.write(to: file, exportedAt: now(), progress: progress)
        try file.commit()
        return count
    }

    /// Writes every book to a Goodreads-compatible CSV file (the 24-column export) at `url`.
    /// `progress` hears (books written, books in the library) after each page. Returns the number
    /// of books written.
    public func exportGoodreadsCSV(to url: URL, progress: (Int, Int) -> Void = { _, _ in }) throws -> Int {
        let file = try ExportFile(destination: url)
        let writer = GoodreadsCSVWriter(store: store, pageSize: pageSize)
        let count = try writer.write(to: file, progress: progress)
        try file.commit()
        return count
    }
}
