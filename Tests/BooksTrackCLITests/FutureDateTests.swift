import Foundation
import Testing

/// Dates after today (the harness's clock stands at 2026-11-22 09:00 UTC): refused on the command
/// line, reported and dropped in imports.
@Suite struct FutureDateTests {
    @Test(arguments: ["9999-12-31", "2026-11-24", "2100-01-01"])
    func aSessionAfterTodayIsRefused(date: String) async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Dune", "--author", "Frank Herbert", "--status", "reading")

        let result = await cli.run("session", "add", "dune", "--minutes", "30", "--date", date)

        #expect(result.exitCode == 2)
        #expect(result.error.contains("today or earlier"))
        #expect(await cli.run("session", "list", "dune").output.contains("No sessions"))
    }

    @Test func aSessionTodayOrTomorrowByAnotherTimeZoneIsAccepted() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Dune", "--author", "Frank Herbert", "--status", "reading")

        #expect(await cli.run("session", "add", "dune", "--minutes", "30", "--date", "2026-11-22").exitCode == 0)
        #expect(await cli.run("session", "add", "dune", "--minutes", "30", "--date", "2026-11-23").exitCode == 0)
    }

    @Test func readDatesAfterTodayInAnImportAreReportedAndDropped() async throws {
        // Given a Goodreads row read on 9999/12/31 and added on 2999/01/01
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory.appendingPathComponent("goodreads_library_export.csv")
        let row = #"1,Dune,Frank Herbert,,,"=""""","=""""",4,4,,,412,1990,1965,9999/12/31,2999/01/01,,,read,,,,1,0"#
        try [OutputWordingTests.header, row].joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)

        // When imported
        let imported = await cli.run("import", file.path)
        let shown = await cli.run("show", "dune")

        // Then the book comes in read, without the impossible dates, and both are reported
        #expect(imported.output.contains("added: 1"))
        #expect(imported.output.contains("finish date 9999-12-31 is in the future"))
        #expect(imported.output.contains("date added 2999-01-01 is in the future"))
        #expect(shown.output.contains("Read"))
        #expect(!shown.output.contains("9999"))
        #expect(!shown.output.contains("2999"))
    }
}
