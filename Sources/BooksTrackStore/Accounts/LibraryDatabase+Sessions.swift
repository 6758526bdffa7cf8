import BooksTrackCore
import Foundation
import GRDB

/// Browser sessions (migration `v16-browser-sessions`), kept by the digest of the cookie's secret.
extension LibraryDatabase: SessionStore {
    public func addSession(_ session: BrowserSession, digest: String, csrfDigest: String, of user: User.ID) async throws {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                let changed = try SQLiteLibraryStore.execute(db, """
                    INSERT INTO browser_sessions (id, userKey, digest, csrfDigest, userAgent, dateCreated, lastSeen)
                    SELECT ?, key, ?, ?, ?, ?, ? FROM users WHERE id = ?
                    """, [session.id.storageText, digest, csrfDigest, session.userAgent, session.dateCreated.databaseSeconds,
                          session.lastSeen.databaseSeconds, user.storageText])
                guard changed == 1 else { throw AccountError.accountNotFound(user.description) }
            }
        }
    }

    public func session(digest: String, now: Date, idleLimit: TimeInterval) async throws -> (account: Account, session: BrowserSession, csrfDigest: String)? {
        try await StoreError.translatingErrors {
            let found = try await writer.read { db in
                try SQLiteLibraryStore.fetch(db, """
                    SELECT u.id, u.name, u.dateCreated, u.isAdmin, u.passwordHash, s.id, s.dateCreated, s.lastSeen, s.userAgent, s.csrfDigest
                    FROM browser_sessions s JOIN users u ON u.key = s.userKey WHERE s.digest = ?
                    """, [digest], table: "browser_sessions") { reader in
                    let user = try UserRecord.decode(&reader)
                    let isAdmin = try reader.bool()
                    let hasPassword = try reader.optionalString() != nil
                    let session = BrowserSession(id: try reader.textID(), dateCreated: try reader.date(), lastSeen: try reader.date(),
                                                 userAgent: try reader.optionalString())
                    return (account: Account(user: user, isAdmin: isAdmin, hasPassword: hasPassword), session: session, csrfDigest: try reader.string())
                }.first
            }
            guard let found else { return nil }
            let idle = now.timeIntervalSince(found.session.lastSeen)
            guard idle <= idleLimit else {
                try await writer.write { db in
                    try SQLiteLibraryStore.execute(db, "DELETE FROM browser_sessions WHERE digest = ?", [digest])
                }
                return nil
            }
            // Seen is kept to the minute: a request reads, and one a minute per session writes.
            if idle >= 60 {
                try await writer.write { db in
                    try SQLiteLibraryStore.execute(db, "UPDATE browser_sessions SET lastSeen = ? WHERE digest = ?", [now.databaseSeconds, digest])
                }
            }
            return found
        }
    }

    public func sessions(of user: User.ID) async throws -> [BrowserSession] {
        try await StoreError.translatingErrors {
            try await writer.read { db in
                try SQLiteLibraryStore.fetch(db, """
                    SELECT s.id, s.dateCreated, s.lastSeen, s.userAgent FROM browser_sessions s JOIN users u ON u.key = s.userKey
                    WHERE u.id = ? ORDER BY s.lastSeen DESC, s.id
                    """, [user.storageText], table: "browser_sessions") { reader in
                    BrowserSession(id: try reader.textID(), dateCreated: try reader.date(), lastSeen: try reader.date(),
                                   userAgent: try reader.optionalString())
                }
            }
        }
    }

    public func endSession(_ id: BrowserSession.ID, of user: User.ID) async throws -> Bool {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                try SQLiteLibraryStore.execute(db, """
                    DELETE FROM browser_sessions WHERE id = ? AND userKey = (SELECT key FROM users WHERE id = ?)
                    """, [id.storageText, user.storageText]) == 1
            }
        }
    }

    public func endSessions(of user: User.ID, keeping kept: BrowserSession.ID?) async throws -> Int {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                try SQLiteLibraryStore.execute(db, """
                    DELETE FROM browser_sessions WHERE userKey = (SELECT key FROM users WHERE id = ?) AND id IS NOT ?
                    """, [user.storageText, kept?.storageText])
            }
        }
    }
}
