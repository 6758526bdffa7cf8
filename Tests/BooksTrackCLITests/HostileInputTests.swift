import Foundation
import Testing

@testable import BooksTrackCLI

@Suite struct HostileInput {
    @Test func anErrorQuotingWhatWasTypedPrintsItsControlCharactersAsCodes() async throws {
        let cli = try CLIHarness()
        // Given a book name typed with an escape sequence that matches no book
        let result = await cli.run("show", "x\u{1B}]0;owned\u{07}\u{1B}[31m")
        // Then the error names it without sending the sequence to the terminal
        #expect(result.exitCode == 1)
        #expect(!result.error.utf8.contains(0x1B), "\(result.error)")
        #expect(result.error.contains("\\u{1B}"), "\(result.error)")
    }

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

    @Test func quotesInTextAreKeptVerbatimAndControlCharactersRemoved() async throws {
        let cli = try CLIHarness()
        let title = "Robert'); DROP TABLE works;-- \u{0007}\u{202E}"
        let id = try await cli.add(title, "--author", "\"Bobby\" Tables")
        let book = try await cli.show(id)
        #expect(book["title"] as? String == "Robert'); DROP TABLE works;--")
        #expect(await cli.run("list").output.contains("1 book."))
    }

    static let hostileTitle = "Nul\u{0}Byte\u{1b}[31mRed\u{202e}RTL"

    @Test func aTitleWithNULEscapeAndBidiOverridesIsStoredCleanAndListedWithoutThem() async throws {
        // Given a book added from the terminal with NUL, ESC and a right-to-left override in its
        // title, an author name and a tag
        let cli = try CLIHarness()
        let id = try await cli.add(Self.hostileTitle, "--author", "Ann\u{1b}]0;pwned\u{7}e", "--status", "reading")
        #expect(await cli.run("tag", "add", id, "sci\u{2066}fi\u{9b}").exitCode == 0)
        #expect(await cli.run("note", id, "line one\n\tline two\u{1b}[2J").exitCode == 0)

        // When it is shown and listed
        let book = try await cli.show(id)
        let list = await cli.run("list")
        let shown = await cli.run("show", id)

        // Then it was stored without them, tabs and line feeds kept in the notes only
        #expect(book["title"] as? String == "NulByte[31mRedRTL")
        #expect((book["authors"] as? [[String: Any]])?.first?["name"] as? String == "Ann]0;pwnede")
        #expect(book["tags"] as? [String] == ["scifi"])
        #expect(book["notes"] as? String == "line one\n\tline two[2J")
        // and nothing printed holds an escape, a NUL or an override
        for output in [list.output, shown.output] {
            #expect(output.contains("NulByte[31mRedRTL"))
            #expect(!output.unicodeScalars.contains { [0x00, 0x1B, 0x9B, 0x202E, 0x2066].contains($0.value) })
        }
    }

    @Test func aTitleWithControlCharactersInAnImportFileIsStoredClean() async throws {
        // Given a Goodreads export whose title, author and review hold BEL, ESC, CSI and a bidi
        // override (a NUL byte makes the reader refuse the file as binary)
        let cli = try CLIHarness()
        let title = "Bell\u{7}Esc\u{1b}[31mRed\u{202e}RTL\u{9b}"
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory.appendingPathComponent("goodreads_library_export.csv")
        let row = "1,\"\(title)\",\"Ann\u{1b}[0m Writer\",,,\"=\"\"\"\"\",\"=\"\"\"\"\",4,4,,,300,2001,2001,"
            + "2020/01/05,2019/01/01,,,read,\"Good\u{202e}\r\nbook\u{1b}[5m\",,,1,0"
        try [OutputWordingTests.header, row].joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)

        // When it is imported and listed
        let imported = await cli.run("import", file.path)
        let list = await cli.run("list")

        // Then the book is stored without them, the review keeping its line break
        #expect(imported.exitCode == 0)
        let book = try await cli.show("bellesc")
        #expect(book["title"] as? String == "BellEsc[31mRedRTL")
        #expect((book["authors"] as? [[String: Any]])?.first?["name"] as? String == "Ann[0m Writer")
        #expect(book["review"] as? String == "Good\nbook[5m")
        #expect(list.output.contains("BellEsc[31mRedRTL"))
        #expect(!list.output.unicodeScalars.contains { [0x07, 0x1B, 0x9B, 0x202E].contains($0.value) })
    }

    @Test func whateverControlCharacterIsLeftIsPrintedAsItsCode() {
        // A text kept before the cleaning, or a message quoting what was typed, still cannot act
        // on the terminal: its controls and overrides are shown as codes, tabs and line feeds kept.
        #expect(TerminalText.escaped("a\u{1b}[31mb\u{0}\u{202e}c\td\ne\u{9b}") == "a\\u{1B}[31mb\\u{0}\\u{202E}c\td\ne\\u{9B}")
        #expect(TerminalText.escaped("Cien años, مئة عام 📚") == "Cien años, مئة عام 📚")
        #expect(TerminalText.escapedJSON("\"a\u{9b}\u{2066}\u{7f}\"") == "\"a\\u009B\\u2066\\u007F\"")
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
