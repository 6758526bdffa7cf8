import BooksTrackStore
import GRDB

/// Why the book catalog could not do what was asked: its database or its bundled seed data.
public enum CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The catalog file could not be created or opened.
    case cannotOpen(path: String, reason: String)
    /// Bringing the catalog's schema up to date failed; the file was left as it was.
    case migrationFailed(reason: String)
    /// The catalog was written by a newer BooksTrack that knows migrations this one does not.
    case newerSchema(unknownMigrations: [String])
    /// The seed catalog shipped with BooksTrack is not where it should be.
    case seedResourceMissing(searched: [String])
    /// The seed catalog file is there but cannot be read as one.
    case seedResourceUnreadable(path: String, reason: String)
    /// Another process kept the catalog locked for longer than the busy timeout.
    case busy(reason: String)
    /// The disk or the file system is full.
    case diskFull
    /// The catalog file or its folder cannot be written.
    case readOnly(reason: String)
    /// The catalog file is damaged or is not a database.
    case corrupt(reason: String)
    /// Any other failure reported by SQLite, with its result code and message.
    case databaseFailure(code: Int32, message: String)

    /// A message that says what went wrong and what to do.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open the book catalog at \(path): \(reason); check that the folder exists and is writable"
        case .migrationFailed(let reason):
            "cannot update the book catalog to this version of BooksTrack: \(reason); the file was not changed"
        case .newerSchema(let migrations):
            "the book catalog was written by a newer BooksTrack (it has migrations \(migrations.joined(separator: ", "))); update BooksTrack, or delete catalog.sqlite to rebuild it"
        case .seedResourceMissing(let searched):
            "the seed catalog shipped with BooksTrack is missing (looked in \(searched.joined(separator: ", "))); install BooksTrack with `bookstrack install --prefix DIR` from its build folder, which puts its resources in DIR/share/bookstrack"
        case .seedResourceUnreadable(let path, let reason):
            "the seed catalog at \(path) cannot be read: \(reason); reinstall BooksTrack or rebuild it with scripts/build-seed-catalog.py"
        case .busy(let reason):
            "the book catalog is busy (\(reason)); another BooksTrack process is writing to it (an import?), try again"
        case .diskFull:
            "the disk holding the book catalog is full; free some space and try again"
        case .readOnly(let reason):
            "the book catalog cannot be written (\(reason)); check the file's permissions"
        case .corrupt(let reason):
            "the book catalog is damaged (\(reason)); delete catalog.sqlite: it is rebuilt from the seed, and dumps can be imported again"
        case .databaseFailure(let code, let message):
            "the book catalog reported an error (SQLite code \(code)): \(message)"
        }
    }
}

extension CatalogError {
    /// The error a caller of the catalog sees for `error`: catalog errors as they are, SQLite errors
    /// translated, so GRDB's types never leave the module.
    static func translating(_ error: any Error) -> any Error {
        switch error {
        case let error as CatalogError: error
        case let error as CatalogImportError: error
        case let error as DatabaseError: CatalogError(error)
        // The shared row reader reports unreadable values as the library's error; here they mean a damaged catalog.
        case let error as StoreError: CatalogError.corrupt(reason: String(describing: error))
        default: CatalogError.databaseFailure(code: -1, message: String(describing: error))
        }
    }

    /// Translates an SQLite error by its result code.
    init(_ error: DatabaseError) {
        let message = error.message ?? "no message"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(reason: message)
        case .SQLITE_FULL: self = .diskFull
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: self = .readOnly(reason: message)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: self = .corrupt(reason: message)
        default: self = .databaseFailure(code: error.extendedResultCode.rawValue, message: message)
        }
    }
}
