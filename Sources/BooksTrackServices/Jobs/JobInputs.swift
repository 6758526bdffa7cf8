import BooksTrackCatalog
import BooksTrackCore
import BooksTrackImport
import Foundation

/// What each kind of job needs to run, kept as the job's input so a restart can run it again.
public enum JobInputs {
    /// An uploaded library file and the import's options.
    public struct Import: Codable, Sendable {
        /// The upload's name in the uploads folder (set when the upload is kept).
        public var file: String
        public var format: String?
        public var dryRun: Bool
        public var overwrite: Bool
        /// A column mapping (`title=…,author=…`) for a CSV no importer knows, checked when the job starts.
        public var mapping: String?

        public init(file: String = "", format: String? = nil, dryRun: Bool = false, overwrite: Bool = false, mapping: String? = nil) {
            self.file = file
            self.format = format
            self.dryRun = dryRun
            self.overwrite = overwrite
            self.mapping = mapping
        }

        var options: ImportOptions {
            ImportOptions(format: format.flatMap(ImportFormat.init(rawValue:)), dryRun: dryRun, overwrite: overwrite,
                          mapping: mapping.flatMap { try? ColumnMapping(parsing: $0) })
        }

        /// The mapping read, so that one that cannot be read is refused now rather than ignored.
        func checkedMapping() throws -> ColumnMapping? {
            try mapping.map { try ColumnMapping(parsing: $0) }
        }
    }

    /// Nothing: the photos to convert are those without a thumbnail when the job runs.
    public struct PhotoConversion: Codable, Sendable {
        public init() {}
    }

    /// The library's queued books (`limit`, `force`), or a list of books sent to be looked up.
    public struct Enrichment: Codable, Sendable {
        /// Books sent to be looked up: nothing is saved, the job's result says what was found.
        public var books: [BookLookupQuestion]?
        public var limit: Int?
        public var force: Bool

        public init(books: [BookLookupQuestion]? = nil, limit: Int? = nil, force: Bool = false) {
            self.books = books
            self.limit = limit
            self.force = force
        }
    }

    /// Authors to ask Wikidata about: one by name, else those missing details.
    public struct AuthorSuggestions: Codable, Sendable {
        public var author: String?
        public var limit: Int
        public var apply: Bool

        public init(author: String? = nil, limit: Int, apply: Bool = false) {
            self.author = author
            self.limit = limit
            self.apply = apply
        }
    }

    /// A shelf photo already kept: its scan is recognized (again, after a restart).
    public struct ShelfScan: Codable, Sendable {
        public var scan: String

        public init(scan: String) {
            self.scan = scan
        }
    }

    /// Dump files in the server's dumps folder, imported in order.
    public struct CatalogImport: Codable, Sendable {
        public var files: [String]
        public var restart: Bool

        public init(files: [String], restart: Bool = false) {
            self.files = files
            self.restart = restart
        }
    }
}

/// What a finished job produced, read back from its stored result by its kind: an import's
/// report, an enrichment's report or lookups, the authors' suggestions, the catalog files
/// imported, the photos converted, the scan's report.
public struct JobProducts: Sendable {
    public var report: ImportReport?
    public var enrichment: EnrichmentReport?
    public var lookups: [BookLookupResult]?
    public var authors: AuthorSuggestionsReport?
    public var catalog: [CatalogImportResult]?
    public var photos: PhotoConversionReport?
    public var scan: ScanReport?

    /// Lookups sent to be looked up, as stored.
    struct Lookups: Codable, Sendable {
        var books: [BookLookupResult]
    }

    /// Catalog files imported, as stored.
    struct CatalogImports: Codable, Sendable {
        var files: [CatalogImportResult]
    }

    /// What `job` produced; nothing for a job that has not finished or produced nothing.
    public init(_ job: Job) {
        guard let result = job.result.map({ Data($0.utf8) }) else { return }
        let decoder = JSONDecoder()
        switch job.kind {
        case .import:
            report = try? decoder.decode(ImportReport.self, from: result)
        case .enrichment:
            enrichment = try? decoder.decode(EnrichmentReport.self, from: result)
            lookups = (try? decoder.decode(Lookups.self, from: result))?.books
        case .authorSuggestions:
            authors = try? decoder.decode(AuthorSuggestionsReport.self, from: result)
        case .catalogImport:
            catalog = (try? decoder.decode(CatalogImports.self, from: result))?.files
        case .photoConversion:
            photos = try? decoder.decode(PhotoConversionReport.self, from: result)
        case .shelfScan:
            scan = try? decoder.decode(ScanReport.self, from: result)
        }
    }

    /// A result as stored (Foundation's default encoding, which `init(_:)` decodes).
    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
}
