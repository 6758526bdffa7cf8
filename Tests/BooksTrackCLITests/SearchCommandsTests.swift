import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackCLI

/// `search` and `add --isbn/--search` end to end: the bundled catalog, Open Library's recorded
/// answers on a loopback server, the cache, and the library.
@Suite struct SearchFromTheTerminal {
    static let sabriel = "9780060273224"

    static func openLibraryRoutes() throws -> [LoopbackRoute] {
        [
            .get("/isbn/\(sabriel).json", .redirect(to: "/books/OL22951843M.json")),
            .get("/books/OL22951843M.json", try .fixture("openlibrary/edition-sabriel.json")),
            .get("/works/OL15832982W.json", try .fixture("openlibrary/work-sabriel.json")),
            .get("/authors/OL382982A.json", try .fixture("openlibrary/author-garth-nix.json")),
        ]
    }

    static func environment(_ server: LoopbackHTTPServer) -> [String: String] {
        ["BOOKSTRACK_OPENLIBRARY_URL": server.baseURL, "BOOKSTRACK_PROVIDERS": "openlibrary", "BOOKSTRACK_PROVIDER_TIMEOUT": "120"]
    }

    @Test func anISBNMissingFromTheCatalogIsFoundOnlineAndThenCached() async throws {
        let server = try await LoopbackHTTPServer.start(routes: try Self.openLibraryRoutes())
        let cli = try CLIHarness(environment: Self.environment(server))
        let first = await cli.run("search", "--isbn", Self.sabriel)
        let second = await cli.run("search", "--isbn", "0-06-027322-4")
        let stats = await cli.run("cache", "stats")
        await server.shutdown()

        #expect(first.exitCode == 0, "\(first.error)")
        #expect(first.output.contains("Sabriel"))
        #expect(first.output.contains("Garth Nix"))
        #expect(first.output.contains("openlibrary"))
        #expect(second.output.contains("from the cache"))
        #expect(server.requests(toPath: "/isbn/\(Self.sabriel).json").count == 1)
        #expect(stats.output.contains("Hits:      1"))
    }

    @Test func addingByISBNFillsTheBookFromTheProviders() async throws {
        let server = try await LoopbackHTTPServer.start(routes: try Self.openLibraryRoutes())
        let cli = try CLIHarness(environment: Self.environment(server))
        let added = await cli.run("add", "--isbn", Self.sabriel, "--status", "reading", "--owned")
        await server.shutdown()

        #expect(added.exitCode == 0, "\(added.error)")
        #expect(added.output.contains("Added Sabriel — Garth Nix: Reading"))
        let book = try await cli.show("sabriel")
        #expect(book["owned"] as? Bool == true)
        let edition = try #require(book["edition"] as? [String: Any])
        #expect(edition["pageCount"] as? Int == 491)
        #expect(edition["isbn13"] as? [String] == [Self.sabriel])
        // The same ISBN again is refused.
        let again = await cli.run("add", "--isbn", Self.sabriel, "--offline")
        #expect(again.exitCode != 0)
    }

    @Test func aBackCoverPhotoIsAddedByTheISBNOfItsBarcode() async throws {
        let server = try await LoopbackHTTPServer.start(routes: try Self.openLibraryRoutes())
        let cli = try CLIHarness(environment: Self.environment(server))
        let folder = try TemporaryDirectory(prefix: "bookstrack-photo")
        defer { folder.remove() }
        let photo = folder.path("back-cover.png")
        try ZintBarcode.png(Self.sabriel, addOn: "51299").write(to: URL(fileURLWithPath: photo))
        let grocery = folder.path("grocery.png")
        try ZintBarcode.png("4006381333931").write(to: URL(fileURLWithPath: grocery))
        let text = folder.path("notes.txt")
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: text))

        let added = await cli.run("add", "--photo", photo, "--status", "reading")
        let notISBN = await cli.run("add", "--photo", grocery)
        let notPhoto = await cli.run("add", "--photo", text)
        let missing = await cli.run("add", "--photo", folder.path("nothing.jpg"))
        let both = await cli.run("add", "--photo", photo, "--isbn", Self.sabriel)
        await server.shutdown()

        #expect(added.exitCode == 0, "\(added.error)")
        #expect(added.output.contains("Read ISBN \(Self.sabriel) from the barcode"))
        #expect(added.output.contains("Added Sabriel — Garth Nix: Reading"))
        #expect(notISBN.exitCode != 0)
        #expect(notISBN.error.contains("not an ISBN"), "\(notISBN.error)")
        #expect(notPhoto.error.contains("not a photo BooksTrack reads"), "\(notPhoto.error)")
        #expect(missing.error.contains("no such file"), "\(missing.error)")
        #expect(both.exitCode != 0)
        #expect(try await cli.run("list").output.components(separatedBy: "Sabriel").count == 2, "one book added")
    }

    @Test func theBundledCatalogAnswersOfflineWithTheExactTitleFirst() async throws {
        let cli = try CLIHarness()
        let result = await cli.run("search", "the hunger games", "--offline")
        #expect(result.exitCode == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count > 2)
        #expect(lines[1].contains("The Hunger Games"))
        #expect(lines[1].contains("Suzanne Collins"))
        #expect(lines[1].contains("catalog"))
    }

    @Test func addingFromATitleSearchPicksTheBestMatch() async throws {
        let cli = try CLIHarness()
        let added = await cli.run("add", "--search", "the hunger games", "--offline", "--status", "wishlist")
        #expect(added.exitCode == 0, "\(added.error)")
        #expect(added.output.contains("Added The Hunger Games — Suzanne Collins: Wishlist"))
        #expect(added.output.contains("from catalog"))
        let book = try await cli.show("hunger")
        #expect((book["edition"] as? [String: Any])?["isbn13"] as? [String] == ["9780439023481"])
    }

    @Test func aFailingProviderIsReportedButTheSearchStillAnswers() async throws {
        let server = try await LoopbackHTTPServer.start(routes: [.get("/isbn/9780439023481.json", .status(500))])
        let cli = try CLIHarness(environment: Self.environment(server))
        // The catalog knows this ISBN but lacks page counts, so the provider is asked and fails.
        let result = await cli.run("search", "--isbn", "9780439023481")
        await server.shutdown()
        #expect(result.exitCode == 0, "\(result.error)")
        #expect(result.output.contains("The Hunger Games"))
        #expect(result.output.contains("openlibrary: HTTP 500"))
    }

    @Test func nothingFoundIsExplainedWhenAdding() async throws {
        let cli = try CLIHarness()
        let result = await cli.run("add", "--isbn", "9780000000002", "--offline")
        #expect(result.exitCode == 1)
        #expect(result.error.contains("nothing found for ISBN 9780000000002"))
        #expect(result.error.contains("add it by hand"))
    }

    @Test func whatEachSourceSaidIsInWords() async throws {
        // Given an ISBN the offline catalog does not know
        let cli = try CLIHarness()

        // When adding it offline
        let result = await cli.run("add", "--isbn", "9780000000002", "--offline")

        // Then the catalog's answer reads "not found", not its code name
        #expect(result.error.contains("catalog: not found"), "\(result.error)")
        #expect(!result.error.contains("notFound"))
    }

    @Test func jsonAnswersUseTheEnvelope() async throws {
        let cli = try CLIHarness()
        let result = await cli.run("search", "--isbn", "9780439023481", "--offline", "--json")
        let envelope = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(envelope["success"] as? Bool == true)
        let meta = try #require(envelope["meta"] as? [String: Any])
        #expect(meta["provider"] as? String == "catalog")
        #expect(meta["cached"] as? Bool == false)
        #expect(meta["timestamp"] as? String == "2026-11-22T09:00:00Z")
        let works = try #require((envelope["data"] as? [String: Any])?["works"] as? [[String: Any]])
        #expect(works.first?["title"] as? String == "The Hunger Games")
    }

    @Test func badSearchInputIsExplained() async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("search").exitCode == 64)
        #expect(await cli.run("search", "--isbn", "12345", "--offline").exitCode == 2)
        #expect(await cli.run("search", String(repeating: "w", count: 600), "--offline").exitCode == 2)
        #expect(await cli.run("search", "x", "--provider-timeout", "0").exitCode == 64)
        let badEnvironment = try CLIHarness(environment: ["BOOKSTRACK_PROVIDER_TIMEOUT": "soon"])
        let result = await badEnvironment.run("search", "dune")
        #expect(result.exitCode == 2)
        #expect(result.error.contains("BOOKSTRACK_PROVIDER_TIMEOUT"))
    }
}

@Suite struct FreeWordSearchFromTheTerminal {
    @Test func wordsOfTheTitleAndTheAuthorFindTheBookOffline() async throws {
        // Given the bundled catalog
        let cli = try CLIHarness()

        // When searching with a title word and the author's surname
        let result = await cli.run("search", "dune herbert", "--offline")

        // Then Dune by Frank Herbert comes first
        #expect(result.exitCode == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count > 2)
        #expect(lines[1].contains("Dune "))
        #expect(lines[1].contains("Frank Herbert"))
    }

    @Test(arguments: [("orwell", "George Orwell"), ("le guin", "Ursula K. Le Guin"), ("URSULA le GUIN", "Ursula K. Le Guin")])
    func anAuthorsNameAloneFindsTheirBooksOffline(words: String, author: String) async throws {
        // Given the bundled catalog
        let cli = try CLIHarness()

        // When searching by the author's name only
        let result = await cli.run("search", words, "--offline")

        // Then the best results are by that author (anthologies naming them come later)
        #expect(result.exitCode == 0, "\(result.error)")
        #expect(!result.output.contains("Nothing found."))
        let rows = result.output.split(separator: "\n").dropFirst().prefix { !$0.isEmpty && !$0.hasPrefix("Note:") }
        #expect(rows.count >= 3)
        #expect(rows.prefix(3).allSatisfy { $0.contains(author) })
    }

    @Test func addingFromFreeWordsFindsTheBookByItsAuthor() async throws {
        // Given the bundled catalog
        let cli = try CLIHarness()

        // When adding from a title word and the author's surname
        let added = await cli.run("add", "--search", "dune herbert", "--offline")

        // Then Dune by Frank Herbert is added
        #expect(added.exitCode == 0, "\(added.error)")
        #expect(added.output.contains("Added Dune — Frank Herbert"), "\(added.output)")
    }

    @Test func titleWordsAloneStillSearchOnlyTitles() async throws {
        // Given the bundled catalog
        let cli = try CLIHarness()

        // When the same words are given as --title
        let result = await cli.run("search", "--title", "dune herbert", "--offline")

        // Then no title holds "herbert"
        #expect(result.output.contains("Nothing found."))
    }
}
