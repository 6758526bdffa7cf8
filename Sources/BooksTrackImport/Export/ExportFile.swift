import Foundation

/// An export being written to a temporary file beside its destination, moved into place only when
/// complete: a failed or interrupted export never leaves a half-written file under the final name.
///
/// Callers gather bytes and write them in large pieces (`bufferSize`); `commit()` syncs and
/// renames. Released without a commit, the temporary file is deleted.
final class ExportFile {
    /// Bytes gathered before a write to the file.
    static let bufferSize = 1 << 20

    /// Where the file ends up.
    let destination: URL
    /// Where it is written meanwhile: a hidden file in the same folder, so the final rename
    /// cannot cross file systems.
    let temporaryURL: URL
    private var handle: FileHandle?
    private var isCommitted = false

    /// Creates the temporary file.
    init(destination: URL) throws(ExportError) {
        self.destination = destination
        temporaryURL = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString.lowercased()).partial")
        guard FileManager.default.createFile(atPath: temporaryURL.path, contents: nil) else {
            throw .unwritable(path: destination.path, reason: "the folder does not exist or is not writable")
        }
        do {
            handle = try FileHandle(forWritingTo: temporaryURL)
        } catch {
            try? FileManager.default.removeItem(at: temporaryURL)
            throw .unwritable(path: destination.path, reason: error.localizedDescription)
        }
    }

    /// Appends `bytes` to the file.
    func write(_ bytes: [UInt8]) throws(ExportError) {
        guard !bytes.isEmpty else { return }
        guard let handle else { throw .unwritable(path: destination.path, reason: "the file was already closed") }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw .unwritable(path: destination.path, reason: error.localizedDescription)
        }
    }

    /// Makes the file durable and moves it to its destination, replacing any file there.
    func commit() throws(ExportError) {
        guard let handle else { throw .unwritable(path: destination.path, reason: "the file was already closed") }
        self.handle = nil
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw .unwritable(path: destination.path, reason: error.localizedDescription)
        }
        // rename(2) replaces the destination atomically: readers see the old file or the new one.
        guard rename(temporaryURL.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw .unwritable(path: destination.path, reason: reason)
        }
        isCommitted = true
    }

    deinit {
        try? handle?.close()
        if !isCommitted {
            try? FileManager.default.removeItem(at: temporaryURL)
        }
    }
}
