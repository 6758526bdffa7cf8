import BooksTrackApp
import BooksTrackCore
import BooksTrackProviders
import BooksTrackStore
import Foundation

/// What the routes call: the use cases of the server's one library file, built once at start by
/// the composition root, and closed once at shutdown.
final class ServerServices: Sendable {
    let configuration: ServerConfiguration
    let accounts: AccountService
    let search: SearchService
    let covers: CoverProxy
    let now: @Sendable () -> Date
    /// Failed sign-ins, per account and per address.
    let throttle = SignInThrottle()
    /// The one-time secret of the setup link, made at start while no account has a password.
    let setupSecret: String
    private let app: BooksTrackApp
    private let database: LibraryDatabase
    private let closeSearch: @Sendable () async -> Void

    init(app: BooksTrackApp, configuration: ServerConfiguration) throws {
        self.app = app
        self.configuration = configuration
        now = app.now
        database = try app.libraryDatabase()
        accounts = AccountService(store: database, secrets: app.secrets(passwordCost: configuration.passwordCost), now: app.now)
        let session = try app.searchSession(try app.providerConfiguration(), resultLimit: 20)
        search = session.search
        closeSearch = session.close
        setupSecret = AccountService.newSetupSecret()
        covers = app.coverProxy()
    }

    /// The use cases of an authenticated account's library.
    func library(_ account: Account) -> UserLibrary {
        app.library(of: account.user, database: database)
    }

    /// Releases the HTTP client and saves the cache counters.
    func close() async {
        await closeSearch()
    }
}
