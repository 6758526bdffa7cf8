import BooksTrackCore
import Foundation

/// `bookstrack install --prefix P`: the running executable to `P/bin/bookstrack` and the resource
/// bundles it needs to `P/share/bookstrack`, where an installed program looks for them.
public enum ProgramInstallation {
    /// What was installed where.
    public struct Report: Sendable {
        /// The installed executable.
        public let executable: URL
        /// The installed resource bundles.
        public let bundles: [URL]
    }

    /// Why the installation could not be made; nothing that was installed before is half replaced.
    public enum Failure: Error, CustomStringConvertible, Sendable {
        case noExecutable
        case resourcesMissing(String)
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .noExecutable: "cannot tell where the running program is (/proc/self/exe)"
            case .resourcesMissing(let reason): "\(reason); run install from the build folder's bookstrack (.build/release/bookstrack install --prefix DIR)"
            case .cannotWrite(let path, let reason): "cannot write \(path): \(reason); is the prefix writable (sudo)?"
            }
        }
    }

    /// Copies the executable and its bundles under `prefix`. Each file is written beside its
    /// destination and renamed over it, so a running server keeps its old copy until it restarts.
    public static func install(prefix: URL) throws -> Report {
        guard let executable = InstalledResources.executable else { throw Failure.noExecutable }
        let bundles: [URL]
        do {
            bundles = try InstalledResources.targets.map { try InstalledResources.bundle(of: $0) }
        } catch {
            throw Failure.resourcesMissing("\(error)")
        }
        let bin = prefix.appendingPathComponent("bin", isDirectory: true)
        let share = prefix.appendingPathComponent(InstalledResources.shareFolder, isDirectory: true)
        let installedExecutable = bin.appendingPathComponent("bookstrack")
        var installedBundles: [URL] = []
        // Readable by everyone (a service's own user runs it), whatever the umask: 0755 and 0644.
        let shared: [FileAttributeKey: Any] = [.posixPermissions: 0o755]
        try write(path: bin.path) { try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true, attributes: shared) }
        try write(path: share.path) { try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true, attributes: shared) }
        for bundle in bundles {
            let destination = share.appendingPathComponent(bundle.lastPathComponent, isDirectory: true)
            try replace(destination, with: bundle)
            try write(path: destination.path) { try readableByEveryone(destination) }
            installedBundles.append(destination)
        }
        // The executable last: a program in bin always finds the resources it was built with.
        if executable.standardizedFileURL.path != installedExecutable.standardizedFileURL.path {
            try replace(installedExecutable, with: executable)
            try write(path: installedExecutable.path) {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: installedExecutable.path)
            }
        }
        return Report(executable: installedExecutable, bundles: installedBundles)
    }

    private static func replace(_ destination: URL, with source: URL) throws {
        let staging = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).installing-\(UUID().uuidString)")
        try write(path: destination.path) {
            try FileManager.default.copyItem(at: source, to: staging)
            if FileManager.default.fileExists(atPath: destination.path) {
                if (try? FileManager.default.attributesOfItem(atPath: destination.path)[.type] as? FileAttributeType) == .typeDirectory {
                    let old = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).old-\(UUID().uuidString)")
                    try FileManager.default.moveItem(at: destination, to: old)
                    try FileManager.default.moveItem(at: staging, to: destination)
                    try? FileManager.default.removeItem(at: old)
                    return
                }
            }
            guard rename(staging.path, destination.path) == 0 else {
                try? FileManager.default.removeItem(at: staging)
                throw Failure.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// `folder` and everything in it readable by everyone: folders 0755, files 0644.
    private static func readableByEveryone(_ folder: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { return }
        for case let item as URL in walker {
            let isFolder = (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            try FileManager.default.setAttributes([.posixPermissions: isFolder ? 0o755 : 0o644], ofItemAtPath: item.path)
        }
    }

    private static func write(path: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.cannotWrite(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
