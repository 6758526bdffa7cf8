import BooksTrackConcurrency
import BooksTrackCore
import BooksTrackImport
import Foundation

/// The import and export use cases of one user's library, shared by the terminal and the server.
/// The file work runs on a thread of its own behind each async call.
public struct ImportService: Sendable {
    private let store: any LibraryStore
    private let now: @Sendable () -> Date

    /// Creates the service over one user's store.
    public init(store: any LibraryStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// Checks a file without opening any library (`LibraryImporter.check`).
    public static func check(_ url: URL, options: ImportOptions) throws(ImportError) -> ImportCheck {
        try LibraryImporter.check(url, options: options)
    }

    /// Imports a checked file, calling `progress` after each batch (on the import's thread).
    /// `isCancelled` is asked after each batch; true stops the import with `ImportError.cancelled`.
    /// A file checked for import, and how it will be read.
    public struct CheckedFile: Sendable {
        /// The options the file is read with: the caller's, with a remembered mapping when one read it.
        public var options: ImportOptions
        public var check: ImportCheck
        /// The column mapping this reader confirmed before for a file with the same header, when
        /// the file was read with it.
        public var rememberedMapping: ColumnMapping?
    }

    /// Checks a file before anything is written, the same for the terminal and the server: read
    /// as its format (or the mapping given); a CSV no importer knows is read with the mapping this
    /// reader confirmed before for the same header; else the refusal carries
    /// the mapping `advisor` (Gemini) proposes, when there is one. The file is read on a thread
    /// of its own.
    public func check(_ url: URL, options: ImportOptions, advisor: (any ColumnMappingAdvisor)? = nil) async throws -> CheckedFile {
        try await Self.check(url, options: options, remembered: rememberedMapping(for:limits:), advisor: advisor)
    }

    /// `check(_:options:advisor:)` for a caller with no library yet (`remembered` nil): nothing is
    /// opened or created for a file that is refused.
    public static func check(
        _ url: URL, options: ImportOptions, remembered: ((URL, ImportLimits) async throws -> ColumnMapping?)?,
        advisor: (any ColumnMappingAdvisor)?
    ) async throws -> CheckedFile {
        let check = { (options: ImportOptions) in
            try await OwnThread.run(name: "bookstrack import check") { try Self.check(url, options: options) }
        }
        do {
            return CheckedFile(options: options, check: try await check(options), rememberedMapping: nil)
        } catch let error as ImportError {
            guard case .unknownFormat = error, options.mapping == nil else { throw error }
            guard let remembered = try await remembered?(url, options.limits) else {
                throw await error.advised(by: advisor)
            }
            var options = options
            options.mapping = remembered
            return CheckedFile(options: options, check: try await check(options), rememberedMapping: remembered)
        }
    }

    public func importFile(
        at url: URL, options: ImportOptions, checked: ImportCheck? = nil, progress: @escaping @Sendable (ImportProgress) -> Void = { _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) async throws -> ImportSummary {
        let importer = LibraryImporter(store: store, now: now, isCancelled: isCancelled)
        let summary = try await OwnThread.run(name: "bookstrack import") {
            try importer.importFile(at: url, options: options, checked: checked, progress: progress)
        }
        // A mapping that read a file for real is remembered for files with the same header.
        if let mapping = options.mapping, !options.dryRun, summary.rows > 0, let header = try? LibraryImporter.header(of: url, limits: options.limits) {
            let store = store
            let now = now()
            try await store.transaction { try store.rememberImportMapping(mapping.text, header: ColumnMapping.headerKey(header), now: now) }
        }
        return summary
    }

    /// The mapping this reader confirmed before for a file with the same header as the file at
    /// `url`; nil when there is none (or the file is not CSV or TSV).
    public func rememberedMapping(for url: URL, limits: ImportLimits = ImportLimits()) async throws -> ColumnMapping? {
        guard let header = try? LibraryImporter.header(of: url, limits: limits) else { return nil }
        let store = store
        let text = try await store.snapshot { try store.importMapping(header: ColumnMapping.headerKey(header)) }
        return text.flatMap { try? ColumnMapping(parsing: $0) }
    }

    /// Writes the whole library as BooksTrack JSON (with photos when asked); returns the books written.
    public func exportJSON(
        to url: URL, includePhotos: Bool, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> Int {
        let exporter = LibraryExporter(store: store)
        return try await OwnThread.run(name: "bookstrack export") {
            try exporter.exportJSON(to: url, includePhotos: includePhotos, progress: progress)
        }
    }

    /// Writes the library as a Goodreads CSV export; returns the books written.
    public func exportGoodreadsCSV(to url: URL, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> Int {
        let exporter = LibraryExporter(store: store)
        return try await OwnThread.run(name: "bookstrack export") {
            try exporter.exportGoodreadsCSV(to: url, progress: progress)
        }
    }
}
