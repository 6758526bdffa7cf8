import Foundation

/// Where BooksTrack keeps its data folder: an explicit folder (`--data-dir`), else
/// `$BOOKSTRACK_DATA_DIR`, else `$XDG_DATA_HOME/bookstrack`, else `~/.local/share/bookstrack`.
public enum DataFolder {
    public static func location(explicit: String?, environment: [String: String]) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit, isDirectory: true) }
        if let dir = environment["BOOKSTRACK_DATA_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir, isDirectory: true) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("bookstrack", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share/bookstrack", isDirectory: true)
    }
}
