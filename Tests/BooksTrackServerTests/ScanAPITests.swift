import BooksTrackCore
import BooksTrackServices
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackServer

/// Bookshelf scans through the API: a real photo, a loopback server playing Gemini, the real
/// offline catalog to match against, the review queue in the real library file.
@Suite struct ScanAPITests {
    /// Three spines: two books of the catalog (one with its author misread) and one nobody wrote.
    static let shelf: [GeminiFixtures.Book] = [
        .init("The Hunger Games", by: "Suzanne Collins", confidence: 0.93, box: [30, 80, 970, 170]),
        .init("Pride and Prejudice", by: "Jane Austin", confidence: 0.86, box: [40, 180, 960, 250]),
        .init("A Book Nobody Wrote", by: "Nobody At All", confidence: 0.41, box: [50, 260, 950, 300]),
    ]

    static func photo() throws -> [UInt8] {
        Array(try SamplePhoto.jpeg(width: 1_600, height: 1_200))
    }

    static func items(_ answer: Answer) -> [[String: Any]] {
        (answer.data?["items"] as? [[String: Any]]) ?? []
    }

    @Test func aShelfPhotoIsScannedMatchedAndQueuedThenAcceptedAndRejected() async throws {
        var slow = GeminiFixtures.shelf(Self.shelf)
        // Gemini takes its time: the progress socket opens while the photo is being recognized.
        // Three seconds, then ten, were not always enough for the socket to open while the whole
        // suite runs on two cores: it connected when the scan was already matching.
        slow.delay = .seconds(30)
        let (gemini, environment) = try await GeminiFixtures.server(answering: [slow])
        defer { Task { await gemini.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            let started = try await server.send(.post, "/v1/scans", token: alice.token, body: try Self.photo())
            #expect(started.status == 202, "\(started.text)")
            let jobID = try #require(started.data?["jobId"] as? String)
            let scanID = try #require(started.data?["scanId"] as? String)

            let (status, events) = try await ImportJobAPITests.events(port: server.port, jobID: jobID, token: alice.token)
            #expect(status == 101)
            let messages = events.compactMap { $0["message"] as? String }
            #expect(messages.contains("recognizing"), "\(events)")
            #expect(messages.contains("matching"), "\(events)")
            #expect(events.last?["status"] as? String == "succeeded", "\(events)")

            let job = try await server.waitForJob(jobID, token: alice.token)
            let report = try #require(job.data?["scan"] as? [String: Any], "\(job.text)")
            #expect(report["found"] as? Int == 3)
            #expect(report["matched"] as? Int == 2)
            #expect(report["recognizer"] as? String == "gemini")

            // The queue: a database count, newest scan first, by confidence.
            let queue = try await server.send(.get, "/v1/review", token: alice.token)
            #expect(queue.data?["total"] as? Int == 3)
            let items = Self.items(queue)
            #expect(items.map { $0["title"] as? String } == Self.shelf.map(\.title))
            let hunger = items[0], pride = items[1], nobody = items[2]
            #expect((hunger["match"] as? [String: Any])?["title"] as? String == "The Hunger Games")
            // The misread author did not hide the book.
            #expect(((pride["match"] as? [String: Any])?["authors"] as? [[String: Any]])?.first?["name"] as? String == "Jane Austen")
            #expect(nobody["match"] == nil)
            let box = try #require(hunger["box"] as? [String: Double])
            #expect(abs((box["x"] ?? 0) - 0.08) < 1e-9 && abs((box["height"] ?? 0) - 0.94) < 1e-9)
            let figures = try await server.send(.get, "/v1/insights", token: alice.token)
            #expect(((figures.data?["library"] as? [String: Any])?["reviewQueue"] as? Int) == 3, "\(figures.text.prefix(400))")

            // The spine's crop and the photo as kept: JPEGs.
            let crop = try await server.send(.get, try #require(hunger["cropURL"] as? String), token: alice.token)
            #expect(crop.status == 200)
            #expect(crop.body.starts(with: [0xFF, 0xD8]))
            let scan = try await server.send(.get, "/v1/scans/\(scanID)", token: alice.token)
            #expect(Self.items(scan).count == 3)
            let photo = try await server.send(.get, "/v1/scans/\(scanID)/photo", token: alice.token)
            #expect(photo.body.starts(with: [0xFF, 0xD8]))

            // Accept: the book is added with the status chosen, once.
            let hungerID = try #require(hunger["id"] as? String)
            let accepted = try await server.send(.post, "/v1/review/\(hungerID)/accept", token: alice.token, json: #"{"status": "read"}"#)
            #expect(accepted.status == 201, "\(accepted.text)")
            let book = try #require(accepted.data?["book"] as? [String: Any])
            #expect(book["title"] as? String == "The Hunger Games")
            #expect(book["status"] as? String == "read")
            let again = try await server.send(.post, "/v1/review/\(hungerID)/accept", token: alice.token, json: "{}")
            #expect(again.status == 409)
            #expect(again.code == "ALREADY_DECIDED")

            // Reject takes the unknown book off the queue without adding it.
            let nobodyID = try #require(nobody["id"] as? String)
            let rejected = try await server.send(.post, "/v1/review/\(nobodyID)/reject", token: alice.token)
            #expect(rejected.data?["status"] as? String == "rejected")

            // Accept all above 0.8: Pride and Prejudice.
            let all = try await server.send(.post, "/v1/review/accept-all", token: alice.token, json: #"{"minConfidence": 0.8}"#)
            #expect(all.data?["added"] as? Int == 1, "\(all.text)")
            let after = try await server.send(.get, "/v1/review", token: alice.token)
            #expect(after.data?["total"] as? Int == 0)
            let books = try await server.send(.get, "/v1/books", token: alice.token)
            #expect((books.data?["total"] as? Int) == 2)

            // Another reader sees none of it.
            let bob = try await server.account("bob")
            #expect(try await server.send(.get, "/v1/review/\(nobodyID)", token: bob.token).status == 404)
            #expect(try await server.send(.get, "/v1/scans/\(scanID)/photo", token: bob.token).status == 404)
            #expect(try await server.send(.get, "/v1/review", token: bob.token).data?["total"] as? Int == 0)
        }
    }

    @Test func twoAcceptsOfOneItemAtOnceAddOneBook() async throws {
        let (gemini, environment) = try await GeminiFixtures.server(answering: [GeminiFixtures.shelf(Self.shelf)])
        defer { Task { await gemini.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            let started = try await server.send(.post, "/v1/scans", token: alice.token, body: try Self.photo())
            _ = try await server.waitForJob(try #require(started.data?["jobId"] as? String), token: alice.token)
            let id = try #require(Self.items(try await server.send(.get, "/v1/review", token: alice.token)).first?["id"] as? String)
            async let first = server.send(.post, "/v1/review/\(id)/accept", token: alice.token, json: "{}")
            async let second = server.send(.post, "/v1/review/\(id)/accept", token: alice.token, json: "{}")
            let statuses = [try await first.status, try await second.status].sorted()
            #expect(statuses == [201, 409])
            #expect(try await server.send(.get, "/v1/books", token: alice.token).data?["total"] as? Int == 1)
        }
    }

    @Test func aBookAlreadyInTheLibraryIsAcceptedWithoutASecondCopy() async throws {
        let (gemini, environment) = try await GeminiFixtures.server(answering: [GeminiFixtures.shelf(Self.shelf)])
        defer { Task { await gemini.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            _ = try await server.send(.post, "/v1/books", token: alice.token, json: #"{"query": "The Hunger Games Suzanne Collins"}"#)
            let started = try await server.send(.post, "/v1/scans", token: alice.token, body: try Self.photo())
            _ = try await server.waitForJob(try #require(started.data?["jobId"] as? String), token: alice.token)
            let id = try #require(Self.items(try await server.send(.get, "/v1/review", token: alice.token)).first?["id"] as? String)
            let accepted = try await server.send(.post, "/v1/review/\(id)/accept", token: alice.token, json: "{}")
            #expect(accepted.status == 200, "\(accepted.text)")
            #expect(accepted.data?["alreadyInLibrary"] as? Bool == true)
            #expect(try await server.send(.get, "/v1/books", token: alice.token).data?["total"] as? Int == 1)
        }
    }

    @Test func theSeedRouteTakesTheClientsJobIDOnce() async throws {
        let (gemini, environment) = try await GeminiFixtures.server(answering: [GeminiFixtures.shelf(Self.shelf), GeminiFixtures.shelf(Self.shelf)])
        defer { Task { await gemini.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            let jobID = UUID().uuidString.lowercased()
            let started = try await server.send(.post, "/api/scan-bookshelf?jobId=\(jobID)", token: alice.token, body: try Self.photo())
            #expect(started.status == 202, "\(started.text)")
            #expect(started.data?["jobId"] as? String == jobID)
            let ended = try await server.waitForJob(jobID, token: alice.token)
            #expect(ended.data?["status"] as? String == "succeeded")
            let reused = try await server.send(.post, "/api/scan-bookshelf?jobId=\(jobID)", token: alice.token, body: try Self.photo())
            #expect(reused.status == 409)
            #expect(reused.code == "JOB_EXISTS")
            let bad = try await server.send(.post, "/api/scan-bookshelf?jobId=not-a-uuid", token: alice.token, body: try Self.photo())
            #expect(bad.code == "INVALID_FIELD")
        }
    }

    @Test func hostilePhotosAreRefusedBeforeAnyJob() async throws {
        let (gemini, environment) = try await GeminiFixtures.server(answering: [])
        defer { Task { await gemini.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            let text = try await server.send(.post, "/v1/scans", token: alice.token, body: Array("not a photo at all".utf8))
            #expect(text.status == 415)
            let bomb = try await server.send(.post, "/v1/scans", token: alice.token, body: Array(PNGBomb.make(width: 50_000, height: 50_000)))
            #expect(bomb.code == "IMAGE_TOO_MANY_PIXELS")
            let photo = try Self.photo()
            let cut = try await server.send(.post, "/v1/scans", token: alice.token, body: Array(photo.prefix(photo.count / 2)))
            #expect(cut.code == "IMAGE_UNREADABLE", "\(cut.text)")
            let huge = try await server.send(.post, "/v1/scans", token: alice.token, body: photo + Array(repeating: 0, count: 60 * 1_024 * 1_024))
            #expect(huge.status == 413)
            let anonymous = try await server.send(.post, "/v1/scans", body: photo)
            #expect(anonymous.status == 401)
            let jobs = try await server.send(.get, "/v1/jobs", token: alice.token)
            #expect((jobs.envelope?["data"] as? [Any])?.isEmpty == true, "\(jobs.text)")
            #expect(gemini.requests.isEmpty)
        }
    }

    /// An offline server with no tesseract model where it is told to look.
    static func noRecognizer() throws -> (TemporaryDirectory, [String: String]) {
        let empty = try TemporaryDirectory(prefix: "bookstrack-no-tessdata")
        return (empty, ["BOOKSTRACK_OFFLINE": "1", "BOOKSTRACK_TESSDATA": empty.url.path])
    }

    @Test func withoutAKeyOrAModelTheServerSaysScansAreNotConfigured() async throws {
        let (empty, environment) = try Self.noRecognizer()
        defer { empty.remove() }
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            let answer = try await server.send(.post, "/v1/scans", token: alice.token, body: try Self.photo())
            #expect(answer.status == 409)
            #expect(answer.code == "SCANNER_NOT_CONFIGURED")
            let message = answer.error?["message"] as? String ?? ""
            #expect(message.contains("GEMINI_API_KEY") && message.contains("tesseract-ocr-eng"), "\(message)")
        }
    }

    @Test func anOfflineServerReadsAShelfWithTesseractAndTheCatalog() async throws {
        // Three books of the bundled catalog on a drawn shelf; nothing leaves the machine.
        let books = [ShelfRenderer.Book(title: "The Hunger Games", author: "Suzanne Collins"),
                     ShelfRenderer.Book(title: "Pride and Prejudice", author: "Jane Austen"),
                     ShelfRenderer.Book(title: "The Great Gatsby", author: "F. Scott Fitzgerald")]
        let shelf = try ShelfRenderer.render(books, seed: 11)
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let started = try await server.send(.post, "/v1/scans", token: alice.token, body: Array(shelf.jpeg))
            #expect(started.status == 202, "\(started.text)")
            let ended = try await server.waitForJob(try #require(started.data?["jobId"] as? String), token: alice.token)
            let report = try #require(ended.data?["scan"] as? [String: Any], "\(ended.text)")
            #expect(report["recognizer"] as? String == "offline")
            let titles = Set(Self.items(try await server.send(.get, "/v1/review", token: alice.token)).compactMap { $0["title"] as? String })
            #expect(titles.isSubset(of: Set(books.map(\.title))), "nothing but the shelf's books is proposed: \(titles)")
            #expect(titles.count >= 2, "\(titles)")
        }
    }

    @Test(arguments: ["malformed", "blocked", "truncated"])
    func aBadAnswerIsAFailedJobWithItsReasonAndNothingQueued(kind: String) async throws {
        let answer = switch kind {
        case "malformed": GeminiFixtures.answer(text: #"{"books": [{"title": "Dune", "confidence": 3, "box_2d": [0, 0, 10, 10]}]}"#, finishReason: "STOP")
        case "blocked": GeminiFixtures.promptBlocked()
        default: GeminiFixtures.answer(text: #"{"books": [{"title": "Du"#, finishReason: "MAX_TOKENS")
        }
        let (gemini, environment) = try await GeminiFixtures.server(answering: [answer])
        defer { Task { await gemini.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            let started = try await server.send(.post, "/v1/scans", token: alice.token, body: try Self.photo())
            let ended = try await server.waitForJob(try #require(started.data?["jobId"] as? String), token: alice.token)
            #expect(ended.data?["status"] as? String == "failed")
            let message = ended.data?["message"] as? String ?? ""
            let expected = ["malformed": "confidence 3", "blocked": "blocked", "truncated": "cut off"][kind] ?? "?"
            #expect(message.contains(expected), "\(message)")
            #expect(try await server.send(.get, "/v1/review", token: alice.token).data?["total"] as? Int == 0)
        }
    }

    @Test func aScanInterruptedByARestartRunsAgainAndQueuesItsBooksOnce() async throws {
        let (gemini, environment) = try await GeminiFixtures.server(answering: [GeminiFixtures.shelf(Self.shelf)])
        defer { Task { await gemini.shutdown() } }
        let folder = try TemporaryDirectory(prefix: "bookstrack-scan-restart")
        defer { folder.remove() }
        let ids = ImportJobAPITests.IDBox()
        try await ServerHarness.run(folder: folder, environment: environment, prepare: { app in
            // What a server stopped while Gemini was reading leaves: the photo kept, the job running,
            // and a book of an earlier run of the same scan already queued.
            let accounts = try app.accounts(passwordCost: 4)
            let alice = try await accounts.createAccount(name: "alice", password: "password-alice", isAdmin: false)
            let database = try app.libraryDatabase()
            let scans = try app.library(user: alice.user.name).scans
            let scan = try await scans.keep(photo: Data(try Self.photo()))
            _ = try await scans.recognize(scan.id, with: EarlierRun(), matcher: NoMatch())
            var job = Job(kind: .shelfScan, input: String(decoding: try JSONEncoder().encode(JobInputs.ShelfScan(scan: scan.id.description)), as: UTF8.self),
                          now: ServerHarness.start)
            job.status = .running
            try await database.add(job, owner: alice.user.id)
            ids.set("job", job.id.description)
        }) { server in
            let accounts = try server.app.accounts(passwordCost: 4)
            let token = try await accounts.createToken(for: try await accounts.account(named: "alice"), name: "t").secret
            let resumed = try await server.waitForJob(ids.get("job"), token: token)
            #expect(resumed.data?["status"] as? String == "succeeded", "\(resumed.text)")
            #expect(resumed.data?["message"] as? String == "resumed after a restart")
            #expect(try await server.send(.get, "/v1/review", token: token).data?["total"] as? Int == 3)
        }
    }
}

/// What an earlier, interrupted run of a scan had queued: one book.
struct EarlierRun: ShelfRecognizer {
    var name: String { "gemini" }
    func recognize(_ photo: ShelfPhoto) async throws -> [ShelfDetection] {
        [ShelfDetection(title: "The Hunger Games", confidence: 0.5, box: BoundingBox(x: 0.1, y: 0, width: 0.1, height: 1))]
    }
}

struct NoMatch: BookMatcher {
    func bestMatch(for detection: ShelfDetection) async throws -> WorkDTO? { nil }
}

/// A CSV no importer knows, its mapping asked of a loopback Gemini and checked against the rows.
@Suite struct GeminiColumnMappingAPITests {
    @Test func geminisMappingIsProposedCheckedAndFillsTheImportForm() async throws {
        let text = #"{"columns": [{"field": "title", "column": 0}, {"field": "author", "column": 1}, {"field": "dateRead", "column": 2}, "#
            + #"{"field": "rating", "column": 3}, {"field": "pages", "column": 1}, {"field": "isbn", "column": 42}]}"#
        let answers = [GeminiFixtures.answer(text: text, finishReason: "STOP"), GeminiFixtures.answer(text: text, finishReason: "STOP")]
        let (gemini, environment) = try await GeminiFixtures.server(answering: answers)
        defer { Task { await gemini.shutdown() } }
        let sheet = "Column A,Column B,Column C,Column D\nThe Dispossessed,Ursula K. Le Guin,2024-03-02,5\nPiranesi,Susanna Clarke,2024-05-19,4\n"
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            let refused = try await server.send(.post, "/v1/imports", token: alice.token, body: Array(sheet.utf8))
            #expect(refused.code == "UNREADABLE_IMPORT")
            let message = refused.error?["message"] as? String ?? ""
            // Pages named on the author column and an ISBN column that is not there are dropped.
            #expect(message.contains("title=Column A,author=Column B,rating=Column D,dateRead=Column C (try it"), "\(message)")
            let request = try #require(gemini.requests.first)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
            #expect((body["generationConfig"] as? [String: Any])?["temperature"] as? Double == 0.2)
            #expect(String(decoding: request.body, as: UTF8.self).contains("Ursula K. Le Guin"), "the first rows are sent")

            // The web app's import form comes back with the mapping filled in.
            let browser = try await WebAppTests.signedIn(server, "bob")
            let csrf = try #require(WebBrowser.csrf(in: try await browser.get("/import")))
            let page = try await browser.upload("/import", [("csrf", csrf)], file: ("file", "reading.csv", Array(sheet.utf8)))
            #expect(page.status == 400)
            #expect(page.text.contains(#"name="mapping" value="title=Column A,author=Column B,rating=Column D,dateRead=Column C""#), "\(page.text)")
            // The first rows as the mapping reads them, to check before sending the file again.
            #expect(page.text.contains("<th scope=\"col\">title</th><th scope=\"col\">author</th><th scope=\"col\">rating</th><th scope=\"col\">dateRead</th>"))
            #expect(page.text.contains("<tr><td>Piranesi</td><td>Susanna Clarke</td><td>4</td><td>2024-05-19</td></tr>"), "\(page.text)")
        }
    }
}

/// The photo as sent is kept only when the reader asks (`keepOriginal`).
@Suite struct OriginalPhotoAPITests {
    @Test func theOriginalIsKeptOnlyWhenAsked() async throws {
        let (gemini, environment) = try await GeminiFixtures.server(answering: [GeminiFixtures.shelf([]), GeminiFixtures.shelf([])])
        defer { Task { await gemini.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            let sent = try ScanAPITests.photo()
            let book = try await server.addBook("Kindred", token: alice.token)
            let kept = try await server.send(.post, "/v1/books/\(book)/photos?keepOriginal=true", token: alice.token, body: sent)
            let keptID = try #require(kept.data?["id"] as? String, "\(kept.text)")
            let original = try await server.send(.get, "/v1/photos/\(keptID)?size=original", token: alice.token)
            #expect(Array(original.body) == sent)
            #expect(original.header("Content-Type") == "image/jpeg")
            #expect(Array(try await server.send(.get, "/v1/photos/\(keptID)", token: alice.token).body) != sent, "the photo shown is the processed one")

            let plain = try await server.send(.post, "/v1/books/\(book)/photos", token: alice.token, body: sent)
            let plainID = try #require(plain.data?["id"] as? String)
            let noOriginal = try await server.send(.get, "/v1/photos/\(plainID)?size=original", token: alice.token)
            #expect(noOriginal.body == (try await server.send(.get, "/v1/photos/\(plainID)", token: alice.token)).body, "nothing else was kept")
            #expect(try await server.send(.post, "/v1/books/\(book)/photos?keepOriginal=maybe", token: alice.token, body: sent).status == 400)

            let scanKept = try await server.send(.post, "/v1/scans?keepOriginal=1", token: alice.token, body: sent)
            let scanID = try #require(scanKept.data?["scanId"] as? String, "\(scanKept.text)")
            #expect(Array(try await server.send(.get, "/v1/scans/\(scanID)/photo?size=original", token: alice.token).body) == sent)
            let scanPlain = try await server.send(.post, "/v1/scans", token: alice.token, body: sent)
            let plainScan = try #require(scanPlain.data?["scanId"] as? String)
            let asKept = try await server.send(.get, "/v1/scans/\(plainScan)/photo", token: alice.token)
            #expect(try await server.send(.get, "/v1/scans/\(plainScan)/photo?size=original", token: alice.token).body == asKept.body)
            for job in [scanKept, scanPlain] { _ = try await server.waitForJob(try #require(job.data?["jobId"] as? String), token: alice.token) }
        }
    }
}
