import BooksTrackCatalog
import BooksTrackConcurrency
import BooksTrackCore
import BooksTrackImaging
import BooksTrackImport
import BooksTrackProviders
import BooksTrackServices
import BooksTrackStore
import Foundation

/// The composition root: the one place where the concrete stores, providers and HTTP clients are
/// built and handed to the use cases. The terminal (and the server) ask it for services; none of
/// them opens a database, a cache or a provider itself.
public struct BooksTrackApp: ServiceRoot {
    /// The folder of the library, the catalog and the cache.
    public let dataDirectory: URL
    /// Environment variables (provider keys, offline mode, contact).
    public let environment: [String: String]
    /// The clock every rule reads.
    public let now: @Sendable () -> Date

    /// The search cache, opened (and created if needed).
    public func searchCache() throws -> any SearchCache {
        try cache()
    }

    public func processServices(passwordCost: UInt8, log: @escaping @Sendable (String) -> Void) throws -> any ProcessServices {
        try services(passwordCost: passwordCost, log: log)
    }

    /// Creates the root over a data directory.
    public init(dataDirectory: URL, environment: [String: String], now: @escaping @Sendable () -> Date) {
        self.dataDirectory = dataDirectory
        self.environment = environment
        self.now = now
    }

    // MARK: Libraries

    /// Whether the data folder holds a library file already (reading it would not create one).
    public var hasLibrary: Bool {
        FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("library.sqlite").path)
    }

    /// The library file, opened once per process (`OpenFiles`) and created if needed.
    func libraryDatabase() throws -> LibraryDatabase {
        // A folder made by an earlier version, or by hand, is made the owner's only too.
        OwnerOnly.restrictFolder(dataDirectory)
        return try OpenFiles.shared.library(at: dataDirectory.appendingPathComponent("library.sqlite").path)
    }

    /// The services of a user's library. Only `creatingUser` creates a user that does not exist;
    /// reading never does: the default user not created yet reads as an empty library (a fresh
    /// data folder), as does any user with `unknownUserIsEmpty` (a preview); any other unknown
    /// name is refused, so a mistyped name is not shown as an empty library.
    public func library(user name: String, creatingUser: Bool = false, unknownUserIsEmpty: Bool = false) throws -> UserLibrary {
        let name = try User.validatedName(name)
        let database = try libraryDatabase()
        if creatingUser {
            return UserLibrary(store: database.library(for: try database.ensureUser(named: name, now: now()).id), images: VipsImageProcessor(), now: now)
        }
        if let user = try database.user(named: name) { return UserLibrary(store: database.library(for: user.id), images: VipsImageProcessor(), now: now) }
        guard name == User.defaultLocalName || unknownUserIsEmpty else {
            throw UnknownUserError(name: name, known: try database.users().map(\.name))
        }
        // An identifier no row carries: every read finds nothing, and a write is refused.
        return UserLibrary(store: database.library(for: User.ID()), images: VipsImageProcessor(), now: now)
    }

    // MARK: Accounts

    /// The account use cases over the library file's users. `passwordCost` is bcrypt's work
    /// factor (tests lower it).
    public func accounts(passwordCost: UInt8 = 11) throws -> AccountService {
        AccountService(store: try libraryDatabase(), secrets: secrets(passwordCost: passwordCost), now: now)
    }

    /// bcrypt for passwords, SHA-256 for token secrets.
    public func secrets(passwordCost: UInt8 = 11) -> any Secrets {
        AccountSecrets(cost: passwordCost)
    }

    // MARK: Covers

    /// The cover proxy: the allowlist is `BOOKSTRACK_PROXY_ALLOW` (comma-separated host names; a
    /// leading dot allows subdomains), else the cover hosts of the providers and the catalog;
    /// covers are kept in `covers/` of the data folder.
    public func coverProxy() -> CoverProxy {
        var policy = OutboundURLPolicy()
        if let list = environment["BOOKSTRACK_PROXY_ALLOW"], !list.isEmpty {
            policy.allowedHosts = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty })
        }
        let offline = (try? providerConfiguration().isOffline) ?? false
        let images = VipsImageProcessor()
        return CoverProxy(policy: policy, cacheDirectory: dataDirectory.appendingPathComponent("covers", isDirectory: true), isOffline: offline,
                          resize: { data, width in try await images.resized(data, width: width) })
    }

    // MARK: Images

    /// Bounds the images this process keeps waiting for their turn (two are worked on at once):
    /// past `count`, a new one is refused as busy (`ImageError.busy`) instead of waiting.
    public func limitWaitingImages(to count: Int) {
        ImageWork.shared.limitWaiting(to: count)
    }

    /// The barcode reader of back-cover photos (libvips and zbar).
    public func barcodeReader() -> any BarcodeReader {
        ZBarBarcodeReader()
    }

    // MARK: Search

    /// The offline catalog, opened once per process and created if needed; the bundled seed
    /// loads on first use.
    func catalogDatabase() throws -> CatalogDatabase {
        try OpenFiles.shared.catalog(at: dataDirectory.appendingPathComponent("catalog.sqlite").path, now: now)
    }

    /// The offline catalog's use cases.
    public func catalog() throws -> CatalogService {
        CatalogService(catalog: try catalogDatabase())
    }

    /// Opens (creating if needed) the search cache.
    public func cache() throws -> SQLiteSearchCache {
        try SQLiteSearchCache(path: dataDirectory.appendingPathComponent("cache.sqlite").path)
    }

    /// The provider configuration: the environment, then the front end's settings on top.
    public func providerConfiguration(
        offline: Bool = false, timeout: Double? = nil, providers: String? = nil, contact: String? = nil
    ) throws -> ProviderConfiguration {
        var configuration = try ProviderConfiguration.fromEnvironment(environment)
        if offline { configuration.isOffline = true }
        if let timeout { configuration.timeout = .milliseconds(Int((timeout * 1_000).rounded())) }
        if let providers { configuration.providerOrder = try ProviderConfiguration.parseProviderOrder(providers, setting: "--providers") }
        if let contact { configuration.contact = contact }
        return configuration
    }

    /// A search session: the catalog, the cache and the configured providers, opened together
    /// and closed together (`SearchSession.close`). With a `transport` the session uses that
    /// HTTP client (and leaves it open), else it makes one and closes it.
    public func searchSession(_ configuration: ProviderConfiguration, resultLimit: Int) throws -> SearchSession {
        try searchSession(configuration, resultLimit: resultLimit, sharing: nil)
    }

    func searchSession(_ configuration: ProviderConfiguration, resultLimit: Int, sharing shared: HTTPTransport?) throws -> SearchSession {
        searchSession(configuration, resultLimit: resultLimit, files: try searchFiles(), sharing: shared)
    }

    /// The files a search reads: the cache and the catalog, opened (and created if needed).
    func searchFiles() throws -> (cache: SQLiteSearchCache, catalog: CatalogDatabase) {
        (try cache(), try catalogDatabase())
    }

    /// A search session over files already open; makes nothing that can fail.
    func searchSession(
        _ configuration: ProviderConfiguration, resultLimit: Int, files: (cache: SQLiteSearchCache, catalog: CatalogDatabase), sharing shared: HTTPTransport?
    ) -> SearchSession {
        let (cache, catalog) = files
        let transport = shared ?? HTTPTransport(configuration: configuration)
        let orchestrator = SearchOrchestrator(
            catalog: LocalCatalogProvider(catalog: catalog),
            online: configuration.makeOnlineProviders(transport: transport),
            cache: cache,
            resultLimit: resultLimit,
            now: now
        )
        return SearchSession(search: SearchService(orchestrator: orchestrator), close: {
            try? cache.flushCounters()
            if shared == nil { await transport.shutdown() }
        })
    }

    /// Gemini, when `GEMINI_API_KEY` is set and the providers are online: one client for shelf
    /// photos and column mappings, whose HTTP client `close` releases. `log` receives its token
    /// usage. Without a key no HTTP client is made.
    public func gemini(
        _ configuration: ProviderConfiguration, log: @escaping @Sendable (String) -> Void
    ) -> (client: GeminiClient?, close: @Sendable () async -> Void) {
        gemini(configuration, sharing: nil, log: log)
    }

    func gemini(
        _ configuration: ProviderConfiguration, sharing shared: HTTPTransport?, log: @escaping @Sendable (String) -> Void
    ) -> (client: GeminiClient?, close: @Sendable () async -> Void) {
        guard configuration.geminiKey != nil, !configuration.isOffline else { return (nil, {}) }
        let transport = shared ?? HTTPTransport(configuration: configuration)
        return (GeminiClient(configuration: configuration, transport: transport, log: log), { if shared == nil { await transport.shutdown() } })
    }

    /// What names the books on shelf photos: Gemini when there is a client, unless
    /// `BOOKSTRACK_SCANNER=offline`; else tesseract on this machine with the offline catalog (its
    /// model from `BOOKSTRACK_TESSDATA`, else Debian's folder). Neither can run: the refusal says
    /// what to install or set.
    public func shelfReader(gemini: GeminiClient?) throws(UnavailableError) -> any ShelfRecognizer {
        let choice = environment["BOOKSTRACK_SCANNER"]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if choice != "offline", let gemini { return GeminiShelfRecognizer(client: gemini) }
        let models = environment["BOOKSTRACK_TESSDATA"].flatMap { $0.isEmpty ? nil : $0 }
        guard TesseractShelfRecognizer.isInstalled(in: models) else {
            throw .noShelfReader(problem: "no recognizer is configured: set GEMINI_API_KEY, or install tesseract's English model "
                + "(apt-get install tesseract-ocr-eng" + (models.map { "; BOOKSTRACK_TESSDATA=\($0) has no eng.traineddata" } ?? "") + ")")
        }
        let catalog: CatalogService
        do {
            catalog = try self.catalog()
        } catch {
            throw .noShelfReader(problem: "the offline catalog cannot be opened: \(error)")
        }
        return TesseractShelfRecognizer(dataFolder: models) { words in try await catalog.search(words: words, limit: 10) }
    }

    /// Gemini as the advisor of column mappings for CSVs no importer knows; nil without a client.
    public func columnMappingAdvisor(gemini: GeminiClient?) -> (any ColumnMappingAdvisor)? {
        gemini.map(GeminiColumnAdvisor.init)
    }

    /// Wikidata (and Open Library) as the source of authors' details; `close` releases its client
    /// (one it made: a `transport` given stays open). Offline, it is refused: asking needs the network.
    public func authorDetailsSource(
        _ configuration: ProviderConfiguration
    ) throws(UnavailableError) -> (source: any AuthorDetailsSource, close: @Sendable () async -> Void) {
        try authorDetailsSource(configuration, sharing: nil)
    }

    func authorDetailsSource(
        _ configuration: ProviderConfiguration, sharing shared: HTTPTransport?
    ) throws(UnavailableError) -> (source: any AuthorDetailsSource, close: @Sendable () async -> Void) {
        guard !configuration.isOffline else { throw .offline(needs: "asking Wikidata about authors") }
        let transport = shared ?? HTTPTransport(configuration: configuration)
        return (AuthorDemographicsSuggester(configuration: configuration, transport: transport), { if shared == nil { await transport.shutdown() } })
    }
}

/// Gemini asked which column holds which field of a CSV no importer knows.
struct GeminiColumnAdvisor: ColumnMappingAdvisor {
    let client: GeminiClient

    func suggest(header: [String], rows: [[String]]) async throws -> [ColumnMapping.Field: Int] {
        let answer = try await client.suggestColumns(header: header, rows: rows, fields: ColumnMapping.Field.allCases.map(\.rawValue))
        return Dictionary(uniqueKeysWithValues: answer.compactMap { name, column in ColumnMapping.Field(rawValue: name).map { ($0, column) } })
    }
}
