import BooksTrackCore
import BooksTrackServices
import BooksTrackStore
import BooksTrackTesting
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackApp
@testable import BooksTrackServer

@Suite struct ImportJobAPITests {
    /// A Goodreads export of `rows` rows, as bytes.
    static func goodreads(rows: Int) throws -> [UInt8] {
        let folder = try TemporaryDirectory(prefix: "bookstrack-server-upload")
        let file = folder.url.appendingPathComponent("goodreads.csv")
        try GoodreadsExportFixture.write(rows: rows, to: file)
        return Array(try Data(contentsOf: file))
    }

    /// The progress socket opened for a job: the answer's status, and the job's events as the
    /// socket pushed them until the job ended and the server closed it.
    static func events(port: Int, jobID: String, token: String, origin: String? = nil) async throws -> (status: Int, events: [[String: Any]]) {
        var headers = [("Authorization", "Bearer \(token)")]
        if let origin { headers.append(("Origin", origin)) }
        let outcome = try await RawWebSocket.open(port: port, path: "/ws/progress?jobId=\(jobID)", headers: headers)
        if outcome.status == 101 { #expect(outcome.closedWithFrame, "the server ends the socket with a close frame") }
        let events = try outcome.messages.map { text in
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
        }
        return (outcome.status, events)
    }

    @Test func anImportRunsAsAJobWhoseProgressReachesItsOwnerOverTheWebSocket() async throws {
        let upload = try Self.goodreads(rows: 20_000)
        try await ServerHarness.run { server in
            // 20,000 rows take seconds, so the socket opens while the job runs. Only when other
            // suites keep the cooperative pool busy can the job end first; the socket then gets its
            // final state alone, which shows nothing of the progress, so that run is tried again
            // with a new account, three times at most.
            var alice: (account: Account, token: String)!
            var id = ""
            var status = 0
            var events: [[String: Any]] = []
            for attempt in 1...3 {
                alice = try await server.account("reader\(attempt)")
                let started = try await server.send(.post, "/v1/imports", token: alice.token, body: upload)
                #expect(started.status == 202, "\(started.text)")
                id = try #require(started.data?["id"] as? String)
                #expect(["queued", "running"].contains(started.data?["status"] as? String ?? ""))
                (status, events) = try await Self.events(port: server.port, jobID: id, token: alice.token)
                if events.count >= 2 || attempt == 3 { break }
                _ = try await server.waitForJob(id, token: alice.token)
            }
            #expect(status == 101)
            #expect(events.count >= 2, "\(events)")
            #expect(events.allSatisfy { $0["jobId"] as? String == id && $0["kind"] as? String == "import" })
            let processed = events.compactMap { $0["processed"] as? Int }
            #expect(processed == processed.sorted())
            let last = try #require(events.last)
            #expect(last["status"] as? String == "succeeded")
            #expect(last["processed"] as? Int == 20_000)
            #expect(last["total"] as? Int == 20_000)

            let polled = try await server.waitForJob(id, token: alice.token)
            let report = try #require(polled.data?["report"] as? [String: Any])
            #expect(report["rows"] as? Int == 20_000)
            let added = try #require(report["added"] as? Int)
            #expect(added > 17_000)
            #expect(try await server.send(.get, "/v1/books?limit=1", token: alice.token).data?["total"] as? Int == added)
            let listed = try await server.send(.get, "/v1/jobs", token: alice.token).envelope?["data"] as? [[String: Any]]
            #expect(listed?.first?["id"] as? String == id)
            #expect(try FileManager.default.contentsOfDirectory(atPath: server.app.dataDirectory.appendingPathComponent("uploads").path).isEmpty)
        }
    }

    @Test func theProgressSocketIsRefusedBeforeTheUpgradeToAnyoneButTheOwner() async throws {
        let upload = try Self.goodreads(rows: 10)
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let bob = try await server.account("bob")
            let id = try #require(try await server.send(.post, "/v1/imports", token: alice.token, body: upload).data?["id"] as? String)
            _ = try await server.waitForJob(id, token: alice.token)

            let anonymous = try await server.send(.get, "/ws/progress?jobId=\(id)")
            #expect(anonymous.status == 401)
            let other = try await server.send(.get, "/ws/progress?jobId=\(id)", token: bob.token)
            #expect(other.status == 404)
            let foreign = try await server.send(.get, "/ws/progress?jobId=\(id)", token: alice.token, headers: [("Origin", "https://evil.example")])
            #expect(foreign.status == 403)
            #expect(foreign.code == "ORIGIN_REFUSED")
            let plain = try await server.send(.get, "/ws/progress?jobId=\(id)", token: alice.token)
            #expect(plain.status == 426)
            #expect(try await server.send(.get, "/v1/jobs/\(id)", token: bob.token).status == 404)

            // A real upgrade by another account, without a token, or from another origin, is refused.
            let refused = [
                try await Self.events(port: server.port, jobID: id, token: bob.token),
                try await Self.events(port: server.port, jobID: id, token: "bt_not-a-token"),
                try await Self.events(port: server.port, jobID: id, token: alice.token, origin: "https://evil.example"),
                try await Self.events(port: server.port, jobID: UUID().uuidString, token: alice.token),
            ]
            #expect(refused.map(\.status) == [400, 400, 400, 400])
            #expect(refused.allSatisfy { $0.events.isEmpty })
            // The owner gets the finished job's state at once, and the socket ends.
            let (status, events) = try await Self.events(port: server.port, jobID: id, token: alice.token)
            #expect(status == 101)
            #expect(events.count == 1)
            #expect(events.first?["status"] as? String == "succeeded")
        }
    }

    @Test func aCancelledImportStopsAfterItsBatchAndKeepsWhatItWrote() async throws {
        let upload = try Self.goodreads(rows: 20_000)
        try await ServerHarness.run { server in
            // The import runs on a thread of its own and the cancel is handled on the cooperative
            // pool: while other suites keep that pool busy, the cancel can arrive after the last
            // batch (the job then succeeds, or stops with every row processed). Such a run shows
            // nothing about cancelling, so it is tried again with a new account (a re-import would
            // be quicker still), three times at most.
            for attempt in 1...3 {
                let owner = try await server.account("reader\(attempt)")
                let id = try #require(try await server.send(.post, "/v1/imports", token: owner.token, body: upload).data?["id"] as? String)
                let cancel = try await server.send(.delete, "/v1/jobs/\(id)", token: owner.token)
                let ended = try await server.waitForJob(id, token: owner.token)
                let tooLate = cancel.code == "JOB_FINISHED" || ended.data?["status"] as? String == "succeeded"
                    || ended.data?["processed"] as? Int == 20_000
                if attempt < 3, tooLate { continue }
                #expect(cancel.status == 202, "\(cancel.text)")
                #expect(ended.data?["status"] as? String == "cancelled")
                let processed = try #require(ended.data?["processed"] as? Int)
                #expect(processed < 20_000)
                #expect((ended.data?["message"] as? String)?.contains("cancelled after \(processed) rows") == true)
                let again = try await server.send(.delete, "/v1/jobs/\(id)", token: owner.token)
                #expect(again.status == 409)
                #expect(again.code == "JOB_FINISHED")
                return
            }
        }
    }

    @Test func anUploadThatCannotBeImportedIsRefusedAtOnceWithoutAJob() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            for (body, code) in [([UInt8](), "UNREADABLE_IMPORT"), ([0, 1, 2, 3, 0, 0, 255], "UNREADABLE_IMPORT"),
                                 (Array("Title,Author\n".utf8), "UNREADABLE_IMPORT"), (Array("just some words\nmore\n".utf8), "UNREADABLE_IMPORT")] {
                let answer = try await server.send(.post, "/v1/imports", token: alice.token, body: body)
                #expect(answer.status == 400, "\(answer.text)")
                #expect(answer.code == code)
            }
            for json in ["{}", "[]", #"{"a": 1}"#, "[1, 2]"] {
                let answer = try await server.send(.post, "/v1/imports", token: alice.token, body: Array(json.utf8),
                                                   headers: [("Content-Type", "application/json")])
                #expect(answer.status == 400, "\(json): \(answer.text)")
                #expect(answer.code == "UNREADABLE_IMPORT", "\(json)")
            }
            let format = try await server.send(.post, "/v1/imports?format=kindle", token: alice.token, body: Array("a,b\n1,2\n".utf8))
            #expect(format.status == 400)
            #expect(format.details?["field"] == "format")
            #expect((try await server.send(.get, "/v1/jobs", token: alice.token).envelope?["data"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aRestartResumesAnImportWhoseUploadIsKeptAndFailsOneWhoseUploadIsGone() async throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-server-restart")
        let upload = try Self.goodreads(rows: 50)
        let ids = IDBox()
        try await ServerHarness.run(folder: folder, prepare: { app in
            // What a server killed in the middle of two imports leaves behind.
            let accounts = try app.accounts(passwordCost: 4)
            let alice = try await accounts.createAccount(name: "alice", password: "password-alice", isAdmin: false)
            let database = try app.libraryDatabase()
            let uploads = app.dataDirectory.appendingPathComponent("uploads")
            try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
            for kept in [true, false] {
                var job = Job(kind: .import, input: "", now: ServerHarness.start)
                let input = JobInputs.Import(file: "\(job.id).upload", format: nil, dryRun: false, overwrite: false)
                job.input = String(decoding: try JSONEncoder().encode(input), as: UTF8.self)
                job.status = .running
                job.processed = 0
                if kept { try Data(upload).write(to: uploads.appendingPathComponent(input.file)) }
                try await database.add(job, owner: alice.user.id)
                ids.set(kept ? "kept" : "gone", job.id.description)
            }
        }) { server in
            let token = try await server.app.accounts(passwordCost: 4).createToken(
                for: try await server.app.accounts(passwordCost: 4).account(named: "alice"), name: "t").secret
            let resumed = try await server.waitForJob(ids.get("kept"), token: token)
            #expect(resumed.data?["status"] as? String == "succeeded")
            #expect((resumed.data?["report"] as? [String: Any])?["rows"] as? Int == 50)
            let failed = try await server.waitForJob(ids.get("gone"), token: token)
            #expect(failed.data?["status"] as? String == "failed")
            #expect((failed.data?["message"] as? String)?.contains("upload is gone") == true)
        }
    }

    final class IDBox: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: [String: String] = [:]
        func set(_ key: String, _ value: String) { lock.withLock { ids[key] = value } }
        func get(_ key: String) -> String { lock.withLock { ids[key] ?? "" } }
    }
}
