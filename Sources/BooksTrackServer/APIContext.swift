import BooksTrackCore
import Foundation
import Hummingbird

/// The context of one API request: Hummingbird's, the account it authenticated as and when it began.
struct APIContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The account of a valid bearer token, set by `AuthenticationMiddleware`.
    var account: Account?
    /// The browser session the request came with, when it was authenticated by its cookie.
    var session: BrowserSession?
    /// The digest of that session's CSRF token, which the web app's forms are checked against.
    var sessionCSRFDigest: String?
    /// When the request began, for the envelope's `processingTime`.
    let started: ContinuousClock.Instant
    /// The address the request came from (the proxy's, behind a reverse proxy).
    let remoteAddress: String?

    init(source: Source) {
        coreContext = .init(source: source)
        started = .now
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The account, or 401 for a request without a valid token.
    func requireAccount() throws -> Account {
        guard let account else { throw APIError.unauthorized }
        return account
    }

    /// Milliseconds since the request began.
    var elapsedMilliseconds: Int {
        let elapsed = ContinuousClock.now - started
        return Int(elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
