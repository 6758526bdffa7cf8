import BooksTrackCore
import Foundation
import GRDB

/// Accounts live beside the libraries they own: a user of the file is an account once it has a
/// password. Each method is one transaction on GRDB's async reads and writes, so a request
/// handler never holds a thread of the cooperative pool while SQLite works.
extension LibraryDatabase: AccountStore {
    private static let accountSelection = "u.id, u.name, u.dateCreated, u.isAdmin, u.passwordHash"

    public func account(named name: String) async throws -> (account: Account, passwordHash: String?)? {
        try await StoreError.translatingErrors {
            try await writer.read { db in try Self.account(named: name, db) }
        }
    }

    /// The account named exactly `name`, else the one whose name is `name` but for case and
    /// Unicode form (`User.nameKey`); two such are refused as ambiguous.
    private static func account(named name: String, _ db: Database) throws -> (account: Account, passwordHash: String?)? {
        if let exact = try account(db, where: "u.name = ?", [name]).first { return exact }
        let alike = try account(db, where: "u.nameKey = ? ORDER BY u.name", [User.nameKey(name)])
        guard alike.count <= 1 else { throw LibraryError.ambiguousUser(name, candidates: alike.map(\.account.user.name)) }
        return alike.first
    }

    /// Whether a user's name is `name` but for case and Unicode form.
    static func nameIsTaken(_ name: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM users WHERE name = ? OR nameKey = ?)", arguments: [name, User.nameKey(name)]) ?? false
    }

    public func hasAccountWithPassword() async throws -> Bool {
        try await StoreError.translatingErrors {
            try await writer.read { db in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM users WHERE passwordHash IS NOT NULL)") ?? false
            }
        }
    }

    public func createAccount(name: String, passwordHash: String, isAdmin: Bool, now: Date) async throws -> Account {
        let user = User(name: name, dateCreated: now)
        return try await StoreError.translatingErrors {
            try await writer.write { db in
                guard try !Self.nameIsTaken(name, db) else { throw AccountError.nameTaken(name) }
                try SQLiteLibraryStore.execute(db, """
                    INSERT INTO users (id, name, nameKey, dateCreated, passwordHash, isAdmin) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (name) DO NOTHING
                    """, [user.id.storageText, name, User.nameKey(name), now.databaseSeconds, passwordHash, isAdmin])
                guard db.changesCount == 1 else { throw AccountError.nameTaken(name) }
                return Account(user: user, isAdmin: isAdmin, hasPassword: true)
            }
        }
    }

    public func claim(user name: String, as newName: String, passwordHash: String, isAdmin: Bool) async throws -> Account? {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                guard let found = try Self.account(named: name, db), found.passwordHash == nil else { return nil }
                if User.nameKey(newName) != User.nameKey(found.account.user.name), try Self.nameIsTaken(newName, db) {
                    throw AccountError.nameTaken(newName)
                }
                try SQLiteLibraryStore.execute(db, "UPDATE users SET name = ?, nameKey = ?, passwordHash = ?, isAdmin = ? WHERE id = ?",
                                               [newName, User.nameKey(newName), passwordHash, isAdmin, found.account.user.id.storageText])
                var user = found.account.user
                user.name = newName
                return Account(user: user, isAdmin: isAdmin, hasPassword: true)
            }
        }
    }

    public func setPasswordHash(_ hash: String, of user: User.ID) async throws {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                try SQLiteLibraryStore.execute(db, "UPDATE users SET passwordHash = ? WHERE id = ?", [hash, user.storageText])
            }
        }
    }

    public func deleteAccount(_ user: User.ID, check: @Sendable (AccountCensus) throws -> Void) async throws {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                guard let key = try Int64.fetchOne(db, sql: "SELECT key FROM users WHERE id = ?", arguments: [user.storageText]) else {
                    throw AccountError.accountNotFound(user.description)
                }
                let isAdmin = try Bool.fetchOne(db, sql: "SELECT isAdmin FROM users WHERE key = ?", arguments: [key]) ?? false
                let others = try Row.fetchOne(db, sql: """
                    SELECT COUNT(*), COALESCE(SUM(isAdmin), 0) FROM users WHERE key != ? AND passwordHash IS NOT NULL
                    """, arguments: [key])
                try check(AccountCensus(isAdmin: isAdmin, otherAccounts: others?[0] ?? 0, otherAdministrators: others?[1] ?? 0))
                try SQLiteLibraryStore.execute(db, "DELETE FROM users WHERE key = ?", [key])
                // Tables keyed by user without a foreign key (counters and insight facts the
                // triggers keep) are swept after the cascade, which may have touched them.
                let tables = try String.fetchAll(db, sql: """
                    SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c
                    WHERE m.type = 'table' AND c.name = 'userKey'
                    """)
                for table in tables {
                    try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier) WHERE userKey = ?", arguments: [key])
                }
            }
        }
    }

    public func addToken(_ token: APIToken, digest: String, of user: User.ID) async throws {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                try SQLiteLibraryStore.execute(db, """
                    INSERT INTO api_tokens (id, userKey, name, digest, dateCreated)
                    SELECT ?, key, ?, ?, ? FROM users WHERE id = ?
                    """, [token.id.storageText, token.name, digest, token.dateCreated.databaseSeconds, user.storageText])
                guard db.changesCount == 1 else { throw AccountError.accountNotFound(user.description) }
            }
        }
    }

    public func tokens(of user: User.ID) async throws -> [APIToken] {
        try await StoreError.translatingErrors {
            try await writer.read { db in
                try SQLiteLibraryStore.fetch(db, """
                    SELECT t.id, t.name, t.dateCreated, t.lastUsed FROM api_tokens t JOIN users u ON u.key = t.userKey
                    WHERE u.id = ? ORDER BY t.dateCreated DESC, t.id
                    """, [user.storageText], table: "api_tokens") { reader in
                    APIToken(id: try reader.textID(), name: try reader.string(), dateCreated: try reader.date(),
                             lastUsed: try reader.optionalDate())
                }
            }
        }
    }

    public func account(tokenDigest digest: String, now: Date) async throws -> Account? {
        try await StoreError.translatingErrors {
            let found = try await writer.read { db -> (account: Account, lastUsed: Date?)? in
                guard let found = try Self.account(db, join: "JOIN api_tokens t ON t.userKey = u.key", where: "t.digest = ?", [digest]).first
                else { return nil }
                let lastUsed = try Double.fetchOne(db, sql: "SELECT lastUsed FROM api_tokens WHERE digest = ?", arguments: [digest])
                return (found.account, lastUsed.map(Date.init(databaseSeconds:)))
            }
            guard let found else { return nil }
            // The last use is kept to the minute: a request reads, and one a minute per token writes.
            if found.lastUsed.map({ now.timeIntervalSince($0) >= 60 }) ?? true {
                try await writer.write { db in
                    try SQLiteLibraryStore.execute(db, "UPDATE api_tokens SET lastUsed = ? WHERE digest = ?", [now.databaseSeconds, digest])
                }
            }
            return found.account
        }
    }

    public func revokeToken(_ id: APIToken.ID, of user: User.ID) async throws -> Bool {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                try SQLiteLibraryStore.execute(db, """
                    DELETE FROM api_tokens WHERE id = ? AND userKey = (SELECT key FROM users WHERE id = ?)
                    """, [id.storageText, user.storageText])
                return db.changesCount == 1
            }
        }
    }

    private static func account(
        _ db: Database, join: String = "", where condition: String, _ arguments: StatementArguments
    ) throws -> [(account: Account, passwordHash: String?)] {
        try SQLiteLibraryStore.fetch(db, "SELECT \(accountSelection) FROM users u \(join) WHERE \(condition)", arguments, table: "users") { reader in
            let user = try UserRecord.decode(&reader)
            let isAdmin = try reader.bool()
            let hash = try reader.optionalString()
            return (Account(user: user, isAdmin: isAdmin, hasPassword: hash != nil), hash)
        }
    }
}
