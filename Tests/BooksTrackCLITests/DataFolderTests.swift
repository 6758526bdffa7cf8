import BooksTrackTesting
import Foundation
import Testing

/// The data folder as the program leaves it on disk, and the user names it takes.
@Suite struct DataFolderTests {
    static func mode(_ path: String) throws -> Int {
        try #require((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    /// Runs the built program with `umask` in force and returns its exit status.
    static func run(_ arguments: [String], umask: String, data: URL, in folder: TemporaryDirectory) throws -> Int32 {
        let program = try TheRealExecutable().executable().path
        let process = try ChildProcess.start(
            "/bin/sh", ["-c", "umask \(umask) && exec \"$@\"", "sh", program] + arguments,
            environment: ["BOOKSTRACK_DATA_DIR": data.path, "PATH": "/usr/bin:/bin", "HOME": folder.url.path],
            standardOutput: folder.path("out"), standardError: folder.path("err"))
        return process.waitForExit()
    }

    @Test func theDataFolderAndItsFilesAreTheOwnersOnlyWhateverTheUmask() throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-modes")
        defer { folder.remove() }
        let data = folder.url.appendingPathComponent("data")
        // Given a program started with umask 000
        #expect(try Self.run(["add", "Kindred", "--author", "Octavia E. Butler"], umask: "000", data: data, in: folder) == 0)
        // Then its folder is 0700 and every file in it 0600
        #expect(try Self.mode(data.path) & 0o777 == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: data.path)
        #expect(files.contains("library.sqlite"))
        for file in files where !file.hasSuffix(".lock") {
            let mode = try Self.mode(data.appendingPathComponent(file).path) & 0o777
            #expect(mode & 0o077 == 0, "\(file) is \(String(mode, radix: 8))")
        }
    }

    @Test func aFolderMadeReadableByEveryoneBeforeIsMadeTheOwnersOnly() throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-modes")
        defer { folder.remove() }
        let data = folder.url.appendingPathComponent("data")
        #expect(try Self.run(["add", "Kindred"], umask: "022", data: data, in: folder) == 0)
        // Given the folder and the library opened up by hand (or by an earlier version)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: data.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: data.appendingPathComponent("library.sqlite").path)
        // When the program runs again
        #expect(try Self.run(["list"], umask: "022", data: data, in: folder) == 0)
        // Then both are the owner's only again
        #expect(try Self.mode(data.path) & 0o777 == 0o700)
        #expect(try Self.mode(data.appendingPathComponent("library.sqlite").path) & 0o777 == 0o600)
    }

    @Test func aUserNameInAnotherCaseIsTheSameLibrary() async throws {
        let cli = try CLIHarness()
        // Given a book added to Alice's library
        #expect(await cli.run("add", "Kindred", "--user", "Alice").exitCode == 0)
        // Then alice and ALICE read the same library, and no second user is made
        #expect(await cli.run("list", "--user", "alice").output.contains("Kindred"))
        #expect(await cli.run("list", "--user", "ALICE").output.contains("Kindred"))
        #expect(await cli.run("add", "Dawn", "--user", "alice").exitCode == 0)
        let both = await cli.run("list", "--user", "Alice").output
        #expect(both.contains("Kindred") && both.contains("Dawn"), "\(both)")
    }
}
