import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on a folder, held while a database file in it is migrated, so that two
/// processes (or two openers in one process) opening a new library at once do not both create
/// its tables: the second waits, then finds the migrations done.
///
/// It is a `flock` on the folder itself, not on the database file: closing a descriptor of the
/// database file would drop SQLite's own locks on it, and a folder needs no extra file.
package enum DirectoryLock {
    /// Runs `body` holding the lock of `directory`, waiting for any other holder first.
    package static func holding<T>(_ directory: URL, _ body: () throws -> T) throws -> T {
        let descriptor = open(directory.path, O_RDONLY)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return try body() }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
