import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackServer

/// Browser sessions: a cookie that scripts on the page cannot read, a new one at every sign-in,
/// a CSRF token for every change, and sessions listed and revocable.
@Suite struct SessionAPITests {
    static func cookie(of answer: Answer) -> String? {
        answer.header("Set-Cookie")?.split(separator: ";").first.map(String.init)
    }

    @Test func signingInSetsAnHttpOnlySameSiteCookieAndChangesNeedTheCSRFToken() async throws {
        try await ServerHarness.run { server in
            _ = try await server.account("alice")
            let signIn = try await server.send(.post, "/v1/session", json: #"{"name": "alice", "password": "password-alice"}"#)
            #expect(signIn.status == 201)
            let setCookie = try #require(signIn.header("Set-Cookie"))
            #expect(setCookie.hasPrefix("bt_session=bt_"))
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax") && setCookie.contains("Path=/"))
            #expect(!setCookie.contains("Secure"))
            let cookie = try #require(Self.cookie(of: signIn))
            let csrf = try #require(signIn.data?["csrfToken"] as? String)

            #expect(try await server.send(.get, "/v1/me", headers: [("Cookie", cookie)]).data?["name"] as? String == "alice")
            let forged = try await server.send(.post, "/v1/books", json: #"{"title": "Forged"}"#, headers: [("Cookie", cookie)])
            #expect(forged.status == 403)
            #expect(forged.code == "CSRF_FAILED")
            let wrong = try await server.send(.post, "/v1/books", json: #"{"title": "Forged"}"#, headers: [("Cookie", cookie), ("X-CSRF-Token", "guess")])
            #expect(wrong.status == 403)
            let made = try await server.send(.post, "/v1/books", json: #"{"title": "Real"}"#, headers: [("Cookie", cookie), ("X-CSRF-Token", csrf)])
            #expect(made.status == 201)
            #expect(try await server.send(.get, "/v1/books", token: nil, headers: [("Cookie", cookie)]).data?["total"] as? Int == 1)

            let signOut = try await server.send(.delete, "/v1/session", headers: [("Cookie", cookie), ("X-CSRF-Token", csrf)])
            #expect(signOut.status == 204)
            #expect(signOut.header("Set-Cookie")?.contains("Max-Age=0") == true)
            #expect(try await server.send(.get, "/v1/me", headers: [("Cookie", cookie)]).status == 401)
        }
    }

    @Test func everySignInGetsANewSessionAndTheOldOneEnds() async throws {
        try await ServerHarness.run { server in
            _ = try await server.account("alice")
            let first = try await server.send(.post, "/v1/session", json: #"{"name": "alice", "password": "password-alice"}"#)
            let firstCookie = try #require(Self.cookie(of: first))
            let second = try await server.send(.post, "/v1/session", json: #"{"name": "alice", "password": "password-alice"}"#,
                                               headers: [("Cookie", firstCookie)])
            #expect(second.status == 201)
            let secondCookie = try #require(Self.cookie(of: second))
            #expect(secondCookie != firstCookie)
            #expect(try await server.send(.get, "/v1/me", headers: [("Cookie", firstCookie)]).status == 401)
            #expect(try await server.send(.get, "/v1/me", headers: [("Cookie", secondCookie)]).status == 200)
        }
    }

    @Test func anotherBrowsersSessionIsListedAndRevocable() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let phone = try await server.send(.post, "/v1/session", json: #"{"name": "alice", "password": "password-alice"}"#,
                                              headers: [("User-Agent", "Phone Browser")])
            let phoneCookie = try #require(Self.cookie(of: phone))
            let sessions = try #require(try await server.send(.get, "/v1/sessions", token: alice.token).envelope?["data"] as? [[String: Any]])
            #expect(sessions.count == 1)
            #expect(sessions.first?["userAgent"] as? String == "Phone Browser")
            let id = try #require(sessions.first?["id"] as? String)
            #expect(try await server.send(.delete, "/v1/sessions/\(id)", token: alice.token).status == 204)
            #expect(try await server.send(.get, "/v1/me", headers: [("Cookie", phoneCookie)]).status == 401)
            #expect(try await server.send(.delete, "/v1/sessions/\(id)", token: alice.token).status == 404)
        }
    }

    @Test func behindHTTPSTheCookieIsSecureAndAWrongPasswordSetsNone() async throws {
        try await ServerHarness.run(publicURL: URL(string: "https://books.example.org")) { server in
            _ = try await server.account("alice")
            let signIn = try await server.send(.post, "/v1/session", json: #"{"name": "alice", "password": "password-alice"}"#)
            #expect(signIn.header("Set-Cookie")?.contains("; Secure") == true)
            let wrong = try await server.send(.post, "/v1/session", json: #"{"name": "alice", "password": "not her password"}"#)
            #expect(wrong.status == 401)
            #expect(wrong.header("Set-Cookie") == nil)
            let forged = try await server.send(.get, "/v1/me", headers: [("Cookie", "bt_session=bt_" + String(repeating: "A", count: 43))])
            #expect(forged.status == 401)
        }
    }
}
