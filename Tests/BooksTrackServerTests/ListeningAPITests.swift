import BooksTrackCore
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackServer

/// `POST /v1/books/{id}/progress` with `{"minutes": N}`, and the web book page's progress form,
/// on an audiobook.
@Suite struct ListeningAPITests {
    /// An audiobook of 700 minutes (11 h 40 min) in Alice's library.
    private static func audiobook(_ server: ServerHarness, token: String, minutes: Int? = 700) async throws -> String {
        let id = try await server.addBook("Project Hail Mary", token: token, extra: #", "format": "audiobook", "owned": true"#)
        if let minutes {
            let patched = try await server.send(.patch, "/v1/books/\(id)", token: token, json: #"{"audioDurationMinutes": \#(minutes)}"#)
            #expect(patched.status == 200, "\(patched.text)")
        }
        return id
    }

    @Test func minutesListenedSetTheProgressAndAreShownOnTheBook() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await Self.audiobook(server, token: alice.token)
            let answer = try await server.send(.post, "/v1/books/\(id)/progress", token: alice.token, json: #"{"minutes": 175}"#)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.data?["progress"] as? Double == 0.25)
            #expect(answer.data?["minutesListened"] as? Int == 175)
            #expect(answer.data?["status"] as? String == "reading")
            let finished = try await server.send(.post, "/v1/books/\(id)/progress", token: alice.token, json: #"{"minutes": 700}"#)
            #expect(finished.data?["status"] as? String == "read")
        }
    }

    @Test(arguments: [
        (#"{"minutes": -1}"#, "VALIDATION_FAILED", "minutes"),
        (#"{"minutes": 1000000000000000000}"#, "VALIDATION_FAILED", "minutes"),
        (#"{"minutes": 701}"#, "VALIDATION_FAILED", "minutes"),
        (#"{"minutes": 99999999999999999999}"#, "OUT_OF_RANGE", nil),
        (#"{"page": 1, "minutes": 5}"#, "MISSING_FIELD", nil),
        (#"{"percent": 10, "minutes": 5}"#, "MISSING_FIELD", nil),
    ] as [(String, String, String?)])
    func hostileMinutesAreRefusedWithACodeAndChangeNothing(body: String, code: String, field: String?) async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await Self.audiobook(server, token: alice.token)
            let answer = try await server.send(.post, "/v1/books/\(id)/progress", token: alice.token, json: body)
            #expect(answer.status == 400, "\(answer.text)")
            #expect(answer.code == code, "\(answer.text)")
            if let field { #expect(answer.details?["field"] == field, "\(answer.text)") }
            let book = try await server.send(.get, "/v1/books/\(id)", token: alice.token)
            #expect(book.data?["progress"] as? Double == 0)
            #expect(book.data?["status"] as? String == "toRead")
        }
    }

    @Test func minutesOnABookWithoutALengthSayToSetIt() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await Self.audiobook(server, token: alice.token, minutes: nil)
            let answer = try await server.send(.post, "/v1/books/\(id)/progress", token: alice.token, json: #"{"minutes": 30}"#)
            #expect(answer.status == 400)
            #expect(answer.details?["field"] == "audioDurationMinutes")
            #expect(answer.text.contains("--audio-minutes"))
        }
    }

    @Test func theBookPageTakesATimeListenedAndShowsIt() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await Self.audiobook(server, token: try await WebAppTests.token(server, "alice"))
            let path = "/books/\(id)"
            let page = try await browser.get(path)
            #expect(page.text.contains("Time listened (2h30m or 2:30), or a percentage (40%)"))

            let saved = try await WebAppTests.submit(browser, from: path, to: path + "/progress", [("progress", "1:05")])
            #expect(saved.status == 303)

            let shown = try await browser.get(path)
            #expect(shown.text.contains("1 h 5 min of 11 h 40 min (9%)"))
            #expect(shown.text.contains(#"name="progress" value="1:05""#))

            let refused = try await WebAppTests.submit(browser, from: path, to: path + "/progress", [("progress", "12:00")])
            #expect(refused.text.contains("out of range"), "\(refused.status)")
        }
    }
}
