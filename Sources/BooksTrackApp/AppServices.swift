import BooksTrackConcurrency
import BooksTrackCore
import BooksTrackImaging
import BooksTrackProviders
import BooksTrackServices
import BooksTrackStore
import Foundation
import ServiceLifecycle
import Synchronization

/// The services of a long-running process (`bookstrack serve`), built once by the composition
/// root: one pool on the library file, one catalog, one search cache, one HTTP client for every
/// provider, Gemini and Wikidata, and the job runner. It runs as a service of the process's
/// service group: on graceful shutdown, after the server before it in the group has stopped, it
/// saves the cache's counters and closes the HTTP client (jobs still running are resumed by the
/// next start, from their stored input). Front ends get use cases from it, never a
/// database.
public final class AppServices: ProcessServices {
    public let accounts: AccountService
    public let search: SearchService
    public let catalog: CatalogService
    public let jobs: JobService
    public let covers: CoverProxy
    public let barcodes: any BarcodeReader
    /// The process's data folder (its key files live there).
    public let dataDirectory: URL
    private let database: LibraryDatabase
    private let images: any ImageProcessor
    private let now: @Sendable () -> Date
    private let closeSearch: @Sendable () async -> Void
    private let transport: HTTPTransport
    private let closed = Mutex(false)

    init(app: BooksTrackApp, passwordCost: UInt8, log: @escaping @Sendable (String) -> Void) throws {
        dataDirectory = app.dataDirectory
        now = app.now
        images = VipsImageProcessor()
        let database = try app.libraryDatabase()
        self.database = database
        accounts = AccountService(store: database, secrets: app.secrets(passwordCost: passwordCost), now: app.now)
        let providers = try app.providerConfiguration()
        // Everything that can fail is opened before the HTTP client is made, which must be shut down once made.
        let files = try app.searchFiles()
        catalog = CatalogService(catalog: files.catalog)
        let transport = HTTPTransport(configuration: providers)
        self.transport = transport
        let session = app.searchSession(providers, resultLimit: 20, files: files, sharing: transport)
        search = session.search
        closeSearch = session.close
        covers = app.coverProxy()
        barcodes = app.barcodeReader()
        // One Gemini client reads shelf photos and proposes column mappings.
        let gemini = app.gemini(providers, sharing: transport, log: log).client
        let images = images
        let now = app.now
        jobs = JobService(
            store: database, uploads: app.dataDirectory.appendingPathComponent("uploads", isDirectory: true),
            dumps: app.dataDirectory.appendingPathComponent("dumps", isDirectory: true),
            library: { user in UserLibrary(store: database.library(for: user.id), images: images, now: now) },
            users: { try await OwnThread.run(name: "bookstrack users") { try database.users() } },
            search: search, catalog: catalog,
            authorDetails: Result { () throws(UnavailableError) in try app.authorDetailsSource(providers, sharing: transport).source },
            shelfReader: Result { () throws(UnavailableError) in try app.shelfReader(gemini: gemini) },
            columnAdvisor: app.columnMappingAdvisor(gemini: gemini), now: app.now)
    }

    /// The use cases of a signed-in user's library.
    public func library(of user: User) -> UserLibrary {
        UserLibrary(store: database.library(for: user.id), images: images, now: now)
    }

    /// How many changes this process has committed to the library file: a value kept from a read
    /// before the last of them is out of date.
    public var libraryCommitCount: UInt64 { database.commitCount }

    /// Waits for the service group's graceful shutdown, then shuts down.
    public func run() async throws {
        try? await gracefulShutdown()
        await shutdown()
    }

    /// Saves the search cache's counters and closes the HTTP client. Once; later calls do nothing.
    public func shutdown() async {
        guard closed.withLock({ closed in defer { closed = true }; return !closed }) else { return }
        await closeSearch()
        await transport.shutdown()
    }
}

extension BooksTrackApp {
    /// The services of a server process, built once. `passwordCost` is bcrypt's work factor
    /// (tests lower it); `log` receives Gemini's token usage.
    public func services(passwordCost: UInt8 = 11, log: @escaping @Sendable (String) -> Void) throws -> AppServices {
        try AppServices(app: self, passwordCost: passwordCost, log: log)
    }
}
