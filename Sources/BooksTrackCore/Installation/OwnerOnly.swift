import Foundation

/// Files and folders of the data folder readable by their owner only: the library holds every
/// account's reading, sessions and token digests. Folders are 0700 and files 0600 whatever the
/// umask the program was started with.
public enum OwnerOnly {
    /// Creates `url` (and the folders above it that are missing) readable by the owner only.
    public static func makeFolder(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Makes the data folder `url` the owner's only, when it is this user's own folder: a shared
    /// folder such as /tmp (sticky) or another user's is left as it is.
    public static func restrictFolder(_ url: URL) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue,
              let owner = (attributes[.ownerAccountID] as? NSNumber)?.uint32Value,
              owner == geteuid(), mode & 0o1000 == 0, mode & 0o077 != 0
        else { return }
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    }

    /// Makes the file at `path` (and a database's `-wal` and `-shm` beside it) the owner's only.
    public static func restrictFile(_ path: String, database: Bool = false) {
        for candidate in database ? [path, path + "-wal", path + "-shm"] : [path] {
            guard let mode = (try? FileManager.default.attributesOfItem(atPath: candidate)[.posixPermissions] as? NSNumber)?.intValue,
                  mode & 0o077 != 0
            else { continue }
            try? FileManager.default.setAttributes([.posixPermissions: mode & 0o700], ofItemAtPath: candidate)
        }
    }
}
