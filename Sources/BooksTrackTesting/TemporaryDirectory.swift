import Foundation

/// A folder of its own under the system's temporary directory, removed when the value is released
/// (or earlier with `remove()`). For tests and benchmarks that need real files.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The folder's location.
    public let url: URL
    private let lock = NSLock()
    private var isRemoved = false

    /// Creates a new, empty, uniquely named folder; `prefix` helps recognize it on disk.
    public init(prefix: String = "bookstrack") throws {
        url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("\(prefix)-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Deletes the folder and everything in it; later calls do nothing.
    public func remove() {
        lock.lock()
        defer { lock.unlock() }
        guard !isRemoved else { return }
        isRemoved = true
        try? FileManager.default.removeItem(at: url)
    }

    deinit {
        remove()
    }
}
