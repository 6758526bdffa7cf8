import BooksTrackCatalog
import BooksTrackStore
import Foundation
import Synchronization

/// The database files this process has open: one connection pool per library file and one per
/// catalog file, however many front ends, commands or users ask for them. A file stays open while
/// anything holds it and closes when the last holder lets go, so a test process that makes
/// thousands of data folders does not keep thousands of pools.
final class OpenFiles: Sendable {
    static let shared = OpenFiles()

    private struct Held: @unchecked Sendable {
        // Read and written under the lock only; the objects themselves are Sendable.
        weak var object: AnyObject?
    }

    private let opened = Mutex<[String: Held]>([:])

    /// The library file at `path`, opened (and migrated) on first use.
    func library(at path: String) throws -> LibraryDatabase {
        try open(path, kind: "library") { try LibraryDatabase(path: path) }
    }

    /// The catalog file at `path`, opened (and migrated) on first use.
    func catalog(at path: String, now: @escaping @Sendable () -> Date) throws -> CatalogDatabase {
        try open(path, kind: "catalog") { try CatalogDatabase(path: path, now: now) }
    }

    private func open<Object: AnyObject & Sendable>(_ path: String, kind: String, _ make: () throws -> Object) throws -> Object {
        let key = kind + ":" + URL(fileURLWithPath: path).standardizedFileURL.path
        // Opened under the lock: two callers at once must not open the same file twice.
        return try opened.withLock { opened in
            if let object = opened[key]?.object as? Object { return object }
            let object = try make()
            opened[key] = Held(object: object)
            if opened.count > 64 { opened = opened.filter { $0.value.object != nil } }
            return object
        }
    }
}
