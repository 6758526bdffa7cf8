import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackCLI

@Suite struct PagePhotos {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9]

    func write(_ bytes: [UInt8], named name: String, in cli: CLIHarness) throws -> URL {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let url = cli.dataDirectory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    @Test func aPhotoIsKeptAsJPEGWithAThumbnailAndSavedBack() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune", "--pages", "412")
        // A real PNG (a barcode as zint draws it), named as a phone would not.
        let drawn = try ZintBarcode.png("9780441172719", scale: 4)
        let file = try write(Array(drawn), named: "page.jpg", in: cli)
        let added = await cli.run("photo", "add", id, file.path, "--page", "12", "--caption", "map")
        #expect(added.exitCode == 0, "\(added.error)")
        #expect(added.output.contains("(JPEG,"), "\(added.output)")
        let listed = await cli.run("photo", "list", id, "--json")
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        let photo = try #require(photos.first)
        #expect(photo["imageType"] as? String == "jpeg")
        #expect(photo["page"] as? Int == 12)
        let photoID = try #require(photo["id"] as? String)

        let out = cli.dataDirectory.appendingPathComponent("copy.jpg")
        #expect(await cli.run("photo", "save", photoID, "-o", out.path).exitCode == 0)
        let saved = try Data(contentsOf: out)
        #expect(saved.starts(with: [0xFF, 0xD8, 0xFF]), "kept as JPEG")
        #expect(saved.count == photo["byteCount"] as? Int)
    }

    @Test func otherFilesAreRefusedByTheirContentNotTheirName() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune")
        let gif = try write(Array("GIF89a-not-a-photo".utf8), named: "fake.jpg", in: cli)
        let result = await cli.run("photo", "add", id, gif.path)
        #expect(result.exitCode == 2)
        #expect(result.error.contains("not a photo BooksTrack reads"))
        // A JPEG's first bytes and nothing after them.
        let cut = try write(Self.jpeg, named: "cut.jpg", in: cli)
        let unreadable = await cli.run("photo", "add", id, cut.path)
        #expect(unreadable.exitCode == 2)
        #expect(unreadable.error.contains("cannot be read"), "\(unreadable.error)")
        #expect(await cli.run("photo", "list", id).output.contains("No photos"))
    }

    @Test func photosOverTenMegabytesAreRefused() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune")
        var big = [UInt8](repeating: 0, count: 10 * 1024 * 1024 + 1)
        big.replaceSubrange(0..<3, with: [0xFF, 0xD8, 0xFF])
        let file = try write(big, named: "big.jpg", in: cli)
        let result = await cli.run("photo", "add", id, file.path)
        #expect(result.exitCode == 2)
        #expect(result.error.contains("the image is 10 MB; the limit is 10 MB"), "\(result.error)")
    }

    @Test func aMissingFileOrPhotoIsExplained() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune")
        #expect(await cli.run("photo", "add", id, "/nonexistent.jpg").error.contains("no such file"))
        #expect(await cli.run("photo", "save", "not-an-id").exitCode == 2)
        #expect(await cli.run("photo", "save", UUID().uuidString).exitCode == 1)
    }
}

@Suite struct ISBNCommand {
    @Test func aValidISBNIsConvertedHyphenatedAndPlaced() async throws {
        let cli = try CLIHarness()
        let result = await cli.run("isbn", "0-441-17271-7")
        #expect(result.exitCode == 0)
        #expect(result.output.contains("ISBN-13:     9780441172719"))
        #expect(result.output.contains("ISBN-10:     0441172717"))
        #expect(result.output.contains("Hyphenated:  978-0-441-17271-9 / 0-441-17271-7"))
        #expect(result.output.contains("Group:       English language (978-0)"))
    }

    @Test func anInvalidISBNSaysWhyAndExitsNonZero() async throws {
        let cli = try CLIHarness()
        let result = await cli.run("isbn", "9780441172719", "0441172718")
        #expect(result.exitCode == 2)
        #expect(result.output.contains("9780441172719: valid"))
        #expect(result.output.contains("0441172718: invalid — "))
        #expect(result.output.lowercased().contains("check digit"))
        #expect(result.error.contains("1 value is not a valid ISBN"))
    }

    @Test func jsonGivesOneObjectPerValue() async throws {
        let cli = try CLIHarness()
        let result = await cli.run("isbn", "979-10-90636-07-1", "12345", "--json")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(reports.count == 2)
        #expect(reports[0]["valid"] as? Bool == true)
        #expect(reports[0]["isbn10"] == nil)
        #expect(reports[1]["valid"] as? Bool == false)
        #expect((reports[1]["error"] as? String)?.isEmpty == false)
    }
}

@Suite struct TheRealExecutable {
    /// The `bookstrack` binary built next to the test bundle.
    func executable() throws -> URL {
        BuiltProgram.bookstrack
    }

    func run(_ arguments: [String], dataDirectory: URL, environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let streams = try TemporaryDirectory(prefix: "bookstrack-bin-output")
        defer { streams.remove() }
        let process = try ChildProcess.start(
            try executable().path, arguments,
            environment: environment.merging(["BOOKSTRACK_DATA_DIR": dataDirectory.path, "PATH": "/usr/bin:/bin"]) { _, fixed in fixed },
            standardOutput: streams.path("out"), standardError: streams.path("err"))
        let status = process.waitForExit()
        let output = try String(contentsOfFile: streams.path("out"), encoding: .utf8)
        let error = try String(contentsOfFile: streams.path("err"), encoding: .utf8)
        return (status, output, error)
    }

    @Test func theBinaryKeepsALibraryAcrossRunsAndExitsNonZeroOnErrors() async throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bookstrack-bin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(FileManager.default.isExecutableFile(atPath: try executable().path), "bookstrack binary not built next to the tests")

        let added = try run(["add", "Dune", "--author", "Frank Herbert", "--pages", "412"], dataDirectory: directory)
        #expect(added.0 == 0, "\(added.2)")
        let progress = try run(["progress", "dune", "100"], dataDirectory: directory)
        #expect(progress.1.contains("Reading, p. 100/412"))
        let bad = try run(["progress", "dune", "500"], dataDirectory: directory)
        #expect(bad.0 == 2)
        #expect(bad.2.contains("page 500 is past the last page (412)"))
        let missing = try run(["show", "no such book"], dataDirectory: directory)
        #expect(missing.0 == 1)
    }

    #if os(Linux)
    /// The executable allocates with tcmalloc (see `Sources/bookstrack/README.md`): the dynamic
    /// linker, asked to show its symbol bindings, binds `malloc` and `free` to it and not to glibc.
    /// Every symbol is bound at load (`LD_BIND_NOW`), before any thread starts, so that no other
    /// thread's lines are mixed into the ones read here; only whole binding lines are read.
    @Test func theBinaryAllocatesWithTCMalloc() throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bookstrack-bin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let help = try run(["--help"], dataDirectory: directory, environment: ["LD_DEBUG": "bindings", "LD_BIND_NOW": "1"])
        #expect(help.0 == 0, "\(help.2.suffix(2_000))")
        let binding = /^\s*\d+:\s+binding file (\S+) \[\d+\] to (\S+) \[\d+\]: normal symbol `(malloc|free)'( \[[A-Z0-9_.]+\])?$/
        let targets = help.2.split(separator: "\n").compactMap { line in (try? binding.wholeMatch(in: line)).map { String($0.output.2) } }
        #expect(!targets.isEmpty, "the dynamic linker reported no binding of malloc or free")
        let elsewhere = targets.filter { !$0.contains("libtcmalloc_minimal") }
        #expect(elsewhere.isEmpty, "bound outside tcmalloc: \(Set(elsewhere))")
    }
    #endif
}
