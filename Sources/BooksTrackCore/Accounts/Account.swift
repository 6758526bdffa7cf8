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

    public init(token: APIToken, secret: String) {
        self.token = token
        self.secret = secret
    }
}

/// Who may create an account on the server.
public enum SignUpPolicy: String, Sendable, CaseIterable, Codable {
    /// Only an administrator adds accounts (`bookstrack user add`). The default.
    case closed
    /// Whoever holds an administrator's invitation, once.
    case invite
    /// Anyone.
    case open
}

/// An invitation to sign up, as listed: its code is shown once, when it is made, and only its
/// digest is stored. It works once, until it expires.
public struct Invitation: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = Identifier<Invitation>

    public var id: ID
    /// Whom it is for, in the administrator's words ("Sam, upstairs").
    public var note: String?
    public var dateCreated: Date
    public var expiresAt: Date
    /// When it was used to sign up; nil while unused.
    public var usedAt: Date?

    /// Creates an invitation description.
    public init(id: ID = ID(), note: String?, dateCreated: Date, expiresAt: Date, usedAt: Date? = nil) {
        self.id = id
        self.note = note
        self.dateCreated = dateCreated
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}

/// An invitation just made: its description and its code, shown this once.
public struct CreatedInvitation: Sendable {
    public var invitation: Invitation
    /// `bt_` and 43 characters of base64url: 256 random bits.
    public var code: String

    public init(invitation: Invitation, code: String) {
        self.invitation = invitation
        self.code = code
    }
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
    /// Sign-up is closed: an administrator adds accounts.
    case signUpClosed
    /// Sign-up needs an invitation and none was given.
    case invitationRequired
    /// The invitation is unknown, used or expired (which of the three is not said).
    case invitationNotValid
    /// Only an administrator may do this.
    case adminOnly
    case invitationNotFound
    case invitationNoteTooLong(limit: Int)
    case invitationLifetimeOutOfRange(maximumDays: Int)
    /// The only administrator of a server with other accounts cannot leave it without one.
    case lastAdministrator
    /// The server has an account already: the setup code makes only the first.
    case alreadySetUp
    /// The setup code is not the one the server printed when it started.
    case wrongSetupCode

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
        case .signUpClosed: "sign-up is closed on this server; an administrator adds accounts"
        case .invitationRequired: "sign-up on this server needs an invitation from an administrator"
        case .invitationNotValid: "the invitation is not valid: it was mistyped, already used or has expired; ask for a new one"
        case .adminOnly: "only an administrator may do this"
        case .invitationNotFound: "no such invitation"
        case .invitationNoteTooLong(let limit): "an invitation's note has at most \(limit) characters"
        case .invitationLifetimeOutOfRange(let maximum): "an invitation lasts from 1 to \(maximum) days"
        case .alreadySetUp: "the server already has an account; sign in instead"
        case .wrongSetupCode: "that is not the setup code this server printed when it started (look in its log)"
        case .lastAdministrator:
            "you are the only administrator and other people have accounts here: make one of them an administrator first (bookstrack user add NAME --admin on the server)"
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

    public init(session: BrowserSession, account: Account, secret: String, csrfToken: String) {
        self.session = session
        self.account = account
        self.secret = secret
        self.csrfToken = csrfToken
    }
}

/// Who else has an account, as an account is deleted: what the rule of the last administrator reads.
public struct AccountCensus: Hashable, Sendable {
    public var isAdmin: Bool
    /// Other accounts with a password.
    public var otherAccounts: Int
    /// Other administrators with a password.
    public var otherAdministrators: Int

    public init(isAdmin: Bool, otherAccounts: Int, otherAdministrators: Int) {
        self.isAdmin = isAdmin
        self.otherAccounts = otherAccounts
        self.otherAdministrators = otherAdministrators
    }

    /// Deleting is refused when it would leave accounts without an administrator.
    public func checkDeletion() throws(AccountError) {
        if isAdmin, otherAdministrators == 0, otherAccounts > 0 { throw .lastAdministrator }
    }
}
