import BooksTrackApp
import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// A job's ID is its owner's: a client choosing one (the seed's `jobId`) learns nothing of other
/// users' jobs, and two users' jobs with the same ID stay apart.
@Suite struct JobIDsPerUserAPITests {
    @Test func anotherUsersJobIDIsFreeToChooseAndEachUserSeesOnlyTheirOwnJob() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let bob = try await server.account("bob")
            let id = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
            // Given Alice's enrichment batch of one book under a chosen ID
            let alicesStart = try await server.send(.post, "/v1/enrichment/batch", token: alice.token,
                                                    json: #"{"jobId": "\#(id)", "books": [{"title": "Dune"}]}"#)
            #expect(alicesStart.status == 202, "\(alicesStart.text)")
            _ = try await server.waitForJob(id, token: alice.token)

            // When Bob starts a batch of two books under the same ID
            let bobsStart = try await server.send(.post, "/v1/enrichment/batch", token: bob.token, json: """
                {"jobId": "\(id)", "books": [{"title": "Kindred", "author": "Octavia E. Butler"}, {"title": "A Book Nobody Wrote"}]}
                """)

            // Then it is started as his, not refused as taken
            #expect(bobsStart.status == 202, "\(bobsStart.text)")
            #expect(bobsStart.data?["id"] as? String == id)
            let bobsEnd = try await server.waitForJob(id, token: bob.token)
            // and each reads their own job at the ID, as their own work left it
            let bobsLookups = try #require(bobsEnd.data?["lookups"] as? [[String: Any]], "\(bobsEnd.text)")
            #expect(bobsLookups.compactMap { ($0["question"] as? [String: Any])?["title"] as? String } == ["Kindred", "A Book Nobody Wrote"])
            #expect(bobsEnd.data?["total"] as? Int == 2)
            let alicesJob = try await server.send(.get, "/v1/jobs/\(id)", token: alice.token)
            #expect(alicesJob.data?["status"] as? String == "succeeded", "\(alicesJob.text)")
            #expect(alicesJob.data?["total"] as? Int == 1)
            let alicesLookups = try #require(alicesJob.data?["lookups"] as? [[String: Any]], "\(alicesJob.text)")
            #expect(alicesLookups.compactMap { ($0["question"] as? [String: Any])?["title"] as? String } == ["Dune"])
            // and each one's list of jobs holds only their own
            for (token, total) in [(alice.token, 1), (bob.token, 2)] {
                let jobs = try #require(try await server.send(.get, "/v1/jobs", token: token).envelope?["data"] as? [[String: Any]])
                #expect(jobs.compactMap { $0["total"] as? Int } == [total])
            }
        }
    }

    @Test func aUserReusingTheirOwnJobIDIsRefusedAfterAnotherUserTookItToo() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let bob = try await server.account("bob")
            let id = "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d"
            let body = #"{"jobId": "\#(id)", "books": [{"title": "Dune"}]}"#
            // Given Alice's and Bob's jobs with the same chosen ID
            #expect(try await server.send(.post, "/v1/enrichment/batch", token: alice.token, json: body).status == 202)
            #expect(try await server.send(.post, "/v1/enrichment/batch", token: bob.token, json: body).status == 202)
            _ = try await server.waitForJob(id, token: alice.token)
            _ = try await server.waitForJob(id, token: bob.token)

            // When Alice sends the ID again, also through the seed's path
            for path in ["/v1/enrichment/batch", "/api/enrichment/start"] {
                let again = try await server.send(.post, path, token: alice.token, json: body)
                // Then it is refused as hers already
                #expect(again.status == 409, "\(path): \(again.text)")
                #expect(again.code == "JOB_EXISTS", "\(path): \(again.text)")
            }
            // and she still has one job, Bob one
            for token in [alice.token, bob.token] {
                #expect((try await server.send(.get, "/v1/jobs", token: token).envelope?["data"] as? [Any])?.count == 1)
            }
        }
    }

    @Test func theSeedsShelfScanTakesAJobIDAnotherUserAlreadyUses() async throws {
        let (gemini, environment) = try await GeminiFixtures.server(answering: [GeminiFixtures.shelf(ScanAPITests.shelf),
                                                                               GeminiFixtures.shelf(ScanAPITests.shelf)])
        defer { Task { await gemini.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let alice = try await server.account("alice")
            let bob = try await server.account("bob")
            let id = "7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f"
            // Given Alice's shelf scan under a chosen ID
            let alicesStart = try await server.send(.post, "/api/scan-bookshelf?jobId=\(id)", token: alice.token, body: try ScanAPITests.photo())
            #expect(alicesStart.status == 202, "\(alicesStart.text)")
            _ = try await server.waitForJob(id, token: alice.token)

            // When Bob sends a shelf photo under the same ID
            let bobsStart = try await server.send(.post, "/api/scan-bookshelf?jobId=\(id)", token: bob.token, body: try ScanAPITests.photo())

            // Then his scan starts under it, and each reads their own scan's job there
            #expect(bobsStart.status == 202, "\(bobsStart.text)")
            #expect(bobsStart.data?["jobId"] as? String == id)
            let bobsEnd = try await server.waitForJob(id, token: bob.token)
            let bobsScan = try #require(bobsStart.data?["scanId"] as? String)
            let alicesScan = try #require(alicesStart.data?["scanId"] as? String)
            #expect(bobsScan != alicesScan)
            #expect((bobsEnd.data?["scan"] as? [String: Any])?["scanID"] as? String == bobsScan, "\(bobsEnd.text)")
            let alicesJob = try await server.send(.get, "/v1/jobs/\(id)", token: alice.token)
            #expect((alicesJob.data?["scan"] as? [String: Any])?["scanID"] as? String == alicesScan, "\(alicesJob.text)")
            // and Alice sending it again is refused
            let again = try await server.send(.post, "/api/scan-bookshelf?jobId=\(id)", token: alice.token, body: try ScanAPITests.photo())
            #expect(again.status == 409, "\(again.text)")
            #expect(again.code == "JOB_EXISTS")
        }
    }
}
