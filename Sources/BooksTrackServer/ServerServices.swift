import BooksTrackApp
import BooksTrackCatalog
import BooksTrackCore
import BooksTrackProviders
import BooksTrackStore
import Foundation
import Hummingbird
import Logging
import BooksTrackServices

/// What the routes call: the use cases of the server's one library file, built once at start by
/// the composition root, and closed once at shutdown.
final class ServerServices: Sendable {
    let configuration: ServerConfiguration
    let accounts: AccountService
    let search: SearchService
    let covers: CoverProxy
    let jobStore: any JobStore
    let jobs: ServerJobs
    /// The offline catalog, for its stats and dump imports (the search session holds its own connection to it).
    let catalog: CatalogDatabase
    let now: @Sendable () -> Date
    /// Failed sign-ins, per account and per address.
    let throttle: SignInThrottle
    /// The server's signatures (device cookies, image links), under a key kept in the data folder.
    let signing: ServerSigning
    /// The cookies that mark browsers an account has signed in from.
    var knownDevices: KnownDevice { KnownDevice(signing: signing) }
    /// The one-time secret of the setup link, made at start while no account has a password.
    let setupSecret: String
    /// Pages of the book list kept encoded for a second.
    let bookPages: BookPageCache
    /// Reads the ISBN barcodes of back-cover photos.
    let barcodes: any BarcodeReader
    /// Books removed in the web app, kept for its Undo.
    let undoShelf = UndoShelf()
    private let app: BooksTrackApp
    private let database: LibraryDatabase
    private let closeSearch: @Sendable () async -> Void
    private let closeAuthorDetails: @Sendable () async -> Void
    private let closeGemini: @Sendable () async -> Void

    init(app: BooksTrackApp, configuration: ServerConfiguration, logger: Logger) throws {
        self.app = app
        self.configuration = configuration
        bookPages = BookPageCache(lifetime: configuration.bookPageLifetime)
        now = app.now
        throttle = SignInThrottle(now: app.now)
        signing = try ServerSigning(keyFile: app.dataDirectory.appendingPathComponent("server.key"))
        database = try app.libraryDatabase()
        accounts = AccountService(store: database, secrets: app.secrets(passwordCost: configuration.passwordCost), now: app.now)
        let session = try app.searchSession(try app.providerConfiguration(), resultLimit: 20)
        search = session.search
        closeSearch = session.close
        setupSecret = AccountService.newSetupSecret()
        covers = app.coverProxy()
        barcodes = app.barcodeReader()
        jobStore = database
        let database = database
        let providers = try app.providerConfiguration()
        let authorDetails = providers.isOffline ? nil : app.authorDetailsSource(providers)
        if let close = authorDetails?.close { closeAuthorDetails = close } else { closeAuthorDetails = {} }
        catalog = try app.catalog()
        // One Gemini client reads shelf photos and proposes column mappings.
        let gemini = app.gemini(providers, log: { logger.info("\($0)") })
        closeGemini = gemini.close
        let shelf = app.shelfRecognizer(gemini: gemini.client, catalog: catalog)
        jobs = ServerJobs(
            runner: JobRunner(store: database, now: app.now), store: database,
            uploads: app.dataDirectory.appendingPathComponent("uploads", isDirectory: true),
            dumps: app.dataDirectory.appendingPathComponent("dumps", isDirectory: true),
            library: { user in app.library(of: user, database: database) }, search: session.search,
            authorDetails: authorDetails?.source, catalog: catalog, shelfRecognizer: shelf.recognizer,
            shelfRecognizerProblem: shelf.problem, columnAdvisor: app.columnMappingAdvisor(gemini: gemini.client), now: app.now)
    }

    /// How many changes this server has committed to the library file: a kept page read before
    /// the last of them is out of date.
    var libraryCommitCount: UInt64 { database.commitCount }

    /// The use cases of an authenticated account's library.
    func library(_ account: Account) -> UserLibrary {
        app.library(of: account.user, database: database)
    }

    /// The account of the request's bearer token; nil without one; refused for one that is not live.
    func bearerAccount(_ request: Request) async throws -> Account? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.first?.lowercased() == "bearer" else {
            // `curl -u name:password`, say: the answer says what to send instead.
            throw APIError(.unauthorized, code: "INVALID_TOKEN",
                           "the Authorization header must be \"Bearer bt_…\" with an API token; POST /v1/tokens with a name, username and password creates one")
        }
        guard parts.count == 2, let account = try await accounts.account(bearer: String(parts[1]).trimmingCharacters(in: .whitespaces))
        else {
            throw APIError(.unauthorized, code: "INVALID_TOKEN", "the API token is not valid (revoked, mistyped or not a bt_ token)")
        }
        return account
    }

    /// Whether a page from `origin` may open the server's WebSockets, or sign in (a form from
    /// another site would sign its visitor into the attacker's account): its host (and port, when it
    /// names one) must be the public URL's, else the host the request was sent to. Browsers send
    /// `http(s)://host:port`; other clients often `ws://host`.
    func allowsOrigin(_ origin: String, host: String?) -> Bool {
        guard let url = URLComponents(string: origin), let scheme = url.scheme?.lowercased(),
              ["http", "https", "ws", "wss"].contains(scheme), let originHost = url.host?.lowercased()
        else { return false }
        let expected: (host: String, port: Int?)
        if let publicURL = configuration.publicURL, let publicHost = publicURL.host {
            expected = (publicHost.lowercased(), publicURL.port)
        } else if let host, let parsed = URLComponents(string: "http://" + host), let requestHost = parsed.host {
            expected = (requestHost.lowercased(), parsed.port)
        } else {
            return false
        }
        return originHost == expected.host && (url.port == nil || url.port == expected.port)
    }

    /// Whether readers reach the server over https (its public URL says so): cookies are then Secure.
    var servesHTTPS: Bool {
        configuration.publicURL?.scheme?.lowercased() == "https"
    }

    /// Resumes the jobs a stopped server left unfinished.
    func resumeJobs() async throws {
        let users = try database.users()
        try await jobs.resume(users: users)
        // Photos kept before page photos were processed are converted once, in the background.
        try await jobs.convertUnprocessedPhotos(users: users)
    }

    /// Releases the HTTP client and saves the cache counters.
    func close() async {
        await closeSearch()
        await closeAuthorDetails()
        await closeGemini()
    }
}
