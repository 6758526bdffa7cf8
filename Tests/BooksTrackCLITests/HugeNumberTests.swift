import Foundation
import Testing

/// Numbers no book has, on every way in: a clear refusal (or, in an import, a reported problem),
/// never a crash, and every command still works afterwards.
@Suite struct HugeNumberTests {
    static let hostile = ["9223372036854775807", "-9223372036854775808", "-1", "1e308", "100001"]

    @Test(arguments: hostile)
    func aPageCountOnTheCommandLineIsRefusedNamingTheBound(value: String) async throws {
        let cli = try CLIHarness()
        let added = await cli.run("add", "Dune", "--author", "Frank Herbert", "--pages", value)
        #expect(added.exitCode != 0)
        #expect(added.error.contains("pageCount") || added.error.contains("--pages"))
        #expect(await cli.run("list").output.contains("No books"))
    }

    @Test(arguments: hostile)
    func progressAndSessionsRefuseImpossiblePages(value: String) async throws {
        // Given a book being read without a page count
        let cli = try CLIHarness()
        _ = try await cli.add("Dune", "--author", "Frank Herbert", "--status", "reading")

        // When progress and two sessions are given the value
        let progress = await cli.run("progress", "dune", value)
        let first = await cli.run("session", "add", "dune", "--minutes", "30", "--pages", value)
        let second = await cli.run("session", "add", "dune", "--minutes", "30", "--pages", value)

        // Then each is refused, and show, the session list and insights still answer
        #expect(progress.exitCode != 0)
        #expect(first.exitCode != 0)
        #expect(second.exitCode != 0)
        #expect(await cli.run("show", "dune").exitCode == 0)
        #expect(await cli.run("session", "list", "dune").exitCode == 0)
        #expect(await cli.run("insights").exitCode == 0)
        #expect(await cli.run("insights", "--json").exitCode == 0)
    }

    @Test func aHugePageCountInAnImportIsReportedAndTheRowKept() async throws {
        // Given a Goodreads row whose Number of Pages is Int64.max, another with 1e308, two good rows
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory.appendingPathComponent("goodreads_library_export.csv")
        let rows = [
            #"1,Huge,A Writer,,,"=""""","=""""",4,4,,,9223372036854775807,2001,2001,2020/01/05,2019/01/01,,,read,,,,1,0"#,
            #"2,Float,A Writer,,,"=""""","=""""",4,4,,,1e308,2001,2001,2020/01/06,2019/01/01,,,read,,,,1,0"#,
            #"3,Fine,A Writer,,,"=""""","=""""",4,4,,,300,2001,2001,2020/01/07,2019/01/01,,,read,,,,1,0"#,
            #"4,Also Fine,A Writer,,,"=""""","=""""",4,4,,,200,2001,2001,2020/01/08,2019/01/01,,,read,,,,1,0"#,
        ]
        try ([OutputWordingTests.header] + rows).joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)

        // When imported and the insights asked for
        let imported = await cli.run("import", file.path)
        let insights = await cli.run("insights", "--json")

        // Then all four books come in, the bad counts are reported and dropped, and the pages add up
        #expect(imported.exitCode == 0)
        #expect(imported.output.contains("added: 4"))
        #expect(imported.output.contains("9223372036854775807 pages is more than a book has"))
        #expect(imported.output.contains("1e308"))
        #expect(insights.exitCode == 0)
        let object = try JSONSerialization.jsonObject(with: Data(insights.output.utf8)) as? [String: Any]
        #expect(object != nil)
        #expect(insights.output.contains("500"))
    }

    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "-1", "1e308"])
    func aBooksTrackJSONWithAnImpossiblePageCountIsRefusedWhole(value: String) async throws {
        // Given an export whose first book's page count was changed to the value
        let original = try CLIHarness()
        _ = try await original.add("Dune", "--author", "Frank Herbert", "--pages", "412")
        _ = try await original.add("Emma", "--author", "Jane Austen", "--pages", "300")
        let file = original.dataDirectory.appendingPathComponent("library.json")
        #expect(await original.run("export", "-o", file.path).exitCode == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"pageCount\":412"))
        try text.replacingOccurrences(of: "\"pageCount\":412", with: "\"pageCount\":\(value)").write(to: file, atomically: true, encoding: .utf8)

        // When restored into another library
        let copy = try CLIHarness()
        let restored = await copy.run("import", file.path)

        // Then the restore is refused with a message, and no book of it is half-written
        #expect(restored.exitCode == 2)
        #expect(!restored.error.isEmpty)
        #expect(await copy.run("list").output.contains("No books"))
    }

    @Test(arguments: [[], ["--json"]])
    func aPagePastAnyLibraryIsRefusedWithAMessageInsteadOfACrash(format: [String]) async throws {
        // Given a library with one book
        let cli = try CLIHarness()
        _ = try await cli.add("Dune", "--author", "Frank Herbert")

        // When a page whose first book lies past what an Int counts is asked for
        let result = await cli.run(["list", "--page", "1000000000000000000"] + format)

        // Then it is refused as bad input, naming the option, and the first page still answers
        #expect(result.exitCode == 2)
        #expect(result.error.contains("--page 1000000000000000000"))
        #expect(result.output.isEmpty)
        #expect(await cli.run(["list"] + format).output.contains("Dune"))
    }

    @Test func theLastPageAnIntCountsIsAnsweredAsEmpty() async throws {
        // Given a library with one book
        let cli = try CLIHarness()
        _ = try await cli.add("Dune", "--author", "Frank Herbert")

        // When the highest page of one book a page is asked for
        let result = await cli.run("list", "--limit", "1", "--page", "9223372036854775807")

        // Then the page is empty, and says how many books there are
        #expect(result.exitCode == 0)
        #expect(result.output.contains("No books on page 9223372036854775807; there are 1."))
    }
}
