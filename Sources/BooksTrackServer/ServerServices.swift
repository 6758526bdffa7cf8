import BooksTrackCore
import BooksTrackProviders
import BooksTrackServices
import Foundation
import Hummingbird
import Logging

/// What the routes call: the use cases of the process (`ProcessServices`, built once by the
/// composition root) and what only a server keeps: its configuration, sign-in throttles, signing
/// key, setup secret, kept pages and the web app's Undo shelf.
final class ServerServices: Sendable {
    let configuration: ServerConfiguration
    /// The process's use cases, and their clients' lifetime.
    let app: any ProcessServices
    var accounts: AccountService { app.accounts }
    var search: SearchService { app.search }
    var covers: CoverProxy { app.covers }
    var jobs: JobService { app.jobs }
    var catalog: CatalogService { app.catalog }
    /// Reads the ISBN barcodes of back-cover photos.
    var barcodes: any BarcodeReader { app.barcodes }
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
    /// Books removed in the web app, kept for its Undo.
    let undoShelf = UndoShelf()

    /// `dataDirectory` holds the server's signing key; `services` are made last, once what can
    /// fail without them has not.
    init(configuration: ServerConfiguration, dataDirectory: URL, now: @escaping @Sendable () -> Date,
         services: () throws -> any ProcessServices) throws {
        self.configuration = configuration
        bookPages = BookPageCache(lifetime: configuration.bookPageLifetime)
        self.now = now
        throttle = SignInThrottle(now: now)
        signing = try ServerSigning(keyFile: dataDirectory.appendingPathComponent("server.key"))
        setupSecret = AccountService.newSetupSecret()
        app = try services()
    }

    /// How many changes this server has committed to the library file: a kept page read before
    /// the last of them is out of date.
    var libraryCommitCount: UInt64 { app.libraryCommitCount }

    /// The use cases of an authenticated account's library.
    func library(_ account: Account) -> UserLibrary {
        app.library(of: account.user)
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

    /// The link that joins this server with an invitation: on its public URL, else on the host
    /// the request was sent to. The same for the API's answer and the settings page.
    func joinLink(code: String, host: String?) -> String {
        let base = configuration.publicURL?.absoluteString ?? host.map { "http://\($0)" } ?? ""
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/join?invitation=" + code
    }

    /// Whether readers reach the server over https (its public URL says so): cookies are then Secure.
    var servesHTTPS: Bool {
        configuration.publicURL?.scheme?.lowercased() == "https"
    }

    /// Resumes the jobs a stopped server left unfinished, and converts photos kept before page
    /// photos were processed, in the background.
    func resumeJobs() async throws {
        try await app.jobs.resume()
    }

    /// Releases the HTTP client and saves the cache counters.
    func close() async {
        await app.shutdown()
    }
}
