import BooksTrackCore
import GRDB

extension StoreError {
    /// The error a caller of the store sees for `error`: GRDB's errors translated, so its types
    /// never leave the module; everything else (library and store errors, and errors thrown by
    /// a caller's closure such as `updateEntry`'s change) as it is.
    static func translating(_ error: any Error) -> any Error {
        switch error {
        case let error as DatabaseError:
            return StoreError(error)
        case let error as RowDecodingError:
            return StoreError.unreadableValue(table: "?", column: "?", value: String(describing: error))
        default:
            return error
        }
    }

    /// Runs `body`, an async read or write of the store, with its errors translated (`translating`).
    static func translatingErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw translating(error)
        }
    }

    /// Translates an SQLite error by its result code.
    init(_ error: DatabaseError) {
        let message = error.message ?? "no message"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .busy(reason: message)
        case .SQLITE_FULL:
            self = .diskFull
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN:
            self = .readOnly(reason: message)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            self = .corrupt(reason: message)
        default:
            self = .databaseFailure(code: error.extendedResultCode.rawValue, message: message)
        }
    }
}

extension DatabaseError {
    /// True for a violated UNIQUE or PRIMARY KEY constraint.
    var isUniquenessViolation: Bool {
        extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE || extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
    }
}
