import BooksTrackCore
import BooksTrackStore
import Foundation

/// The composition root: the one place where the concrete store meets the use cases.
package enum Bootstrap {
    /// The data directory: `$BOOKSTRACK_DATA_DIR`, else `$XDG_DATA_HOME/bookstrack`, else
    /// `~/.local/share/bookstrack`. An explicit `--data-dir` wins over all of them.
    package static func dataDirectory(explicit: String?, environment: [String: String]) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit, isDirectory: true) }
        if let dir = environment["BOOKSTRACK_DATA_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir, isDirectory: true) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("bookstrack", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/bookstrack", isDirectory: true)
    }

    /// Opens (creating if needed) the library database in `directory`.
    package static func openDatabase(in directory: URL) throws -> LibraryDatabase {
        try LibraryDatabase(path: directory.appendingPathComponent("library.sqlite").path)
    }

    /// The library service of the named user, creating the user on first use.
    package static func libraryService(database: LibraryDatabase, userName: String, now: @escaping @Sendable () -> Date) throws -> LibraryService {
        let user = try database.ensureUser(named: userName, now: now())
        return LibraryService(store: database.library(for: user.id), now: now)
    }

    /// The library service of the named user for reading, which never creates a user: the default
    /// user not created yet reads as an empty library (a fresh data folder), as does any user for
    /// a preview (`unknownUserIsEmpty`, an import's dry run); any other unknown name is refused, so
    /// a mistyped name is not shown as an empty library.
    package static func readingService(
        database: LibraryDatabase, userName: String, unknownUserIsEmpty: Bool = false, now: @escaping @Sendable () -> Date
    ) throws -> LibraryService {
        if let user = try database.user(named: userName) {
            return LibraryService(store: database.library(for: user.id), now: now)
        }
        guard userName == User.defaultLocalName || unknownUserIsEmpty else {
            let known = try database.users().map(\.name)
            let hint = known.isEmpty ? "" : " (users: " + known.joined(separator: ", ") + ")"
            throw CommandFailure.notFound("no user \(userName)\(hint); a user is created by the first add or import with --user \(userName)")
        }
        // An identifier no row carries: every read finds nothing, and a write is refused.
        return LibraryService(store: database.library(for: User.ID()), now: now)
    }
}
