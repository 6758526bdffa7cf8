import BooksTrackCore
import Foundation
import GRDB

/// Invitations to sign up (migration `v17-invitations`), kept by the digest of their code.
extension LibraryDatabase {
    public func addInvitation(_ invitation: Invitation, digest: String, by user: User.ID) async throws {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                let changed = try SQLiteLibraryStore.execute(db, """
                    INSERT INTO invitations (id, createdBy, digest, note, dateCreated, expiresAt)
                    SELECT ?, key, ?, ?, ?, ? FROM users WHERE id = ?
                    """, [invitation.id.storageText, digest, invitation.note, invitation.dateCreated.databaseSeconds,
                          invitation.expiresAt.databaseSeconds, user.storageText])
                guard changed == 1 else { throw AccountError.accountNotFound(user.description) }
            }
        }
    }

    public func invitations(by user: User.ID) async throws -> [Invitation] {
        try await StoreError.translatingErrors {
            try await writer.read { db in
                try SQLiteLibraryStore.fetch(db, """
                    SELECT i.id, i.note, i.dateCreated, i.expiresAt, i.usedAt FROM invitations i JOIN users u ON u.key = i.createdBy
                    WHERE u.id = ? ORDER BY i.dateCreated DESC, i.id
                    """, [user.storageText], table: "invitations") { reader in
                    Invitation(id: try reader.textID(), note: try reader.optionalString(), dateCreated: try reader.date(),
                               expiresAt: try reader.date(), usedAt: try reader.optionalDate())
                }
            }
        }
    }

    public func revokeInvitation(_ id: Invitation.ID, by user: User.ID) async throws -> Bool {
        try await StoreError.translatingErrors {
            try await writer.write { db in
                try SQLiteLibraryStore.execute(db, """
                    DELETE FROM invitations WHERE id = ? AND createdBy = (SELECT key FROM users WHERE id = ?)
                    """, [id.storageText, user.storageText]) == 1
            }
        }
    }

    public func createAccount(name: String, passwordHash: String, invitationDigest digest: String, now: Date) async throws -> Account {
        let user = User(name: name, dateCreated: now)
        return try await StoreError.translatingErrors {
            try await writer.write { db in
                // Used up first: two sign-ups with one invitation cannot both pass, since the
                // writer runs one transaction at a time.
                let claimed = try SQLiteLibraryStore.execute(db, """
                    UPDATE invitations SET usedAt = ? WHERE digest = ? AND usedAt IS NULL AND expiresAt > ?
                    """, [now.databaseSeconds, digest, now.databaseSeconds])
                guard claimed == 1 else { throw AccountError.invitationNotValid }
                guard try !Self.nameIsTaken(name, db) else { throw AccountError.nameTaken(name) }
                try SQLiteLibraryStore.execute(db, """
                    INSERT INTO users (id, name, nameKey, dateCreated, passwordHash, isAdmin) VALUES (?, ?, ?, ?, ?, 0)
                    ON CONFLICT (name) DO NOTHING
                    """, [user.id.storageText, name, User.nameKey(name), now.databaseSeconds, passwordHash])
                // Thrown inside the transaction, so the invitation stays unused.
                guard db.changesCount == 1 else { throw AccountError.nameTaken(name) }
                try SQLiteLibraryStore.execute(db, "UPDATE invitations SET usedBy = (SELECT key FROM users WHERE id = ?) WHERE digest = ?",
                                               [user.id.storageText, digest])
                return Account(user: user, isAdmin: false, hasPassword: true)
            }
        }
    }
}
