import Foundation
import Testing

/// Series as Goodreads writes them, through an export and back.
@Suite struct SeriesRoundTripTests {
    @Test func aGoodreadsExportImportedIntoAFreshLibraryKeepsEverySeriesAsItWas() async throws {
        // Given books in a numbered series, an omnibus, a series whose name holds a comma, and
        // (through a Goodreads file) an unnumbered series
        let original = try CLIHarness()
        _ = try await original.add("Leviathan Wakes (The Expanse, #1)", "--author", "James S. A. Corey")
        _ = try await original.add("The Expanse Omnibus (The Expanse, #1-3)", "--author", "James S. A. Corey")
        _ = try await original.add("Hedge Knight (Tales, Dunk and Egg, #1)", "--author", "George R. R. Martin")
        try FileManager.default.createDirectory(at: original.dataDirectory, withIntermediateDirectories: true)
        let goodreads = original.dataDirectory.appendingPathComponent("goodreads_library_export.csv")
        try (OutputWordingTests.header + "\n"
            + #"1,The Silmarillion (Middle-earth Universe),J.R.R. Tolkien,,,"=""""","=""""",0,4,,,,,,,2020/01/01,,,to-read,,,,0,0"# + "\n")
            .write(to: goodreads, atomically: true, encoding: .utf8)
        #expect(await original.run("import", goodreads.path).exitCode == 0)

        // When the library is exported as Goodreads CSV and imported into a fresh library, twice
        let first = original.dataDirectory.appendingPathComponent("first.csv")
        #expect(await original.run("export", "--format", "goodreads", "-o", first.path).exitCode == 0)
        let copy = try CLIHarness()
        #expect(await copy.run("import", first.path).exitCode == 0)
        try FileManager.default.createDirectory(at: copy.dataDirectory, withIntermediateDirectories: true)
        let second = copy.dataDirectory.appendingPathComponent("second.csv")
        #expect(await copy.run("export", "--format", "goodreads", "-o", second.path).exitCode == 0)

        // Then every series, position and range is as it was, and the second export is the first
        let list = await copy.run("list", "--sort", "title")
        #expect(list.output.contains("Leviathan Wakes (The Expanse #1)"))
        #expect(list.output.contains("The Expanse Omnibus (The Expanse #1-3)"))
        #expect(list.output.contains("Hedge Knight (Tales, Dunk and Egg #1)"))
        #expect(list.output.contains("The Silmarillion (Middle-earth Universe)"))
        let shown = await copy.run("show", "silmarillion")
        #expect(shown.output.contains("Series: Middle-earth Universe\n"))
        let titles = { (url: URL) throws -> [String] in
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[1...2].joined(separator: ",")) }
        }
        #expect(try titles(second).sorted() == titles(first).sorted())
        #expect(try String(contentsOf: first, encoding: .utf8).contains("The Expanse Omnibus (The Expanse, #1-3)"))
    }
}

/// Goodreads' Book Id through the library and back.
@Suite struct GoodreadsBookIDTests {
    @Test func theBookIdIsTheEditionsAndComesBackInTheExport() async throws {
        // Given a Goodreads row with Book Id 234225
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory.appendingPathComponent("goodreads_library_export.csv")
        let row = #"234225,Dune,Frank Herbert,,,"=""0441172717""","=""9780441172719""",5,4,Ace,Paperback,412,1990,1965,2020/01/05,2019/01/01,,,read,,,,1,0"#
        try [OutputWordingTests.header, row].joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(await cli.run("import", file.path).exitCode == 0)

        // When exported as BooksTrack JSON and as Goodreads CSV
        let json = cli.dataDirectory.appendingPathComponent("library.json")
        let csv = cli.dataDirectory.appendingPathComponent("goodreads.csv")
        #expect(await cli.run("export", "-o", json.path).exitCode == 0)
        #expect(await cli.run("export", "--format", "goodreads", "-o", csv.path).exitCode == 0)

        // Then the id sits with the edition, and the Goodreads file gives it back as Book Id
        let text = try String(contentsOf: json, encoding: .utf8)
        #expect(text.contains("\"goodreadsBookIDs\":[\"234225\"]"))
        #expect(text.contains("\"goodreadsWorkIDs\":[]"))
        #expect(try String(contentsOf: csv, encoding: .utf8).split(separator: "\n")[1].hasPrefix("234225,"))
    }
}
