import BooksTrackTesting
import Foundation
import Testing

/// `insights`, `goal` and `author set` from the terminal, with the harness clock at 2026-11-22.
@Suite struct InsightsFromTheTerminal {
    @Test func insightsShowFiguresBarsAndUnknownShares() async throws {
        let cli = try CLIHarness()
        let kindred = try await cli.add("Kindred", "--author", "Octavia E. Butler", "--pages", "264")
        _ = try await cli.add("Things Fall Apart", "--author", "Chinua Achebe", "--pages", "209")
        #expect(await cli.run("finish", kindred).exitCode == 0)
        #expect(await cli.run("author", "set", "Octavia E. Butler", "--gender", "female", "--region", "northAmerica",
                              "--nationality", "us").exitCode == 0)

        let text = await cli.run("insights", "--year", "2026")
        #expect(text.exitCode == 0)
        #expect(text.output.contains("Your reading in 2026"))
        #expect(text.output.contains("Finished     1 book, 264 pages"))
        #expect(text.output.contains("Nov"))
        #expect(text.output.contains("█"))
        // One book read, by a woman from North America; the library's other author is unknown.
        #expect(text.output.contains("Female"))
        #expect(text.output.contains("100% (1)"))
        #expect(text.output.contains("Unknown"))

        let json = await cli.run("insights", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let reading = try #require(object["reading"] as? [String: Any])
        #expect(reading["booksFinished"] as? Int == 1)
        let counts = try #require((object["library"] as? [String: Any])?["countsByStatus"] as? [String: Int])
        #expect(counts["read"] == 1 && counts["toRead"] == 1 && counts["dnf"] == 0)
        let library = try #require((object["diversity"] as? [String: Any])?["library"] as? [String: Any])
        let gender = try #require(library["gender"] as? [[String: Any]])
        #expect(gender.first { $0["key"] as? String == "unknown" }?["count"] as? Int == 1)
    }

    @Test func anHTMLReportIsWrittenWithoutNetworkResources() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Kindred", "--author", "Octavia E. Butler", "--pages", "264")
        _ = await cli.run("finish", id)
        let file = cli.dataDirectory.appendingPathComponent("report.html")
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let result = await cli.run("insights", "--html", file.path)
        #expect(result.exitCode == 0)
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(page.contains("<svg"))
        #expect(page.contains("Kindred"))
        #expect(!page.contains("src=\"http"))
        let unwritable = await cli.run("insights", "--html", "/nonexistent-folder/report.html")
        #expect(unwritable.exitCode == 1)
        #expect(unwritable.error.contains("cannot write"))
    }

    @Test func aGoalIsSetShownAndRemoved() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Kindred", "--author", "Octavia E. Butler", "--pages", "264")
        _ = await cli.run("finish", id)
        #expect(await cli.run("goal", "show").exitCode == 1)
        let set = await cli.run("goal", "set", "--books", "24", "--pages", "8000")
        #expect(set.output.contains("Goal for 2026: 24 books and 8,000 pages"))
        let shown = await cli.run("goal", "show")
        #expect(shown.output.contains("1 of 24"))
        #expect(shown.output.contains("264 of 8,000"))
        // 22 November is day 326 of 365: 24 × 326 / 365 ≈ 21.4 books expected by today.
        #expect(shown.output.contains("21.4 expected by today"))
        #expect(await cli.run("goal", "set").exitCode == 2)
        #expect(await cli.run("goal", "set", "--books", "0").exitCode == 2)
        #expect(await cli.run("goal", "remove").output.contains("Removed the goal for 2026"))
        #expect(await cli.run("goal", "show").exitCode == 1)
    }

    @Test func authorSetRefusesUnknownValuesAndNames() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Kindred", "--author", "Octavia E. Butler")
        // Usage errors exit 64, with the reason.
        let nothing = await cli.run("author", "set", "Octavia E. Butler")
        #expect(nothing.exitCode == 64)
        #expect(nothing.error.contains("give at least one of --gender"))
        #expect(await cli.run("author", "set", "Octavia E. Butler", "--gender", "robot").exitCode == 64)
        let country = await cli.run("author", "set", "Octavia E. Butler", "--nationality", "XX")
        // The country is checked by the authors' use case, as the server's will be: a rule, exit 2.
        #expect(country.exitCode == 2)
        #expect(country.error.contains("ISO 3166 country code"))
        let missing = await cli.run("author", "set", "Nobody At All", "--gender", "female")
        #expect(missing.exitCode == 1)
        #expect(missing.error.contains("no author named"))
        let set = await cli.run("authors", "set", "octavia e butler", "--marginalized", "yes")
        #expect(set.exitCode == 0)
        #expect(set.output.contains("marginalized voice (set)"))
        #expect(await cli.run("author", "list").output.contains("Octavia E. Butler: gender unknown"))
    }
}

/// `authors suggest` against recorded Wikidata answers on a loopback server.
@Suite struct AuthorSuggestionsFromTheTerminal {
    static func routes() throws -> [LoopbackRoute] {
        [
            LoopbackRoute(.custom { $0.path == "/w/api.php" && $0.queryValue("action") == "wbsearchentities" },
                          try .fixture("wikidata/search-octavia-butler.json")),
            .get("/wiki/Special:EntityData/Q235302.json", try .fixture("wikidata/entity-Q235302-octavia-e-butler.json")),
        ]
    }

    @Test func suggestionsAreShownThenAppliedOnlyToEmptyFields() async throws {
        let server = try await LoopbackHTTPServer.start(routes: try Self.routes())
        let cli = try CLIHarness(environment: ["BOOKSTRACK_WIKIDATA_URL": server.baseURL, "BOOKSTRACK_PROVIDER_TIMEOUT": "120"])
        _ = try await cli.add("Kindred", "--author", "Octavia E. Butler")
        // The reader's own answer, which a suggestion must not replace.
        _ = await cli.run("author", "set", "Octavia E. Butler", "--gender", "other")

        let shown = await cli.run("authors", "suggest")
        #expect(shown.exitCode == 0)
        #expect(shown.output.contains("Q235302, found by name"))
        #expect(shown.output.contains("nationality US"))
        #expect(!shown.output.contains("gender female"))
        #expect(shown.output.contains("run again with --apply"))
        #expect(await cli.run("author", "list").output.contains("Octavia E. Butler: other, region unknown, nationality unknown"))

        let applied = await cli.run("authors", "suggest", "Octavia E. Butler", "--apply")
        await server.shutdown()
        #expect(applied.output.contains("saved"))
        let listed = await cli.run("author", "list").output
        #expect(listed.contains("Octavia E. Butler (1947–2006): other, North America, US"))
    }

    @Test func suggestionsAreShownInWordsNotFieldNames() async throws {
        // Given Wikidata's record of Octavia E. Butler
        let server = try await LoopbackHTTPServer.start(routes: try Self.routes())
        let cli = try CLIHarness(environment: ["BOOKSTRACK_WIKIDATA_URL": server.baseURL, "BOOKSTRACK_PROVIDER_TIMEOUT": "30"])
        _ = try await cli.add("Kindred", "--author", "Octavia E. Butler")

        // When asking for suggestions
        let shown = await cli.run("authors", "suggest")
        await server.shutdown()

        // Then the region and the years read as words
        #expect(shown.exitCode == 0, "\(shown.error)")
        #expect(shown.output.contains("gender female, region North America, nationality US, born 1947, died 2006"), "\(shown.output)")
        #expect(!shown.output.contains("northAmerica"))
        #expect(!shown.output.contains("birthYear"))
    }

    @Test func offlineModeSaysWikidataIsSwitchedOff() async throws {
        let cli = try CLIHarness(environment: ["BOOKSTRACK_OFFLINE": "1"])
        _ = try await cli.add("Kindred", "--author", "Octavia E. Butler")
        let result = await cli.run("authors", "suggest")
        #expect(result.exitCode == 2)
        #expect(result.error.contains("offline mode"))
    }

    @Test func aFailingServiceIsReportedPerAuthor() async throws {
        let server = try await LoopbackHTTPServer.start(routes: [LoopbackRoute(.custom { _ in true }, .status(500))])
        let cli = try CLIHarness(environment: ["BOOKSTRACK_WIKIDATA_URL": server.baseURL, "BOOKSTRACK_PROVIDER_TIMEOUT": "120"])
        _ = try await cli.add("Kindred", "--author", "Octavia E. Butler")
        let result = await cli.run("authors", "suggest")
        await server.shutdown()
        #expect(result.exitCode == 0)
        #expect(result.output.contains("Octavia E. Butler: could not ask Wikidata (HTTP 500)"))
    }
}
