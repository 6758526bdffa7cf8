import Foundation
import Testing

@testable import BooksTrackCLI

@Suite struct ListeningFromTheTerminal {
    @Test func progressByTimeOnAnAudiobookIsShownAsTimeOfItsLength() async throws {
        // Given an audiobook 11 h 40 min long
        let cli = try CLIHarness()
        let id = try await cli.add("Project Hail Mary", "--author", "Andy Weir", "--format", "audiobook")
        #expect(await cli.run("edit", id, "--audio-minutes", "700").exitCode == 0)

        // When 1 h 5 min are recorded
        let result = await cli.run("progress", id, "1h05m")

        // Then the book is being read, at the time listened
        #expect(result.exitCode == 0, "\(result.error)")
        #expect(result.output.contains("Listened 1 h 5 min of 11 h 40 min (9%)."))
        let book = try await cli.show(id)
        #expect(book["status"] as? String == "reading")
        #expect(book["minutesListened"] as? Int == 65)
    }

    @Test func theWholeLengthFinishesTheAudiobook() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Kindred", "--format", "audiobook")
        _ = await cli.run("edit", id, "--audio-minutes", "600")
        let result = await cli.run("progress", id, "10:00")
        #expect(result.output.contains("Finished! Listened 10 h of 10 h (100%)."))
        #expect(try await cli.show(id)["status"] as? String == "read")
    }

    @Test func timeOnAnAudiobookOfUnknownLengthSaysHowToSetIt() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dawn", "--format", "audiobook")
        let result = await cli.run("progress", id, "1h05m")
        #expect(result.exitCode == 2)
        #expect(result.error.contains("bookstrack edit BOOK --audio-minutes N"))
    }

    @Test(arguments: ["1000000000000000000min", "2h75m", "1.5h", "2:30:00"])
    func aTimeThatCannotBeIsRefusedAndNothingChanges(typed: String) async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dawn", "--format", "audiobook")
        _ = await cli.run("edit", id, "--audio-minutes", "600")
        let result = await cli.run("progress", id, typed)
        #expect(result.exitCode == 2)
        #expect(result.error.hasPrefix("error: "))
        #expect(try await cli.show(id)["progress"] as? Double == 0)
    }
}
