import BooksTrackCore
import Foundation

/// The account use cases: the first account, sign-in, passwords and API tokens. Shared by the
/// server and the terminal (`bookstrack user add`, `bookstrack token create`).
public struct AccountService: Sendable {
    /// Fewest characters of a password.
    public static let passwordMinimum = 8
    /// Most bytes of a password: bcrypt reads the first 72 and ignores the rest, so a longer one
    /// would be accepted with any ending.
    public static let passwordMaximumBytes = 72
    /// Most characters of a token's name.
    public static let tokenNameLimit = 64
    /// Most tokens an account holds.
    public static let tokenLimit = 50
    /// What every token secret starts with, so a leaked one is recognizable.
    public static let tokenPrefix = "bt_"

    private let store: any AccountStore & SessionStore
    private let secrets: any Secrets
    private let now: @Sendable () -> Date
    /// A hash checked against when the name is unknown, so an unknown name costs what a wrong
    /// password costs; made on first use.
    private let decoy = DecoyHash()

    /// Creates the service.
    public init(store: any AccountStore & SessionStore, secrets: any Secrets, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.secrets = secrets
        self.now = now
    }

    /// Whether the server has no account that can sign in yet.
    public func needsFirstAccount() async throws -> Bool {
        try await !store.hasAccountWithPassword()
    }

    /// Creates an account. A user that already exists without a password (a library kept from the
    /// terminal) is claimed: it keeps its books and takes the password. The first account with a
    /// password also claims the terminal's `local` library, renamed to `name`.
    /// The server's first account, an administrator, made with the one-time setup code the server
    /// printed at start (`expected`): for the web app's setup page and the API alike. Refused
    /// once any account has a password, or with another code.
    public func createFirstAccount(name: String, password: String, setupCode: String, expected: String) async throws -> Account {
        guard try await needsFirstAccount() else { throw AccountError.alreadySetUp }
        guard Self.secretsMatch(setupCode, expected) else { throw AccountError.wrongSetupCode }
        return try await createAccount(name: name, password: password, isAdmin: true)
    }

    public func createAccount(name: String, password: String, isAdmin: Bool) async throws -> Account {
        let name = try User.validatedName(name)
        try Self.check(password: password)
        let hash = secrets.hashPassword(password)
        if let claimed = try await store.claim(user: name, as: name, passwordHash: hash, isAdmin: isAdmin) { return claimed }
        if try await !store.hasAccountWithPassword(),
           let claimed = try await store.claim(user: User.defaultLocalName, as: name, passwordHash: hash, isAdmin: isAdmin) {
            return claimed
        }
        return try await store.createAccount(name: name, passwordHash: hash, isAdmin: isAdmin, now: now())
    }

    /// Signs up under the server's policy: closed refuses, invite needs a live invitation (used up
    /// with the account, in one transaction), open takes anyone. A sign-up never claims a library
    /// kept from the terminal: a name in use is taken, whether or not it has a password.
    public func signUp(name: String, password: String, invitation: String?, policy: SignUpPolicy) async throws -> Account {
        let name = try User.validatedName(name)
        try Self.check(password: password)
        // An invitation is the administrator making an account: it works whatever the public
        // sign-up policy is.
        if let code = invitation?.trimmingCharacters(in: .whitespacesAndNewlines), !code.isEmpty {
            guard Self.isWellFormed(secret: code) else { throw AccountError.invitationNotValid }
            return try await store.createAccount(
                name: name, passwordHash: secrets.hashPassword(password), invitationDigest: secrets.digest(token: code), now: now())
        }
        switch policy {
        case .closed:
            throw AccountError.signUpClosed
        case .invite:
            throw AccountError.invitationRequired
        case .open:
            return try await store.createAccount(name: name, passwordHash: secrets.hashPassword(password), isAdmin: false, now: now())
        }
    }

    /// The account whose name and password these are. A wrong password, an unknown name and an
    /// account without a password all fail the same way, after the same work.
    public func signIn(name: String, password: String) async throws -> Account {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        // A name that could be two accounts' (Alice and alice from before names were compared
        // without case) signs in to neither: it fails as a wrong password does.
        var found: (account: Account, passwordHash: String?)?
        do {
            found = name.isEmpty || name.count > User.nameLimit ? nil : try await store.account(named: name)
        } catch LibraryError.ambiguousUser {
            found = nil
        }
        guard let found, let hash = found.passwordHash, password.utf8.count <= Self.passwordMaximumBytes else {
            _ = secrets.verifyPassword(password.utf8.count <= Self.passwordMaximumBytes ? password : "", hash: decoyHash())
            throw AccountError.wrongCredentials
        }
        guard secrets.verifyPassword(password, hash: hash) else { throw AccountError.wrongCredentials }
        return found.account
    }

    /// The account with this name (for the terminal, which the file's owner runs).
    public func account(named name: String) async throws -> Account {
        guard let found = try await store.account(named: name.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw AccountError.accountNotFound(name)
        }
        return found.account
    }

    /// Changes a password after checking the current one, and signs out every other browser:
    /// whoever knew the old password is not left signed in. Answers how many sessions ended.
    @discardableResult
    public func changePassword(of account: Account, current: String, new: String, keeping session: BrowserSession.ID? = nil) async throws -> Int {
        _ = try await signIn(name: account.user.name, password: current)
        try Self.check(password: new)
        try await store.setPasswordHash(secrets.hashPassword(new), of: account.user.id)
        return try await store.endSessions(of: account.user.id, keeping: session)
    }

    /// Deletes the account with its whole library after checking its password. The only
    /// administrator of a server where others have accounts is refused (`lastAdministrator`).
    public func deleteAccount(_ account: Account, password: String) async throws {
        _ = try await signIn(name: account.user.name, password: password)
        try await store.deleteAccount(account.user.id) { census in try census.checkDeletion() }
    }

    /// A password set from the terminal, and how many browsers it signed out.
    public struct PasswordReset: Sendable {
        public var account: Account
        public var endedSessions: Int
    }

    /// Sets the password of the named account without the current one (an administrator's reset
    /// from the terminal), and signs out every browser of the account: a reset is what follows a
    /// password someone else learned, as much as one forgotten.
    public func resetPassword(name: String, password: String) async throws -> PasswordReset {
        try Self.check(password: password)
        guard let found = try await store.account(named: name) else { throw AccountError.accountNotFound(name) }
        try await store.setPasswordHash(secrets.hashPassword(password), of: found.account.user.id)
        let ended = try await store.endSessions(of: found.account.user.id, keeping: nil)
        return PasswordReset(account: Account(user: found.account.user, isAdmin: found.account.isAdmin, hasPassword: true), endedSessions: ended)
    }

    // MARK: Tokens

    /// Creates a token for the account; its secret is in the answer and nowhere else.
    public func createToken(for account: Account, name: String) async throws -> CreatedAPIToken {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw AccountError.tokenNameEmpty }
        guard name.count <= Self.tokenNameLimit else { throw AccountError.tokenNameTooLong(limit: Self.tokenNameLimit) }
        guard try await store.tokens(of: account.user.id).count < Self.tokenLimit else {
            throw AccountError.tooManyTokens(limit: Self.tokenLimit)
        }
        let secret = Self.newSecret()
        let token = APIToken(name: name, dateCreated: now())
        try await store.addToken(token, digest: secrets.digest(token: secret), of: account.user.id)
        return CreatedAPIToken(token: token, secret: secret)
    }

    /// The account's tokens, newest first, with their last use.
    public func tokens(of account: Account) async throws -> [APIToken] {
        try await store.tokens(of: account.user.id)
    }

    /// Revokes one of the account's tokens; another account's token is `tokenNotFound`.
    public func revokeToken(_ id: APIToken.ID, of account: Account) async throws {
        guard try await store.revokeToken(id, of: account.user.id) else { throw AccountError.tokenNotFound }
    }

    /// The account a bearer token belongs to; nil for anything that is not a live token (a
    /// malformed one is not looked up).
    public func account(bearer secret: String) async throws -> Account? {
        guard Self.isWellFormed(secret: secret) else { return nil }
        return try await store.account(tokenDigest: secrets.digest(token: secret), now: now())
    }

    // MARK: Invitations

    /// Most characters of an invitation's note.
    public static let invitationNoteLimit = 200
    /// The longest an invitation lasts, in days.
    public static let invitationMaximumDays = 90

    /// Makes an invitation (an administrator's); its code is in the answer and nowhere else.
    public func invite(by account: Account, note: String?, days: Int = 7) async throws -> CreatedInvitation {
        guard account.isAdmin else { throw AccountError.adminOnly }
        let note = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let note, note.count > Self.invitationNoteLimit { throw AccountError.invitationNoteTooLong(limit: Self.invitationNoteLimit) }
        guard (1...Self.invitationMaximumDays).contains(days) else {
            throw AccountError.invitationLifetimeOutOfRange(maximumDays: Self.invitationMaximumDays)
        }
        let now = now()
        let invitation = Invitation(note: note?.isEmpty == true ? nil : note, dateCreated: now, expiresAt: now.addingTimeInterval(Double(days) * 86_400))
        let code = Self.newSecret()
        try await store.addInvitation(invitation, digest: secrets.digest(token: code), by: account.user.id)
        return CreatedInvitation(invitation: invitation, code: code)
    }

    /// The invitations the account made, newest first.
    public func invitations(by account: Account) async throws -> [Invitation] {
        guard account.isAdmin else { throw AccountError.adminOnly }
        return try await store.invitations(by: account.user.id)
    }

    /// Withdraws one of the account's invitations; anyone else's is `invitationNotFound`.
    public func revokeInvitation(_ id: Invitation.ID, by account: Account) async throws {
        guard try await store.revokeInvitation(id, by: account.user.id) else { throw AccountError.invitationNotFound }
    }

    // MARK: Browser sessions

    /// A session ends after this long without a request.
    public static let sessionIdleLimit: TimeInterval = 30 * 86_400

    /// Opens a session for an account that just signed in: a new secret every time (a sign-in
    /// never reuses a session a page may have planted), and a CSRF token bound to it.
    public func openSession(for account: Account, userAgent: String?) async throws -> OpenedSession {
        let secret = Self.newSecret()
        let csrf = csrfToken(forSession: secret)
        let now = now()
        let session = BrowserSession(dateCreated: now, lastSeen: now, userAgent: userAgent.map { String($0.prefix(200)) })
        try await store.addSession(session, digest: secrets.digest(token: secret), csrfDigest: secrets.digest(token: csrf), of: account.user.id)
        return OpenedSession(session: session, account: account, secret: secret, csrfToken: csrf)
    }

    /// The account and session a cookie's secret belongs to; nil for anything that is not a live session.
    public func session(secret: String) async throws -> (account: Account, session: BrowserSession, csrfDigest: String)? {
        guard Self.isWellFormed(secret: secret) else { return nil }
        return try await store.session(digest: secrets.digest(token: secret), now: now(), idleLimit: Self.sessionIdleLimit)
    }

    /// The CSRF token of a session, made again from the cookie's secret whenever a page needs it
    /// (a form's hidden field); the store keeps only its digest.
    public func csrfToken(forSession secret: String) -> String {
        secrets.digest(token: secret + "|csrf")
    }

    /// Whether `token` is the CSRF token of the session whose CSRF digest this is.
    public func csrfTokenMatches(_ token: String, digest: String) -> Bool {
        Self.secretsMatch(secrets.digest(token: token), digest)
    }

    /// The account's sessions, most recently seen first.
    public func sessions(of account: Account) async throws -> [BrowserSession] {
        try await store.sessions(of: account.user.id)
    }

    /// Ends one of the account's sessions (signing out, or revoking another browser).
    public func endSession(_ id: BrowserSession.ID, of account: Account) async throws {
        guard try await store.endSession(id, of: account.user.id) else { throw AccountError.sessionNotFound }
    }

    // MARK: Rules

    /// Checks a new password's length.
    public static func check(password: String) throws(AccountError) {
        guard password.count >= passwordMinimum else { throw .passwordTooShort(minimum: passwordMinimum) }
        guard password.utf8.count <= passwordMaximumBytes else { throw .passwordTooLong(maximumBytes: passwordMaximumBytes) }
    }

    /// Whether `secret` has a token's shape: the prefix and 43 base64url characters.
    static func isWellFormed(secret: String) -> Bool {
        guard secret.hasPrefix(tokenPrefix) else { return false }
        let body = secret.utf8.dropFirst(tokenPrefix.utf8.count)
        return body.count == 43 && body.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }

    /// A one-time secret for the server's setup link.
    public static func newSetupSecret() -> String {
        String(newSecret().dropFirst(tokenPrefix.count))
    }

    /// Whether two secrets are equal, comparing every byte whatever the first difference.
    public static func secretsMatch(_ given: String, _ expected: String) -> Bool {
        let given = Array(given.utf8), expected = Array(expected.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// 256 random bits from the system's secure generator, as `bt_` and base64url without padding.
    static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return tokenPrefix + base64
    }

    private func decoyHash() -> String {
        if let hash = decoy.value { return hash }
        let hash = secrets.hashPassword("decoy password for unknown names")
        decoy.value = hash
        return hash
    }
}

/// The decoy hash, shared by copies of the service.
private final class DecoyHash: @unchecked Sendable {
    private let lock = NSLock()
    private var hash: String?

    // Guarded by `lock`.
    var value: String? {
        get { lock.withLock { hash } }
        set { lock.withLock { hash = newValue } }
    }
}
