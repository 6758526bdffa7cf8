import ArgumentParser
import BooksTrackServices
import Foundation

/// `bookstrack install --prefix P`: makes an installed copy of this program that runs anywhere.
struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install this program and its resources under a prefix (PREFIX/bin, PREFIX/share/bookstrack).",
        discussion: """
            Run it from a build: `swift build -c release --product bookstrack`, then \
            `sudo .build/release/bookstrack install --prefix /usr/local`. The web app's templates, the API's \
            document and the seed catalog go to PREFIX/share/bookstrack, where PREFIX/bin/bookstrack finds them; \
            a copy of the executable alone cannot serve.
            """
    )

    @Option(name: .long, help: "Where to install (default /usr/local).")
    var prefix = "/usr/local"

    func run() throws {
        guard !prefix.isEmpty else { throw CommandFailure.invalid("--prefix must name a folder") }
        let root = URL(fileURLWithPath: prefix, isDirectory: true).standardizedFileURL
        let report = try ProgramInstallation.install(prefix: root)
        say("installed \(report.executable.path)")
        for bundle in report.bundles { say("installed \(bundle.path)") }
    }
}
