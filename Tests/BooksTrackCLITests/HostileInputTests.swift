import Foundation
import Testing

@testable import BooksTrackCLI

@Suite struct HostileInput {
    @Test func aMegabyteTitleIsRefusedWithTheLimit() async throws {
        let cli = try CLIHarness()
        let result = await cli.run("add", String(repeating: "é", count: 1_000_000))
        #expect(result.exitCode == 2)
        #expect(result.error.contains("the limit is 512"))
        #expect(await cli.run("list").output.contains("No books match."))
    }

    @Test func binaryGarbageAsANotesFileIsRefused() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune")
        let file = cli.dataDirectory.appendingPathComponent("garbage.bin")
        try Data([0xC3, 0x28, 0xFF, 0xFE, 0x00, 0x80]).write(to: file)
        let result = await cli.run("note", id, "--file", file.path)
        #expect(result.exitCode == 2)
        #expect(result.error.contains("is not UTF-8 text"))
        #expect(try await cli.show(id)["notes"] == nil)
    }

    @Test func anOversizedReviewFileIsRefusedBeforeReading() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune")
        let file = cli.dataDirectory.appendingPathComponent("huge.txt")
        try Data(repeating: 0x61, count: 1_000_001).write(to: file)
        let result = await cli.run("review", id, "--file", file.path)
        #expect(result.exitCode == 2)
        #expect(result.error.contains("at most 1000000"))
    }

    @Test func controlCharactersAndQuotesInTextAreKeptVerbatim() async throws {
        let cli = try CLIHarness()
        let title = "Robert'); DROP TABLE works;-- \u{0007}\u{202E}"
        let id = try await cli.add(title, "--author", "\"Bobby\" Tables")
        let book = try await cli.show(id)
        #expect(book["title"] as? String == title.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(await cli.run("list").output.contains("1 book."))
    }

    @Test func anOverlongOrEmptyUserNameIsRefused() async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("list", "--user", String(repeating: "u", count: 65)).exitCode == 2)
        #expect(await cli.run("list", "--user", "  ").exitCode == 2)
    }

    @Test(arguments: ["-5", "1e9999", "12abc", ""])
    func nonsensePagesAreRefused(page: String) async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune", "--pages", "412")
        // "--" so that "-5" reaches the command instead of being read as an option.
        let result = await cli.run("progress", id, "--", page)
        #expect(result.exitCode == 2)
        #expect(try await cli.show(id)["currentPage"] as? Int == 0)
    }

    @Test func aDataDirectoryThatIsAFileIsExplained() async throws {
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory.appendingPathComponent("not-a-dir")
        try Data("x".utf8).write(to: file)
        let result = await cli.run("list", "--data-dir", file.path)
        #expect(result.exitCode == 74)
        #expect(result.error.hasPrefix("error: cannot open the library database at"))
    }
}
