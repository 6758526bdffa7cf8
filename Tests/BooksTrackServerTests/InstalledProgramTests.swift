import AsyncHTTPClient
import BooksTrackTesting
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// The README's install: `bookstrack install --prefix P` from the build folder, then the program
/// run from `P/bin` as an operator's systemd unit runs it.
@Suite struct InstalledProgramTests {
    @Test func anInstalledProgramServesTheWebAppAndSearchesTheSeedCatalogFromItsPrefix() async throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-install")
        defer { folder.remove() }
        let prefix = folder.url.appendingPathComponent("prefix")
        // Given the program installed into an empty prefix the way the README says
        let installed = try await ServerProcess.run(BuiltProgram.bookstrack.path, ["install", "--prefix", prefix.path],
                                                    environment: ["PATH": "/usr/bin:/bin"], in: folder)
        #expect(installed.0 == 0, "\(installed.2)")
        let program = prefix.appendingPathComponent("bin/bookstrack").path
        #expect(FileManager.default.isExecutableFile(atPath: program))
        let shared = try FileManager.default.contentsOfDirectory(atPath: prefix.appendingPathComponent("share/bookstrack").path)
        #expect(shared.contains { $0.hasSuffix("_BooksTrackServer.resources") })
        #expect(shared.contains { $0.hasSuffix("_BooksTrackCatalog.resources") })

        // When the installed copy makes an account and serves
        let data = folder.url.appendingPathComponent("data")
        let account = try await ServerProcess.run(program, ["user", "add", "alice", "--admin", "--data-dir", data.path],
                                                  environment: ["BOOKSTRACK_PASSWORD": "correct horse battery", "PATH": "/usr/bin:/bin"], in: folder)
        #expect(account.0 == 0, "\(account.2)")
        let server = try await ServerProcess.start(program, serving: data, in: folder)
        defer { server.stop() }

        // Then a reader signs in and finds a book of the seed catalog on the Search page
        let browser = WebBrowser(port: server.port)
        let signedIn = try await browser.post("/signin", [("name", "alice"), ("password", "correct horse battery"), ("next", "/search")])
        #expect(signedIn.status == 303, "\(signedIn.text)")
        let search = try await browser.get("/search?q=dune")
        #expect(search.status == 200)
        #expect(search.text.contains("Frank Herbert"), "\(search.text)")
        #expect(!search.text.contains("Nothing found"))
        let api = try await browser.get("/openapi.json")
        #expect(api.status == 200)
    }

    @Test func theExecutableCopiedWithoutItsResourcesSaysHowToInstallItInsteadOfServing() async throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-install")
        defer { folder.remove() }
        // Given only the executable copied, as the README used to say
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("bookstrack")
        try FileManager.default.copyItem(at: BuiltProgram.bookstrack, to: copy)

        // When it is started
        let started = try await ServerProcess.run(copy.path, ["serve", "--port", "\(try LoopbackSockets.freePort())", "--data-dir", folder.path("data")],
                                                  environment: ["PATH": "/usr/bin:/bin", "BOOKSTRACK_OFFLINE": "1"], in: folder)

        // Then it stops with a message that names the way to install it (it never reads the build folder)
        #expect(started.0 != 0)
        #expect(started.2.contains("bookstrack install --prefix"), "\(started.2)")
    }
}
