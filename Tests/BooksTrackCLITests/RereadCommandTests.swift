import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackCLI

/// A read book moved short of its end from the terminal is a re-read, and the terminal says so.
@Suite struct RereadCommandTests {
    @Test func aPageShortOfTheEndOfAReadBookStartsAReReadAndSaysSo() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune", "--author", "Frank Herbert", "--pages", "412", "--status", "read")
        let moved = await cli.run("progress", id, "38")
        #expect(moved.exitCode == 0, "\(moved.error)")
        #expect(moved.output.contains("Started a re-read; the earlier read is kept in the history."))
        #expect(moved.output.contains("Reading, p. 38/412"))
        let book = try await cli.show(id)
        #expect(book["status"] as? String == "reading")
        #expect((book["readHistory"] as? [[String: Any]])?.first?["outcome"] as? String == "read")
        let again = await cli.run("progress", id, "60")
        #expect(!again.output.contains("re-read"), "moving on in the re-read is not another one")
    }
}
