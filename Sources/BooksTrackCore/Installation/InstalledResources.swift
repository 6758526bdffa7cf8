import Foundation

/// Where the program's resource bundles are: the web app's templates and static files, the API's
/// OpenAPI document and the seed catalog.
///
/// SwiftPM writes a bundle `<package>_<target>.resources` beside the executable of a build
/// folder; `bookstrack install --prefix P` puts the executable in `P/bin` and the bundles in
/// `P/share/bookstrack`. Both places are searched relative to the running executable only, never
/// the build folder a binary was made in (`Bundle.module` falls back to that absolute path, so a
/// copied binary worked on the machine that built it and nowhere else).
package enum InstalledResources {
    /// The targets whose bundles the program needs at run time.
    package static let targets = ["BooksTrackCatalog", "BooksTrackServer"]

    /// Where an installed prefix keeps the bundles, relative to the prefix.
    package static let shareFolder = "share/bookstrack"

    /// Why a bundle could not be found.
    package struct Missing: Error, CustomStringConvertible, Sendable {
        /// The target whose bundle is missing.
        package let target: String
        /// The folders that were searched.
        package let searched: [String]

        package var description: String {
            "the program's resources (\(target)) are missing: looked in \(searched.joined(separator: " and ")); "
                + "install BooksTrack with `bookstrack install --prefix DIR` from a build folder "
                + "(swift build -c release --product bookstrack && .build/release/bookstrack install --prefix /usr/local)"
        }
    }

    /// The running executable, with symbolic links resolved (`/proc/self/exe` on Linux).
    package static var executable: URL? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
    }

    /// The folders searched for bundles, in order: the executable's own folder, then
    /// `../share/bookstrack` beside it.
    package static func folders(executable: URL? = executable) -> [URL] {
        guard let folder = executable?.deletingLastPathComponent() else { return [] }
        return [folder, folder.deletingLastPathComponent().appendingPathComponent(shareFolder, isDirectory: true)]
    }

    /// The bundle folder of `target`, searched in `folders`.
    package static func bundle(of target: String, in folders: [URL] = folders()) throws -> URL {
        for folder in folders {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            // <package>_<target>.resources on Linux, .bundle on Apple platforms.
            for entry in entries.sorted() where entry.hasSuffix("_\(target).resources") || entry.hasSuffix("_\(target).bundle") {
                return folder.appendingPathComponent(entry, isDirectory: true)
            }
        }
        throw Missing(target: target, searched: folders.map(\.path))
    }

    /// A file or folder inside `target`'s bundle (`Resources/openapi.json`).
    package static func url(of path: String, in target: String, folders: [URL] = folders()) throws -> URL {
        let bundle = try bundle(of: target, in: folders)
        for candidate in [bundle.appendingPathComponent(path), bundle.appendingPathComponent("Contents/Resources/\(path)")]
        where FileManager.default.fileExists(atPath: candidate.path) {
            return candidate
        }
        throw Missing(target: "\(target): \(path)", searched: [bundle.path])
    }
}
