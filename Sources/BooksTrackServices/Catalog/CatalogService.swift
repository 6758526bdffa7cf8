import BooksTrackCatalog
import BooksTrackConcurrency
import BooksTrackCore
import Foundation

/// The offline catalog's use cases: its sizes, and Open Library dumps imported into it, for the
/// terminal (`bookstrack catalog`) and the server (`/v1/catalog`, catalog import jobs) alike. The
/// catalog's reader and writer are blocking code: each use case runs them on a thread of its own.
public struct CatalogService: Sendable {
    private let catalog: CatalogDatabase

    public init(catalog: CatalogDatabase) {
        self.catalog = catalog
    }

    /// Where the catalog file is (the terminal shows it).
    public var path: String { catalog.path }

    /// The catalog's sizes and sources; the bundled seed loads first if it has not yet.
    public func statistics() async throws -> CatalogStatistics {
        let catalog = catalog
        return try await OwnThread.run(name: "bookstrack catalog stats") {
            try catalog.loadSeedIfNeeded()
            return try catalog.statistics()
        }
    }

    /// Editions whose title or authors hold `words`, best first (the offline shelf reader's lookup).
    public func search(words: String, limit: Int) async throws -> [WorkDTO] {
        let catalog = catalog
        return try await OwnThread.run(name: "bookstrack catalog search") {
            try catalog.loadSeedIfNeeded()
            return try catalog.search(text: words, limit: limit)
        }
    }

    /// Where a dump import is: the file being read (of `files`) and how far into it.
    public struct DumpProgress: Sendable {
        /// The position of the file being read in the list, from 0.
        public var fileIndex: Int
        public var file: URL
        public var progress: CatalogImportProgress
        /// Bytes read over every file so far, and the files' total size.
        public var bytesRead: Int64
        public var totalBytes: Int64
    }

    /// Imports each dump in turn, in the order given; a file already imported is skipped unless
    /// `options.restart`. Stops after the batch in progress when `isCancelled` says so (what was
    /// written stays, and the same import resumes from there) and throws `CancellationError`.
    public func importDumps(
        _ files: [URL], options: CatalogImportOptions = CatalogImportOptions(),
        progress: @escaping @Sendable (DumpProgress) -> Void = { _ in }, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) async throws -> [CatalogImportSummary] {
        let catalog = catalog
        return try await OwnThread.run(name: "bookstrack catalog import") {
            try catalog.loadSeedIfNeeded()
            let sizes = files.map { url in ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.int64Value ?? 0 }
            let total = sizes.reduce(0, +)
            var done: Int64 = 0
            var summaries: [CatalogImportSummary] = []
            for (index, (file, size)) in zip(files, sizes).enumerated() {
                let summary = try catalog.importOpenLibraryDump(at: file, options: options) { step in
                    progress(DumpProgress(fileIndex: index, file: file, progress: step, bytesRead: done + step.bytesRead, totalBytes: total))
                    return !isCancelled()
                }
                summaries.append(summary)
                if summary.outcome == .stopped { throw CancellationError() }
                done += size
            }
            return summaries
        }
    }
}
