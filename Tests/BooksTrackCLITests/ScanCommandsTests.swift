import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

/// `bookstrack scan` and `bookstrack review` in a real data folder, Gemini played by a loopback server.
@Suite struct ScanCommandsTests {
    static func photoFile(in folder: URL) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("shelf.jpg")
        try SamplePhoto.jpeg(width: 1_200, height: 900).write(to: file)
        return file.path
    }

    @Test func aScanQueuesTheBooksAndReviewDecidesThem() async throws {
        let (server, environment) = try await GeminiFixtures.server(answering: [GeminiFixtures.shelf([
            .init("The Hunger Games", by: "Suzanne Collins", confidence: 0.93, box: [30, 80, 970, 170]),
            .init("Pride and Prejudice", by: "Jane Austen", confidence: 0.62, box: [40, 180, 960, 250]),
            .init("A Book Nobody Wrote", confidence: 0.41, box: [50, 260, 950, 300]),
        ])])
        defer { Task { await server.shutdown() } }
        let cli = try CLIHarness(environment: environment)
        let photo = try Self.photoFile(in: cli.dataDirectory)

        let scanned = await cli.run("scan", photo)
        #expect(scanned.exitCode == 0, "\(scanned.error)")
        #expect(scanned.output.contains("3 books wait for review"), "\(scanned.output)")
        #expect(scanned.output.contains("93%  The Hunger Games — Suzanne Collins  → The Hunger Games (Suzanne Collins"))
        #expect(scanned.output.contains("no match found"))
        // Token usage goes to the log (standard error).
        #expect(scanned.error.contains("tokens prompt 1290"))

        let queue = await cli.run("review", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(queue.output.utf8)) as? [[String: Any]], "\(queue.output)")
        #expect(items.count == 3)
        let hunger = try #require(items.first?["id"] as? String)
        let nobody = try #require(items.last?["id"] as? String)

        let accepted = await cli.run("review", "accept", String(hunger.prefix(8)), "--status", "read")
        #expect(accepted.exitCode == 0, "\(accepted.error)")
        #expect(accepted.output.contains("Added The Hunger Games"), "\(accepted.output)")
        let again = await cli.run("review", "accept", hunger)
        #expect(again.exitCode != 0)
        #expect(again.error.contains("already accepted"))

        #expect(await cli.run("review", "reject", nobody).output.contains("Rejected \"A Book Nobody Wrote\""))
        let none = await cli.run("review", "accept-all", "--min", "0.7")
        #expect(none.output.contains("Added 0 books"), "\(none.output)")
        let rest = await cli.run("review", "accept-all", "--min", "0.5")
        #expect(rest.output.contains("Added 1 book"), "\(rest.output)")
        #expect(await cli.run("review").output.contains("Nothing waits for review."))
        let list = await cli.run("list")
        #expect(list.output.contains("The Hunger Games") && list.output.contains("Pride and Prejudice"))

        // Writing a book's review still works under the same command.
        #expect(await cli.run("review", "The Hunger Games", "Tense.").exitCode == 0)
        #expect(try await cli.show("The Hunger Games")["review"] as? String == "Tense.")
    }

    @Test func scanningWithoutAKeyOrAModelSaysWhatIsMissing() async throws {
        let empty = try TemporaryDirectory(prefix: "bookstrack-no-tessdata")
        defer { empty.remove() }
        let cli = try CLIHarness(environment: ["BOOKSTRACK_OFFLINE": "1", "BOOKSTRACK_TESSDATA": empty.url.path])
        let result = await cli.run("scan", try Self.photoFile(in: cli.dataDirectory))
        #expect(result.exitCode == 2)
        #expect(result.error.contains("shelf photos cannot be read: no recognizer is configured"), "\(result.error)")
    }

    @Test func scanningOfflineReadsTheSpinesWithTesseract() async throws {
        let cli = try CLIHarness(environment: ["BOOKSTRACK_OFFLINE": "1"])
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let shelf = try ShelfRenderer.render([ShelfRenderer.Book(title: "The Hunger Games", author: "Suzanne Collins"),
                                              ShelfRenderer.Book(title: "Pride and Prejudice", author: "Jane Austen")], seed: 5)
        let file = cli.dataDirectory.appendingPathComponent("shelf.jpg")
        try shelf.jpeg.write(to: file)
        let result = await cli.run("scan", file.path)
        #expect(result.exitCode == 0, "\(result.error)")
        #expect(result.output.contains("The Hunger Games") || result.output.contains("Pride and Prejudice"), "\(result.output)")
    }

    @Test func badPhotosAndBadIDsAreRefusedClearly() async throws {
        let (server, environment) = try await GeminiFixtures.server(answering: [])
        defer { Task { await server.shutdown() } }
        let cli = try CLIHarness(environment: environment)
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let text = cli.dataDirectory.appendingPathComponent("notes.txt")
        try Data("not a photo".utf8).write(to: text)
        let notPhoto = await cli.run("scan", text.path)
        #expect(notPhoto.exitCode == 2)
        #expect(notPhoto.error.contains("not a photo BooksTrack reads"), "\(notPhoto.error)")
        #expect(await cli.run("scan", "/nonexistent/shelf.jpg").error.contains("no such file"))
        #expect(server.requests.isEmpty)
        _ = try await cli.add("Kindred")
        let unknown = await cli.run("review", "accept", "abcd1234")
        #expect(unknown.exitCode == 1)
        #expect(unknown.error.contains("no review item abcd1234"))
        let short = await cli.run("review", "reject", "ab")
        #expect(short.exitCode == 1)
        let badMinimum = await cli.run("review", "accept-all", "--min", "1.5")
        #expect(badMinimum.exitCode == 2)
        #expect(badMinimum.error.contains("minConfidence"))
    }
}
