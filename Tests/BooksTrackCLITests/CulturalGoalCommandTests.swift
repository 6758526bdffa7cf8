import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackCLI

/// The cultural goal from the terminal: a book marked toward it, a yearly target, and how it stands.
@Suite struct CulturalGoalCommandTests {
    @Test func aMarkedBookFinishedThisYearCountsTowardTheYearsCulturalTarget() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Half of a Yellow Sun", "--author", "Chimamanda Ngozi Adichie")
        let marked = await cli.run("edit", id, "--cultural-goal", "yes", "--cultural-category", "African literature", "--status", "read")
        #expect(marked.exitCode == 0, "\(marked.error)")
        let set = await cli.run("goal", "set", "--books", "20", "--cultural", "6")
        #expect(set.exitCode == 0, "\(set.error)")
        #expect(set.output.contains("Goal for 2026: 20 books and 6 books toward the cultural goal"))
        let shown = await cli.run("goal", "show")
        #expect(shown.output.contains("1 of 6 books you marked toward it"), "\(shown.output)")
        let refused = await cli.run("goal", "set", "--cultural", "0")
        #expect(refused.exitCode == 2)
        #expect(refused.error.contains("cultural"))
    }
}
