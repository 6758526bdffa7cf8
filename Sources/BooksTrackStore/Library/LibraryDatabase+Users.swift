import BooksTrackCore
import Foundation
import GRDB

extension LibraryDatabase: UserDirectory {
    /// Every user, by name.
    public func users() throws -> [User] {
        do {
            return try writer.read { db in
                try SQLiteLibraryStore.fetch(db, "SELECT \(UserRecord.selection) FROM users ORDER BY name", [], table: "users") {
                    try UserRecord.decode(&$0)
                }
            }
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// The user with this name (surrounding spaces ignored; case and Unicode form too, when no
    /// name is exactly it).
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
        let name = try User.validatedName(name)
        do {
            return try writer.write { db in
                if let existing = try Self.user(named: name, db) { return existing }
                try SQLiteLibraryStore.execute(db, "INSERT INTO users (id, name, nameKey, dateCreated) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO NOTHING",
                                               [User.ID().storageText, name, User.nameKey(name), now.databaseSeconds])
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
        let decode = { (row: inout RowReader) in try UserRecord.decode(&row) }
        if let exact = try SQLiteLibraryStore.fetch(db, "SELECT \(UserRecord.selection) FROM users WHERE name = ?", [name], table: "users", decode).first {
            return exact
        }
        let alike = try SQLiteLibraryStore.fetch(db, "SELECT \(UserRecord.selection) FROM users WHERE nameKey = ? ORDER BY name",
                                                 [User.nameKey(name)], table: "users", decode)
        guard alike.count <= 1 else { throw LibraryError.ambiguousUser(name, candidates: alike.map(\.name)) }
        return alike.first
    }
}
