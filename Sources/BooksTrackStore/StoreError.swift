import BooksTrackCore

/// Why the library database could not do what was asked, when the cause is the database itself
/// rather than the data (data problems are `LibraryError`s).
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database file could not be created or opened.
    case cannotOpen(path: String, reason: String)
    /// Bringing the schema up to date failed; the file was left as it was.
    case migrationFailed(reason: String)
    /// The file was written by a newer BooksTrack that knows migrations this one does not.
    case newerSchema(unknownMigrations: [String])
    /// Another process kept the database locked for longer than the busy timeout.
    case busy(reason: String)
    /// The disk or the file system is full.
    case diskFull
    /// The database file or its folder cannot be written.
    case readOnly(reason: String)
    /// The database file is damaged or is not a database.
    case corrupt(reason: String)
    /// The library's user is not in the users table.
    case unknownUser(User.ID)
    /// A stored value cannot be read back as what it should be (edited by hand, or damaged).
    case unreadableValue(table: String, column: String, value: String)
    /// Any other failure reported by SQLite, with its result code and message.
    case databaseFailure(code: Int32, message: String)

    /// A message that says what went wrong and what to do.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open the library database at \(path): \(reason); check that the folder exists and is writable"
        case .migrationFailed(let reason):
            "cannot update the library database to this version of BooksTrack: \(reason); the file was not changed"
        case .newerSchema(let migrations):
            "the library database was written by a newer BooksTrack (it has migrations \(migrations.joined(separator: ", "))); update BooksTrack to open it"
        case .busy(let reason):
            "the library database is busy (\(reason)); another BooksTrack process is writing to it, try again"
        case .diskFull:
            "the disk holding the library database is full; free some space and try again"
        case .readOnly(let reason):
            "the library database cannot be written (\(reason)); check the file's permissions"
        case .corrupt(let reason):
            "the library database is damaged (\(reason)); restore it from a backup or an export"
        case .unknownUser(let id):
            "no user \(id) in this data directory; create the user first"
        case .unreadableValue(let table, let column, let value):
            "the library database holds an unreadable value in \(table).\(column): \(value)"
        case .databaseFailure(let code, let message):
            "the library database reported an error (SQLite code \(code)): \(message)"
        }
    }
}
