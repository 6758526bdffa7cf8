import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackCLI

/// `import`, `export` and `enrich` end to end on a real data directory.
@Suite struct ImportAndExportFromTheTerminal {
    static let goodreads = #"""
        Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
        42036538,Gideon the Ninth (The Locked Tomb #1),Tamsyn Muir,"Muir, Tamsyn",,"=""1250313198""","=""9781250313195""",3,4.20,Tor,Hardcover,448,2019,2019,2020/10/25,2020/10/21,,,read,"Bones<br/>and swords",,,1,,
        52691223,Subcutanean,Aaron A. Reed,"Reed, Aaron A.",,"=""""","=""""",0,4.45,,Paperback,232,2020,,,2020/03/05,"to-read, interactive",,to-read,,,,0,0
        11111111,Sabriel (Abhorsen #1),Garth Nix,"Nix, Garth",,"=""""","=""9780060273224""",5,4.2,,,,,,2021/01/02,2021/01/01,,,read,,,,1,1

        """#

    func writeFile(_ text: String, in cli: CLIHarness, name: String = "goodreads_library_export.csv") throws -> String {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let url = cli.dataDirectory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func importingAGoodreadsExportPrintsASummaryAndListsTheBooks() async throws {
        let cli = try CLIHarness()
        let file = try writeFile(Self.goodreads, in: cli)

        let result = await cli.run("import", file)
        let list = await cli.run("list")

        #expect(result.exitCode == 0, "\(result.error)")
        #expect(result.output.contains("Imported Goodreads: 3 rows"))
        #expect(result.output.contains("added: 3"))
        #expect(list.output.contains("Gideon the Ninth"))
        #expect(list.output.contains("Subcutanean"))
    }

    @Test func importingTheSameFileAgainLeavesEveryBookUnchanged() async throws {
        let cli = try CLIHarness()
        let file = try writeFile(Self.goodreads, in: cli)
        await cli.run("import", file)

        let again = await cli.run("import", file, "--json")

        let summary = try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any]
        #expect(summary?["added"] as? Int == 0)
        #expect(summary?["unchanged"] as? Int == 3)
    }

    @Test func aDryRunWritesNothing() async throws {
        let cli = try CLIHarness()
        let file = try writeFile(Self.goodreads, in: cli)

        let result = await cli.run("import", file, "--dry-run")
        let list = await cli.run("list")

        #expect(result.output.contains("Would import"))
        #expect(result.output.contains("Dry run: nothing was written."))
        #expect(!list.output.contains("Gideon"))
    }

    @Test func aMissingFileExitsOneAndAnEmptyFileExitsTwo() async throws {
        let cli = try CLIHarness()
        let empty = try writeFile("", in: cli, name: "empty.csv")

        let missing = await cli.run("import", "/nonexistent/export.csv")
        let emptyResult = await cli.run("import", empty)

        #expect(missing.exitCode == 1)
        #expect(missing.error.contains("no file at"))
        #expect(emptyResult.exitCode == 2)
        #expect(emptyResult.error.contains("the file is empty"))
    }

    @Test func anUnknownFormatNameIsAUsageError() async throws {
        let cli = try CLIHarness()
        let file = try writeFile(Self.goodreads, in: cli)

        let result = await cli.run("import", file, "--format", "papyrus")

        #expect(result.exitCode == 64)
        #expect(result.error.contains("unknown format"))
    }

    @Test func aGoodreadsExportWrapsISBNsAndNeutralizesFormulas() async throws {
        let cli = try CLIHarness()
        let file = try writeFile(Self.goodreads, in: cli)
        await cli.run("import", file)
        let id = try await cli.add("=HYPERLINK(\"http://evil\")", "--author", "Mallory")
        _ = id

        let result = await cli.run("export", "--format", "goodreads")

        #expect(result.exitCode == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Book Id,Title,Author,Author l-f") == true)
        #expect(result.output.contains("\"=\"\"9781250313195\"\"\""))
        #expect(result.output.contains("'=HYPERLINK"))
        #expect(!result.output.contains(",=HYPERLINK"))
        #expect(!result.output.contains("\"=HYPERLINK"))
    }

    @Test func aJSONExportImportedByAnotherUserGivesTheSameLibrary() async throws {
        let cli = try CLIHarness()
        let file = try writeFile(Self.goodreads, in: cli)
        await cli.run("import", file)
        let exportPath = cli.dataDirectory.appendingPathComponent("library.json").path

        let export = await cli.run("export", "--format", "json", "-o", exportPath)
        let restore = await cli.run("import", exportPath, "--user", "copy")
        let original = await cli.run("list", "--all", "--json")
        let copy = await cli.run("list", "--all", "--json", "--user", "copy")

        #expect(export.exitCode == 0, "\(export.error)")
        #expect(restore.exitCode == 0, "\(restore.error)")
        #expect(restore.output.contains("BooksTrack JSON"))
        #expect(original.output == copy.output)
        #expect(original.output.contains("Gideon the Ninth"))
    }

    @Test func enrichFillsAMissingPageCountFromOpenLibrary() async throws {
        let server = try await LoopbackHTTPServer.start(routes: try SearchFromTheTerminal.openLibraryRoutes())
        let cli = try CLIHarness(environment: SearchFromTheTerminal.environment(server))
        let file = try writeFile(Self.goodreads, in: cli)
        await cli.run("import", file)

        let result = await cli.run("enrich")
        let sabriel = try await cli.show("Sabriel")
        await server.shutdown()

        #expect(result.exitCode == 0, "\(result.error)")
        #expect(result.output.contains("Sabriel"))
        let edition = sabriel["edition"] as? [String: Any]
        #expect(edition?["pageCount"] as? Int != nil)
    }

    @Test func enrichOfflineCountsWhatWasNotFoundAndMovesOnUntilTheBooksAreDue() async throws {
        // Given an imported export whose books the offline catalog cannot complete
        let cli = try CLIHarness(environment: ["BOOKSTRACK_OFFLINE": "1"])
        let file = try writeFile(Self.goodreads, in: cli)
        await cli.run("import", file)

        // When enriching, again at once, forced, and again a day later
        let first = await cli.run("enrich", "--json")
        let again = await cli.run("enrich")
        let forced = await cli.run("enrich", "--force")
        cli.advance(days: 1)
        let nextDay = await cli.run("enrich", "--json")

        // Then the first run counts each book as filled, not found or unreachable, and keeps the rest queued
        #expect(first.exitCode == 0, "\(first.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
        let books = try #require(report["books"] as? [[String: Any]])
        let results = books.compactMap { $0["result"] as? String }
        #expect(results.count == books.count)
        #expect(results.contains("notFound"))
        #expect(!results.contains("unreachable"))
        let notFound = results.filter { $0 == "notFound" }.count
        let filled = results.filter { $0 == "filled" }.count
        // the second asks about none of them, and says why
        #expect(again.exitCode == 0, "\(again.error)")
        #expect(again.output.contains("Nothing to enrich now"))
        #expect(again.output.contains("--force"))
        #expect(forced.output.contains("Looked up \(books.count) books: \(filled) filled, \(notFound) not found, 0 could not be reached."))
        let later = try #require(try JSONSerialization.jsonObject(with: Data(nextDay.output.utf8)) as? [String: Any])
        #expect((later["books"] as? [[String: Any]])?.count == report["stillQueued"] as? Int)
    }

    @Test func enrichWithoutProvidersReportsWhatItCouldNotFill() async throws {
        let cli = try CLIHarness(environment: ["BOOKSTRACK_OFFLINE": "1"])
        let file = try writeFile(Self.goodreads, in: cli)
        await cli.run("import", file)

        let result = await cli.run("enrich")

        #expect(result.exitCode == 0, "\(result.error)")
        #expect(result.output.contains("could not fill"))
        #expect(result.output.contains("Subcutanean"))
    }
}
