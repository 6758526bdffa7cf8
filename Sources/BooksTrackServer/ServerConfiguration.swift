import BooksTrackCore
import Foundation

/// How `bookstrack serve` runs: where it listens and who may sign up.
public struct ServerConfiguration: Sendable {
    /// The address to listen on; loopback unless the operator opens it.
    public var host: String
    public var port: Int
    /// The address readers use (behind a reverse proxy: its https URL); links and cookies follow it.
    public var publicURL: URL?
    public var signUp: SignUpPolicy
    /// bcrypt's work factor for new passwords.
    public var passwordCost: UInt8
    /// The largest JSON body a route reads.
    public var jsonBodyLimit: Int
    /// How long a request may take before it is answered 503 (its work is cancelled).
    public var requestTimeLimit: Duration
    /// How long a page of the book list is kept encoded before one request reads it again.
    public var bookPageLifetime: Duration
    /// The same for the routes that take an upload (imports, page photos): a 50 MB file on a slow line.
    public var uploadTimeLimit: Duration
    /// How many connections are held at once and how long each may take to send its request.
    public var connections: ConnectionLimits
    /// Addresses of reverse proxies whose `X-Forwarded-For` is believed (none by default): a
    /// request through one is counted and throttled by the address the proxy names.
    public var trustedProxies: Set<String>
    /// Uploaded images kept waiting while two are worked on; past it an upload is answered 429.
    public var imagesWaiting: Int

    /// The defaults: loopback port 8080, sign-up closed.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, publicURL: URL? = nil, signUp: SignUpPolicy = .closed,
        passwordCost: UInt8 = 11, jsonBodyLimit: Int = 64 * 1024, requestTimeLimit: Duration = .seconds(30),
        uploadTimeLimit: Duration = .seconds(600), bookPageLifetime: Duration = .seconds(1),
        connections: ConnectionLimits = ConnectionLimits(), trustedProxies: Set<String> = [], imagesWaiting: Int = 24
    ) {
        self.imagesWaiting = imagesWaiting
        self.connections = connections
        self.trustedProxies = trustedProxies
        self.bookPageLifetime = bookPageLifetime
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.signUp = signUp
        self.passwordCost = passwordCost
        self.jsonBodyLimit = jsonBodyLimit
        self.requestTimeLimit = requestTimeLimit
        self.uploadTimeLimit = uploadTimeLimit
    }
}
