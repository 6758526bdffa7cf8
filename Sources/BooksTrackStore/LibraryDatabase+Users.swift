import BooksTrackCore
import Foundation
import GRDB

extension LibraryDatabase: UserDirectory {
    /// Every user, by name.
    public func users() throws -> [User] {
        do {
            return try writer.read { db in
                try Row.fetchAll(db.cachedStatement(sql: "SELECT \(UserRecord.selection) FROM users ORDER BY name"))
                    .map(UserRecord.decode)
            }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// The user with this name (surrounding spaces ignored).
    public func user(named name: String) throws -> User? {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            return try writer.read { db in try Self.user(named: name, db) }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// The user with this name, created with a new identifier if missing.
    public func ensureUser(named name: String, now: Date) throws -> User {
        let name = try Validation.requiredText(name, field: "user name", limit: 128)
        do {
            return try writer.write { db in
                try db.cachedStatement(sql: """
                    INSERT INTO users (id, name, dateCreated) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING
                    """).execute(arguments: [User.ID().description, name, now.databaseSeconds])
                guard let user = try Self.user(named: name, db) else {
                    throw StoreError.databaseFailure(code: -1, message: "user \(name) vanished after it was created")
                }
                return user
            }
        } catch {
            throw StoreError.translating(error)
        }
    }

    private static func user(named name: String, _ db: Database) throws -> User? {
        let statement = try db.cachedStatement(sql: "SELECT \(UserRecord.selection) FROM users WHERE name = ?")
        return try Row.fetchOne(statement, arguments: [name]).map(UserRecord.decode)
    }
}
