import BooksTrackCore
import Foundation
import GRDB

/// One user's library in a SQLite file: the `LibraryStore` port over GRDB.
///
/// Every statement filters by the store's user, and every key includes the user, so another
/// user's identifiers behave exactly like missing rows. Every method is one transaction.
public struct SQLiteLibraryStore: LibraryStore {
    /// The user whose library this is.
    public let userID: User.ID
    let writer: any DatabaseWriter
    /// `userID` as stored: lower-case UUID text, bound into every statement.
    let user: String

    init(writer: any DatabaseWriter, userID: User.ID) {
        self.writer = writer
        self.userID = userID
        self.user = userID.description
    }

    /// Runs `body` in a read transaction, translating database errors.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.read(body)
        } catch {
            throw StoreError.translating(error)
        }
    }

    /// Runs `body` in one write transaction (rolled back when it throws), translating database errors.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.write(body)
        } catch {
            throw StoreError.translating(error)
        }
    }
}

extension SQLiteLibraryStore {
    /// One JSON array argument holding `ids`, for `IN (SELECT value FROM json_each(?))`: a single
    /// cached statement serves any number of identifiers, and SQLite still searches the index.
    static func idList(_ ids: some Sequence<some CustomStringConvertible>) -> String {
        JSONStringList.encode(ids.map(\.description)) ?? "[]"
    }

    /// Fetches the rows of a cached statement and decodes each one.
    static func fetch<T>(
        _ db: Database, _ sql: String, _ arguments: StatementArguments, _ decode: (Row) throws -> T
    ) throws -> [T] {
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var results: [T] = []
        while let row = try cursor.next() {
            results.append(try decode(row))
        }
        return results
    }

    /// The single integer a cached statement answers (0 when it answers nothing).
    static func fetchInt(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
    }

    /// Runs a cached statement; returns how many rows it changed.
    @discardableResult
    static func execute(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> Int {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
        return db.changesCount
    }
}
