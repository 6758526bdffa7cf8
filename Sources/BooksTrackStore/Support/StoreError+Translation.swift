import BooksTrackCore
import GRDB

extension StoreError {
    /// The error a caller of the store sees for `error`: library and store errors as they are,
    /// SQLite errors translated, so GRDB's types never leave the module.
    static func translating(_ error: any Error) -> any Error {
        switch error {
        case let error as LibraryError:
            return error
        case let error as StoreError:
            return error
        case let error as DatabaseError:
            return StoreError(error)
        case let error as RowDecodingError:
            return StoreError.unreadableValue(table: "?", column: "?", value: String(describing: error))
        default:
            return StoreError.databaseFailure(code: -1, message: String(describing: error))
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
    /// True for a violated foreign key.
    var isForeignKeyViolation: Bool { extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY }

    /// True for a violated UNIQUE or PRIMARY KEY constraint.
    var isUniquenessViolation: Bool {
        extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE || extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
    }
}
