import Foundation

/// Where accounts and API tokens are kept. Every method is one transaction and runs off the
/// caller's thread (async).
public protocol AccountStore: Sendable {
    /// The account with this name and its password hash (nil: no password yet).
    func account(named name: String) async throws -> (account: Account, passwordHash: String?)?
    /// Whether any account has a password: without one, the server needs its first account.
    func hasAccountWithPassword() async throws -> Bool
    /// Creates the user with a password hash; `AccountError.nameTaken` when the name is in use.
    func createAccount(name: String, passwordHash: String, isAdmin: Bool, now: Date) async throws -> Account
    /// Gives the existing user `name` (the terminal's library) a password, and renames it to
    /// `newName`, in one transaction; nil when there is no such user or it already has a password.
    func claim(user name: String, as newName: String, passwordHash: String, isAdmin: Bool) async throws -> Account?
    /// Replaces a user's password hash.
    func setPasswordHash(_ hash: String, of user: User.ID) async throws
    /// Deletes the account and everything it owns (library, goals, tokens, sessions, jobs,
    /// invitations) in one transaction, after `check` has accepted who else has an account.
    func deleteAccount(_ user: User.ID, check: @Sendable (AccountCensus) throws -> Void) async throws
    /// Stores a new token by the digest of its secret.
    func addToken(_ token: APIToken, digest: String, of user: User.ID) async throws
    /// The user's tokens, newest first.
    func tokens(of user: User.ID) async throws -> [APIToken]
    /// The account a token's digest belongs to, recording `now` as its last use.
    func account(tokenDigest digest: String, now: Date) async throws -> Account?
    /// Deletes one of the user's tokens; false when the user has no such token.
    func revokeToken(_ id: APIToken.ID, of user: User.ID) async throws -> Bool
    /// Stores an invitation by the digest of its code, made by `user`.
    func addInvitation(_ invitation: Invitation, digest: String, by user: User.ID) async throws
    /// The invitations `user` made, newest first.
    func invitations(by user: User.ID) async throws -> [Invitation]
    /// Deletes one of the invitations `user` made; false when there is no such invitation of theirs.
    func revokeInvitation(_ id: Invitation.ID, by user: User.ID) async throws -> Bool
    /// Creates the user with a password hash, using up the invitation of `digest` in the same
    /// transaction: `AccountError.invitationNotValid` when it is unknown, used or expired at `now`,
    /// `AccountError.nameTaken` when the name is in use (the invitation is then left unused).
    func createAccount(name: String, passwordHash: String, invitationDigest digest: String, now: Date) async throws -> Account
}

/// Where browser sessions are kept, by the digest of their secret.
public protocol SessionStore: Sendable {
    func addSession(_ session: BrowserSession, digest: String, csrfDigest: String, of user: User.ID) async throws
    /// The account and session of a secret's digest, if the session is live (seen within
    /// `idleLimit` of `now`); records `now` as seen (at most once a minute).
    func session(digest: String, now: Date, idleLimit: TimeInterval) async throws -> (account: Account, session: BrowserSession, csrfDigest: String)?
    func sessions(of user: User.ID) async throws -> [BrowserSession]
    /// Ends one of the user's sessions; false when the user has no such session.
    func endSession(_ id: BrowserSession.ID, of user: User.ID) async throws -> Bool
    /// Ends every session of the user but `kept`; answers how many ended.
    func endSessions(of user: User.ID, keeping kept: BrowserSession.ID?) async throws -> Int
}

/// Hashes and checks passwords (bcrypt) and digests token secrets (SHA-256). Implemented outside
/// the core, which imports only Foundation.
public protocol Secrets: Sendable {
    /// A salted, slow hash of the password.
    func hashPassword(_ password: String) -> String
    /// Whether the password matches the hash, in time that does not depend on where they differ.
    func verifyPassword(_ password: String, hash: String) -> Bool
    /// The digest a token is stored and looked up by (hex SHA-256 of its secret).
    func digest(token secret: String) -> String
}
