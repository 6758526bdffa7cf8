import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// A request that takes too long is stopped and answered, instead of holding its connection.
@Suite struct RequestTimeLimitTests {
    @Test func aSearchWhoseProviderHangsIsStoppedAtTheLimitWithAClearAnswer() async throws {
        // Open Library answers only after 90 s; the provider itself would wait up to 120 s.
        let slow = try await LoopbackHTTPServer.start(routes: [
            LoopbackRoute(.custom { _ in true }, LoopbackResponse(status: 200, body: Array("{}".utf8), delay: .seconds(90))),
        ])
        defer { Task { await slow.shutdown() } }
        let environment = [
            "BOOKSTRACK_OPENLIBRARY_URL": slow.baseURL, "BOOKSTRACK_PROVIDERS": "openlibrary", "BOOKSTRACK_PROVIDER_TIMEOUT": "120",
        ]
        try await ServerHarness.run(environment: environment, requestTimeLimit: .seconds(1)) { server in
            let started = ContinuousClock.now
            let answer = try await server.send(.get, "/v1/search/title?q=a%20title%20no%20catalog%20has")
            let elapsed = ContinuousClock.now - started
            #expect(answer.status == 503, "\(answer.text)")
            #expect(answer.code == "REQUEST_TIME_LIMIT")
            #expect(answer.details?["limit"] == "1")
            // Far sooner than the provider (on a busy machine the test process's own pool is shared by
            // hundreds of tests, so the bound is loose).
            #expect(elapsed < .seconds(45), "answered after \(elapsed)")
            // The server still answers. Under the one-second limit a request can run out of time
            // while the whole suite keeps the machine busy, so it is asked again for up to 30 s: a
            // server held up by the stopped request would not answer at all.
            let deadline = ContinuousClock.now + .seconds(30)
            var health = try await server.send(.get, "/health").status
            while health != 200, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(250))
                health = try await server.send(.get, "/health").status
            }
            #expect(health == 200)
        }
    }

    @Test func workWithinTheLimitIsAnsweredAsUsual() async throws {
        let value = try await TimeLimit.run(.seconds(5)) { 42 }
        #expect(value == 42)
        await #expect(throws: APIError.self) {
            try await TimeLimit.run(.milliseconds(50)) { try await Task.sleep(for: .seconds(30)) }
        }
    }
}
