import Foundation

/// A user who can sign in to the server: the library's user, whether it administers the server,
/// and whether it has a password yet (the terminal's local user has none until it is claimed).
public struct Account: Hashable, Sendable {
    public var user: User
    public var isAdmin: Bool
    public var hasPassword: Bool

    /// Creates an account.
    public init(user: User, isAdmin: Bool, hasPassword: Bool) {
        self.user = user
        self.isAdmin = isAdmin
        self.hasPassword = hasPassword
    }
}

/// An API token as listed: its secret is shown once, when it is created, and never stored.
public struct APIToken: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = Identifier<APIToken>

    public var id: ID
    /// What the reader called it ("e-reader sync", "backup script").
    public var name: String
    public var dateCreated: Date
    /// The last request it authenticated; nil when never used.
    public var lastUsed: Date?

    /// Creates a token description.
    public init(id: ID = ID(), name: String, dateCreated: Date, lastUsed: Date? = nil) {
        self.id = id
        self.name = name
        self.dateCreated = dateCreated
        self.lastUsed = lastUsed
    }
}

/// A token just created: its description and its secret, shown this once.
public struct CreatedAPIToken: Sendable {
    public var token: APIToken
    /// `bt_` and 43 characters of base64url: 256 random bits.
    public var secret: String
}

/// Who may create an account on the server.
public enum SignUpPolicy: String, Sendable, CaseIterable, Codable {
    /// Only an administrator adds accounts (`bookstrack user add`). The default.
    case closed
    /// Anyone.
    case open
}

/// Why an account use case could not be done.
public enum AccountError: Error, Hashable, Sendable, CustomStringConvertible {
    case passwordTooShort(minimum: Int)
    case passwordTooLong(maximumBytes: Int)
    case nameTaken(String)
    /// A wrong name or a wrong password: which of the two is not said.
    case wrongCredentials
    case tokenNameEmpty
    case tokenNameTooLong(limit: Int)
    case tooManyTokens(limit: Int)
    case tokenNotFound
    case accountNotFound(String)
    case sessionNotFound

    public var description: String {
        switch self {
        case .passwordTooShort(let minimum): "the password must have at least \(minimum) characters"
        case .passwordTooLong(let maximum): "the password must be at most \(maximum) bytes long (bcrypt reads no further)"
        case .nameTaken(let name): "an account named \(name) already exists"
        case .wrongCredentials: "wrong name or password"
        case .tokenNameEmpty: "give the token a name"
        case .tokenNameTooLong(let limit): "a token's name has at most \(limit) characters"
        case .tooManyTokens(let limit): "an account has at most \(limit) tokens; revoke one first"
        case .tokenNotFound: "no such token"
        case .accountNotFound(let name): "no account named \(name)"
        case .sessionNotFound: "no such session"
        }
    }
}

/// A browser's signed-in session as listed: its secret lives only in the browser's cookie, and
/// the store keeps its digest.
public struct BrowserSession: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = Identifier<BrowserSession>

    public var id: ID
    public var dateCreated: Date
    public var lastSeen: Date
    /// The browser's User-Agent at sign-in, cut to 200 characters, to recognize it in the list.
    public var userAgent: String?

    /// Creates a session description.
    public init(id: ID = ID(), dateCreated: Date, lastSeen: Date, userAgent: String?) {
        self.id = id
        self.dateCreated = dateCreated
        self.lastSeen = lastSeen
        self.userAgent = userAgent
    }
}

/// A session just opened: the secret for the cookie and the token forms and scripts send back
/// with every unsafe request (CSRF protection).
public struct OpenedSession: Sendable {
    public var session: BrowserSession
    public var account: Account
    public var secret: String
    public var csrfToken: String
}
