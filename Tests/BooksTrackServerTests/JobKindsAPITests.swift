import BooksTrackCore
import BooksTrackServices
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackServer

/// Enrichment batches, author suggestions and catalog imports run as jobs like imports do: checked
/// before they start, owned, polled, cancelled, resumed after a restart.
@Suite struct JobKindsAPITests {
    // MARK: Enrichment batches

    @Test func aBatchOfBooksSentIsLookedUpAsAJobAndItsResultsSayWhatWasFound() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let started = try await server.send(.post, "/v1/enrichment/batch", token: alice.token, json: """
                {"books": [{"isbn": "978-0-340-83993-5"}, {"title": "Kindred", "author": "Octavia E. Butler"},
                           {"title": "A Book Nobody Wrote", "author": "Nobody At All"}]}
                """)
            #expect(started.status == 202, "\(started.text)")
            #expect(started.data?["kind"] as? String == "enrichment")
            let id = try #require(started.data?["id"] as? String)
            let ended = try await server.waitForJob(id, token: alice.token)
            #expect(ended.data?["status"] as? String == "succeeded", "\(ended.text)")
            #expect(ended.data?["processed"] as? Int == 3)
            #expect(ended.data?["total"] as? Int == 3)
            let lookups = try #require(ended.data?["lookups"] as? [[String: Any]])
            #expect(lookups.count == 3)
            // In the order sent, each with its question.
            #expect((lookups[0]["question"] as? [String: Any])?["isbn"] as? String == "978-0-340-83993-5")
            #expect((lookups[0]["work"] as? [String: Any])?["title"] as? String == "Dune")
            #expect((lookups[1]["work"] as? [String: Any])?["title"] as? String == "Kindred")
            #expect(lookups[2]["work"] == nil)
            // Nothing was added to the library.
            let books = try await server.send(.get, "/v1/books", token: alice.token)
            #expect((books.data?["books"] as? [Any])?.isEmpty == true, "\(books.text)")
        }
    }

    @Test func theLibrarysQueuedBooksAreEnrichedAsAJob() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            // An import leaves the books it could not complete queued for enrichment.
            let csv = "Title,Author,ISBN13\nKindred,Octavia E. Butler,\nA Book Nobody Wrote,Nobody At All,\n"
            let imported = try await server.send(.post, "/v1/imports", token: alice.token, body: Array(csv.utf8))
            let importID = try #require(imported.data?["id"] as? String, "\(imported.text)")
            let importEnded = try await server.waitForJob(importID, token: alice.token)
            let queued = try #require((importEnded.data?["report"] as? [String: Any])?["queuedForEnrichment"] as? Int, "\(importEnded.text)")
            #expect(queued == 2)

            let started = try await server.send(.post, "/v1/enrichment/batch", token: alice.token, json: #"{"limit": 10}"#)
            #expect(started.status == 202, "\(started.text)")
            let ended = try await server.waitForJob(try #require(started.data?["id"] as? String), token: alice.token)
            #expect(ended.data?["status"] as? String == "succeeded", "\(ended.text)")
            let report = try #require(ended.data?["enrichment"] as? [String: Any])
            let books = try #require(report["books"] as? [[String: Any]])
            #expect(books.count == 2)
            let kindred = try #require(books.first { $0["title"] as? String == "Kindred" })
            // The offline catalog has its cover, pages are unknown to it; offline, it stays queued.
            #expect((kindred["filled"] as? [String])?.contains("cover") == true, "\(kindred)")
            #expect(kindred["requeued"] as? Bool == true)
            #expect(report["stillQueued"] as? Int == 2)
        }
    }

    @Test func anEnrichmentBatchThatCannotRunIsRefusedBeforeItStarts() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let tooMany = "{\"books\": [" + Array(repeating: #"{"title": "Dune"}"#, count: 501).joined(separator: ",") + "]}"
            let cases: [(String, Int, String, String)] = [
                (tooMany, 400, "VALIDATION_FAILED", "books"),
                (#"{"books": []}"#, 400, "VALIDATION_FAILED", "books"),
                (#"{"books": [{"title": "Dune"}, {"isbn": "978-0-00-000000-1"}]}"#, 400, "VALIDATION_FAILED", "books[1].isbn"),
                (#"{"books": [{"author": "Frank Herbert"}]}"#, 400, "VALIDATION_FAILED", "books[0].title"),
                ("{\"books\": [{\"title\": \"" + String(repeating: "a", count: 513) + "\"}]}", 400, "VALIDATION_FAILED", "books[0].title"),
                (#"{"limit": 0}"#, 400, "OUT_OF_RANGE", "limit"),
                (#"{"limit": 9223372036854775807}"#, 400, "OUT_OF_RANGE", "limit"),
                (#"{"books": [{"title": "Dune"}], "limit": 5}"#, 400, "INVALID_INPUT", "limit"),
                (#"{"books": [{"title": "Dune"}], "workIds": ["Dune"]}"#, 400, "INVALID_INPUT", "workIds"),
                (#"{"jobId": "not-a-uuid"}"#, 400, "INVALID_FIELD", "jobId"),
                (#"{"books": "Dune"}"#, 400, "INVALID_FIELD", "books"),
                ("[1, 2", 400, "INVALID_JSON", ""),
            ]
            for (body, status, code, field) in cases {
                let answer = try await server.send(.post, "/v1/enrichment/batch", token: alice.token, json: body)
                #expect(answer.status == status, "\(body.prefix(80)): \(answer.text)")
                #expect(answer.code == code, "\(body.prefix(80)): \(answer.text)")
                #expect(answer.details?["field"] == field, "\(body.prefix(80)): \(answer.text)")
            }
            // A body over the limit is refused with the limit.
            let huge = "{\"books\": [{\"title\": \"" + String(repeating: "a", count: 1 << 20) + "\"}]}"
            let tooLarge = try await server.send(.post, "/v1/enrichment/batch", token: alice.token, json: huge)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.details?["limit"] == "\(1 << 20)")
            // No account, no job.
            #expect(try await server.send(.post, "/v1/enrichment/batch", json: "{}").status == 401)
            let jobs = try await server.send(.get, "/v1/jobs", token: alice.token)
            #expect((jobs.envelope?["data"] as? [Any])?.isEmpty == true, "\(jobs.text)")
        }
    }

    @Test func aClientMayChooseTheJobIDOnceAsTheSeedsClientsDo() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let bob = try await server.account("bob")
            let id = "3F2504E0-4F89-41D3-9A0C-0305E82C3301"
            let body = #"{"jobId": "\#(id)", "books": [{"title": "Dune"}]}"#
            let first = try await server.send(.post, "/v1/enrichment/batch", token: alice.token, json: body)
            #expect(first.status == 202, "\(first.text)")
            #expect((first.data?["id"] as? String)?.uppercased() == id)
            _ = try await server.waitForJob(try #require(first.data?["id"] as? String), token: alice.token)
            // Taken for the same owner (another user's jobs with the ID are theirs: JobIDsPerUserAPITests).
            let again = try await server.send(.post, "/v1/enrichment/batch", token: alice.token, json: body)
            #expect(again.status == 409)
            #expect(again.code == "JOB_EXISTS")
            // Bob cannot read it.
            #expect(try await server.send(.get, "/v1/jobs/\(id)", token: bob.token).status == 404)
        }
    }

    @Test func theSeedsEnrichmentStartAnswersTheSameWithDeprecationAndItsSuccessor() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let started = try await server.send(.post, "/api/enrichment/start", token: alice.token, json: """
                {"workIds": ["9780340839935", "Kindred"]}
                """)
            #expect(started.status == 202, "\(started.text)")
            #expect(started.header("Deprecation") == "true")
            #expect(started.header("Sunset") == Deprecation.sunset)
            #expect(started.header("Link") == "</v1/enrichment/batch>; rel=\"successor-version\"")
            let ended = try await server.waitForJob(try #require(started.data?["id"] as? String), token: alice.token)
            let lookups = try #require(ended.data?["lookups"] as? [[String: Any]], "\(ended.text)")
            #expect((lookups[0]["question"] as? [String: Any])?["isbn"] as? String == "9780340839935")
            #expect((lookups[1]["question"] as? [String: Any])?["title"] as? String == "Kindred")
            #expect(lookups.allSatisfy { $0["work"] != nil })
            // A refusal carries the deprecation too.
            let refused = try await server.send(.post, "/api/enrichment/start", token: alice.token, json: #"{"workIds": []}"#)
            #expect(refused.status == 400)
            #expect(refused.header("Deprecation") == "true")
        }
    }

    @Test func aLookupBatchIsCancelledBetweenItsTensAndResumedAfterARestart() async throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-server-enrichment-restart")
        defer { folder.remove() }
        let ids = ImportJobAPITests.IDBox()
        let books = "[" + (0..<40).map { _ in #"{"title": "Dune", "author": "Frank Herbert"}"# }.joined(separator: ",") + "]"
        try await ServerHarness.run(folder: folder, prepare: { app in
            // What a server killed in the middle of a lookup batch leaves behind.
            let accounts = try app.accounts(passwordCost: 4)
            let alice = try await accounts.createAccount(name: "alice", password: "password-alice", isAdmin: false)
            var job = Job(kind: .enrichment, input: #"{"books": \#(books), "force": false}"#, now: ServerHarness.start)
            job.status = .running
            job.processed = 10
            job.total = 40
            try await app.libraryDatabase().add(job, owner: alice.user.id)
            ids.set("resumed", job.id.description)
            var broken = Job(kind: .enrichment, input: "{not json", now: ServerHarness.start)
            broken.status = .running
            try await app.libraryDatabase().add(broken, owner: alice.user.id)
            ids.set("broken", broken.id.description)
        }) { server in
            let accounts = try server.app.accounts(passwordCost: 4)
            let token = try await accounts.createToken(for: try await accounts.account(named: "alice"), name: "t").secret
            let resumed = try await server.waitForJob(ids.get("resumed"), token: token)
            #expect(resumed.data?["status"] as? String == "succeeded", "\(resumed.text)")
            #expect((resumed.data?["lookups"] as? [Any])?.count == 40)
            #expect(resumed.data?["message"] as? String == "resumed after a restart")
            let broken = try await server.waitForJob(ids.get("broken"), token: token)
            #expect(broken.data?["status"] as? String == "failed")
            #expect((broken.data?["message"] as? String)?.contains("start it again") == true)

            // A long batch cancelled at once stops before its next ten.
            let many = "[" + (0..<500).map { #"{"title": "Dune \#($0)"}"# }.joined(separator: ",") + "]"
            let started = try await server.send(.post, "/v1/enrichment/batch", token: token, json: #"{"books": \#(many)}"#)
            let id = try #require(started.data?["id"] as? String, "\(started.text)")
            #expect(try await server.send(.delete, "/v1/jobs/\(id)", token: token).status == 202)
            let ended = try await server.waitForJob(id, token: token)
            #expect(ended.data?["status"] as? String == "cancelled", "\(ended.text)")
            #expect((ended.data?["processed"] as? Int ?? 500) < 500)
            #expect((ended.data?["message"] as? String)?.contains("cancelled") == true)
        }
    }

    // MARK: Photo conversion

    @Test func photosKeptBeforeProcessingAreConvertedByAJobWhenTheServerStarts() async throws {
        let camera = try SamplePhoto.jpeg(width: 3_000, height: 2_000)
        // Bytes that start like a PNG and are nothing else: kept by an old version, unreadable now.
        let broken = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 40))
        try await ServerHarness.run(prepare: { app in
            let account = try await app.accounts(passwordCost: 4).createAccount(name: "alice", password: "password-alice", isAdmin: false)
            let store = try app.libraryDatabase().library(for: account.user.id)
            let book = try store.add(LibraryFixtures.books(count: 1, userID: account.user.id)[0])
            for data in [camera, broken] {
                try store.addPhoto(PagePhoto(imageType: data[0] == 0xFF ? .jpeg : .png, byteCount: data.count, dateAdded: ServerHarness.start),
                                   data: data, entryID: book.entry.id)
            }
        }) { server in
            let token = try await WebAppTests.token(server, "alice")
            let jobs = try await server.send(.get, "/v1/jobs", token: token)
            let job = try #require((jobs.envelope?["data"] as? [[String: Any]])?.first { $0["kind"] as? String == "photoConversion" }, "\(jobs.text)")
            let ended = try await server.waitForJob(try #require(job["id"] as? String), token: token)
            #expect(ended.data?["status"] as? String == "succeeded", "\(ended.text)")
            #expect((ended.data?["photos"] as? [String: Int]) == ["converted": 1, "unreadable": 1])
            let browser = try await WebAppTests.signIn(server, "alice")
            let page = try await browser.get("/jobs/\(try #require(job["id"] as? String))")
            #expect(page.text.contains("<h1>Converting page photos</h1>"))
            #expect(page.text.contains("1 photo converted; 1 could not be read and were kept as they were."))

            let account = try await server.app.accounts(passwordCost: 4).account(named: "alice")
            let library = server.server.services.library(account).library
            #expect(try await library.unprocessedPhotoCount() == 1, "the unreadable one stays as it was")
            let books = try await library.books(EntryQuery())
            let photos = try await library.photos(.id(try #require(books.first).entry.id)).1
            let converted = try #require(photos.first { $0.imageType == .jpeg })
            let data = try await library.photoData(converted.id)
            #expect(data.count < camera.count && data.count == converted.byteCount)
            #expect(try await library.photoThumbnail(converted.id).count < data.count, "a thumbnail was made")
            // A second start finds only the unreadable photo and tries it again, nothing more.
            let again = try await server.server.services.jobs.convertUnprocessedPhotos(users: [account.user])
            #expect(again.count == 1)
        }
    }

    // MARK: Author suggestions

    /// A loopback Wikidata that knows Octavia E. Butler (recorded answers), and the server
    /// environment that points every provider at it.
    static func wikidata() async throws -> (server: LoopbackHTTPServer, environment: [String: String]) {
        let wikidata = try await LoopbackHTTPServer.start(routes: [
            LoopbackRoute(.custom { $0.path == "/w/api.php" && $0.queryValue("action") == "wbsearchentities" },
                          try .fixture("wikidata/search-octavia-butler.json")),
            .get("/wiki/Special:EntityData/Q235302.json", try .fixture("wikidata/entity-Q235302-octavia-e-butler.json")),
        ])
        return (wikidata, [
            "BOOKSTRACK_WIKIDATA_URL": wikidata.baseURL, "BOOKSTRACK_OPENLIBRARY_URL": wikidata.baseURL,
            "BOOKSTRACK_GOOGLE_BOOKS_URL": wikidata.baseURL, "BOOKSTRACK_PROVIDER_TIMEOUT": "60",
        ])
    }

    @Test func authorSuggestionsAreAskedOfWikidataAsAJobAndFillOnlyEmptyFields() async throws {
        let (wikidata, environment) = try await Self.wikidata()
        defer { Task { await wikidata.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            _ = try await server.send(.post, "/v1/books", token: alice.token, json: #"{"title": "Kindred", "authors": ["Octavia E. Butler"]}"#)
            let authors = try await server.send(.get, "/v1/authors", token: alice.token)
            let butler = try #require((authors.envelope?["data"] as? [[String: Any]])?.first)
            let authorID = try #require(butler["id"] as? String)
            // The reader's own answer, which a suggestion must not replace.
            _ = try await server.send(.put, "/v1/authors/\(authorID)", token: alice.token, json: #"{"gender": "other"}"#)

            let shown = try await server.send(.post, "/v1/authors/suggestions", token: alice.token, json: "{}")
            #expect(shown.status == 202, "\(shown.text)")
            let ended = try await server.waitForJob(try #require(shown.data?["id"] as? String), token: alice.token)
            #expect(ended.data?["kind"] as? String == "authorSuggestions")
            let report = try #require((ended.data?["authors"] as? [String: Any])?["authors"] as? [[String: Any]], "\(ended.text)")
            #expect(report.count == 1)
            #expect(report.first?["authorID"] as? String == authorID)
            #expect(report.first?["wikidataID"] as? String == "Q235302")
            #expect((report.first?["suggested"] as? [String: String])?["nationality"] == "US")
            #expect(report.first?["applied"] as? Bool == false)

            let applied = try await server.send(.post, "/v1/authors/suggestions", token: alice.token,
                                                json: #"{"author": "Octavia E. Butler", "apply": true}"#)
            _ = try await server.waitForJob(try #require(applied.data?["id"] as? String), token: alice.token)
            let after = try #require((try await server.send(.get, "/v1/authors", token: alice.token).envelope?["data"] as? [[String: Any]])?.first)
            #expect(after["gender"] as? String == "other")
            #expect(after["nationality"] as? String == "US")

            // An author who is not in the library, and limits out of range.
            let unknown = try await server.send(.post, "/v1/authors/suggestions", token: alice.token, json: #"{"author": "Nobody At All"}"#)
            #expect(unknown.status == 404, "\(unknown.text)")
            let tooMany = try await server.send(.post, "/v1/authors/suggestions", token: alice.token, json: #"{"limit": 1001}"#)
            #expect(tooMany.code == "OUT_OF_RANGE")
            #expect(tooMany.details?["field"] == "limit")
        }
    }

    @Test func anOfflineServerSaysWikidataCannotBeAsked() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let answer = try await server.send(.post, "/v1/authors/suggestions", token: alice.token, json: "{}")
            #expect(answer.status == 409)
            #expect(answer.code == "OFFLINE")
        }
    }

    // MARK: The catalog

    @Test func anAdministratorImportsADumpFromTheDumpsFolderAndTheStatsShowIt() async throws {
        let sampleLines = 120
        let dump = (1...sampleLines).map { OpenLibraryDumpFixture.edition($0) }.joined(separator: "\n") + "\n"
        try await ServerHarness.run(prepare: { app in
            let dumps = app.dataDirectory.appendingPathComponent("dumps")
            try FileManager.default.createDirectory(at: dumps, withIntermediateDirectories: true)
            try Data(dump.utf8).write(to: dumps.appendingPathComponent("ol_dump_editions_sample.txt"))
            try Data("secret".utf8).write(to: app.dataDirectory.appendingPathComponent("outside.txt"))
        }) { server in
            let admin = try await server.account("admin", admin: true)
            let reader = try await server.account("reader")
            let before = try await server.send(.get, "/v1/catalog/stats", token: reader.token)
            #expect(before.status == 200, "\(before.text)")
            let editionsBefore = try #require(before.data?["editions"] as? Int)
            #expect(before.data?["path"] == nil)

            let body = #"{"files": ["ol_dump_editions_sample.txt"]}"#
            let refused = try await server.send(.post, "/v1/catalog/imports", token: reader.token, json: body)
            #expect(refused.status == 403)
            #expect(refused.code == "ADMIN_ONLY")
            for name in ["../outside.txt", "missing.txt", "", ".hidden", "/etc/passwd", "dumps/../../outside.txt"] {
                let answer = try await server.send(.post, "/v1/catalog/imports", token: admin.token, json: #"{"files": ["\#(name)"]}"#)
                #expect(answer.status == 400, "\(name): \(answer.text)")
                #expect(answer.code == "NO_SUCH_DUMP", "\(name): \(answer.text)")
                #expect(answer.details?["field"] == "files[0]")
            }
            #expect(try await server.send(.post, "/v1/catalog/imports", token: admin.token, json: #"{"files": []}"#).code == "MISSING_FIELD")

            let started = try await server.send(.post, "/v1/catalog/imports", token: admin.token, json: body)
            #expect(started.status == 202, "\(started.text)")
            let ended = try await server.waitForJob(try #require(started.data?["id"] as? String), token: admin.token)
            #expect(ended.data?["status"] as? String == "succeeded", "\(ended.text)")
            let files = try #require(ended.data?["catalog"] as? [[String: Any]])
            #expect(files.first?["outcome"] as? String == "completed")
            #expect(files.first?["lines"] as? Int == sampleLines)
            let imported = try #require(files.first?["editions"] as? Int)
            #expect(imported == sampleLines)

            let after = try await server.send(.get, "/v1/catalog/stats", token: reader.token)
            #expect(after.data?["editions"] as? Int == editionsBefore + imported)
            let sources = try #require(after.data?["sources"] as? [[String: Any]])
            #expect(sources.contains { $0["name"] as? String == "ol_dump_editions_sample.txt" && $0["complete"] as? Bool == true })
            // The reader cannot see the admin's job.
            #expect(try await server.send(.get, "/v1/jobs/\(try #require(started.data?["id"] as? String))", token: reader.token).status == 404)
        }
    }

    @Test func twoCatalogImportsLeftUnfinishedResumeOneAndFailTheOtherWithTheReason() async throws {
        let dump = (1...50).map { OpenLibraryDumpFixture.edition($0) }.joined(separator: "\n") + "\n"
        let ids = ImportJobAPITests.IDBox()
        try await ServerHarness.run(prepare: { app in
            let dumps = app.dataDirectory.appendingPathComponent("dumps")
            try FileManager.default.createDirectory(at: dumps, withIntermediateDirectories: true)
            try Data(dump.utf8).write(to: dumps.appendingPathComponent("editions.txt"))
            let accounts = try app.accounts(passwordCost: 4)
            let admin = try await accounts.createAccount(name: "admin", password: "password-admin", isAdmin: true)
            for name in ["first", "second"] {
                var job = Job(kind: .catalogImport, input: #"{"files": ["editions.txt"], "restart": false}"#, now: ServerHarness.start)
                job.status = .running
                try await app.libraryDatabase().add(job, owner: admin.user.id)
                ids.set(name, job.id.description)
            }
        }) { server in
            let accounts = try server.app.accounts(passwordCost: 4)
            let token = try await accounts.createToken(for: try await accounts.account(named: "admin"), name: "t").secret
            let ended = [try await server.waitForJob(ids.get("first"), token: token), try await server.waitForJob(ids.get("second"), token: token)]
            let statuses = ended.compactMap { $0.data?["status"] as? String }.sorted()
            #expect(statuses == ["failed", "succeeded"], "\(ended.map(\.text))")
            let failed = try #require(ended.first { $0.data?["status"] as? String == "failed" })
            #expect((failed.data?["message"] as? String)?.contains("another catalog import was resumed first") == true)
        }
    }
}
