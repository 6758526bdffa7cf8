import BooksTrackCore
import BooksTrackTesting
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackServer

@Suite struct SearchAPITests {
    @Test func anInvalidISBNIs400WithTheSeedsCodeAndTheField() async throws {
        try await ServerHarness.run { server in
            for isbn in ["123", "9780441172718", "978-0-441-17271-X", "%00", String(repeating: "9", count: 10_000)] {
                let answer = try await server.send(.get, "/v1/search/isbn?isbn=\(isbn.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
                #expect(answer.status == 400, "\(isbn.prefix(20))")
                #expect(answer.success == false)
                #expect(answer.code == "INVALID_ISBN")
                #expect(answer.details?["field"] == "isbn")
                #expect(answer.envelope?["meta"] != nil)
            }
            let missing = try await server.send(.get, "/v1/search/isbn")
            #expect(missing.status == 400)
            #expect(missing.code == "INVALID_ISBN")
        }
    }

    @Test func aBackCoverPhotoIsLookedUpByItsBarcodeForAnAccount() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            // The Hunger Games (ISBN-10 0439023483) is in the offline catalog.
            let isbn = try #require(ISBN("0439023483")).isbn13
            let photo = Array(try ZintBarcode.png(isbn, addOn: "51299"))
            let found = try await server.send(.post, "/v1/search/barcode", token: alice.token, body: photo)
            #expect(found.status == 200, "\(found.text)")
            #expect(found.text.contains("The Hunger Games"))
            #expect(try await server.send(.post, "/v1/search/barcode", body: photo).status == 401)
            let grocery = try await server.send(.post, "/v1/search/barcode", token: alice.token, body: Array(try ZintBarcode.png("4006381333931")))
            #expect(grocery.status == 422)
            #expect(grocery.code == "NO_ISBN_BARCODE")
            let text = try await server.send(.post, "/v1/search/barcode", token: alice.token, body: Array("hello".utf8))
            #expect(text.status == 415)
            #expect(text.code == "UNSUPPORTED_IMAGE")
            let bomb = try await server.send(.post, "/v1/search/barcode", token: alice.token, body: Array(PNGBomb.make(width: 50_000, height: 50_000)))
            #expect(bomb.code == "IMAGE_TOO_MANY_PIXELS")
            let huge = try await server.send(.post, "/v1/search/barcode", token: alice.token, body: [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: 26 * 1_048_576))
            #expect(huge.status == 413)
        }
    }

    @Test func aTitleSearchAnswersFromTheOfflineCatalogInTheEnvelope() async throws {
        try await ServerHarness.run { server in
            let answer = try await server.send(.get, "/v1/search/title?q=dune%20herbert")
            #expect(answer.status == 200)
            #expect(answer.success == true)
            let works = try #require(answer.data?["works"] as? [[String: Any]])
            #expect(works.contains { ($0["title"] as? String) == "Dune" })
            let meta = try #require(answer.envelope?["meta"] as? [String: Any])
            #expect(meta["provider"] as? String == "catalog")
            #expect(meta["cached"] as? Bool == false)
            #expect(meta["timestamp"] as? String == "2026-11-22T09:00:00Z")
        }
    }

    @Test func queriesOutsideTheLimitsAreRefusedWithTheLimit() async throws {
        try await ServerHarness.run { server in
            let empty = try await server.send(.get, "/v1/search/title?q=")
            #expect(empty.status == 400)
            #expect(empty.code == "MISSING_FIELD")
            let long = try await server.send(.get, "/v1/search/title?q=" + String(repeating: "a", count: 513))
            #expect(long.status == 400)
            #expect(long.code == "QUERY_TOO_LONG")
            #expect(long.details?["limit"] == "512")
            let nothing = try await server.send(.get, "/v1/search/advanced")
            #expect(nothing.status == 400)
            #expect(nothing.details?["field"] == "title")
        }
    }

    @Test func theSeedsUnversionedPathsAnswerTheSameWithDeprecationAndSunset() async throws {
        try await ServerHarness.run { server in
            let current = try await server.send(.get, "/v1/search/title?q=dune")
            let legacy = try await server.send(.get, "/search/title?q=dune")
            #expect(legacy.status == 200)
            #expect((legacy.data?["works"] as? [Any])?.count == (current.data?["works"] as? [Any])?.count)
            #expect(legacy.header("Deprecation") == "true")
            #expect(legacy.header("Sunset") == Deprecation.sunset)
            #expect(legacy.header("Link")?.contains("/v1/search/title") == true)
            #expect(current.header("Deprecation") == nil)
            let legacyISBN = try await server.send(.get, "/search/isbn?isbn=12")
            #expect(legacyISBN.status == 400)
            #expect(legacyISBN.code == "INVALID_ISBN")
            #expect(legacyISBN.header("Sunset") == Deprecation.sunset)
        }
    }
}

@Suite struct SetupAndAccountAPITests {
    @Test func theFirstAccountNeedsTheSetupTokenAndOnlyOnce() async throws {
        try await ServerHarness.run { server in
            let health = try await server.send(.get, "/health")
            #expect(health.data?["needsFirstAccount"] as? Bool == true)
            let wrong = try await server.send(.post, "/v1/setup", json: #"{"setupToken": "guess", "name": "admin", "password": "long enough"}"#)
            #expect(wrong.status == 403)
            #expect(wrong.code == "WRONG_SETUP_TOKEN")
            let secret = server.server.services.setupSecret
            let short = try await server.send(.post, "/v1/setup", json: #"{"setupToken": "\#(secret)", "name": "admin", "password": "short"}"#)
            #expect(short.status == 400)
            #expect(short.code == "INVALID_PASSWORD")
            let made = try await server.send(.post, "/v1/setup", json: #"{"setupToken": "\#(secret)", "name": "admin", "password": "long enough"}"#)
            #expect(made.status == 201)
            #expect(made.data?["isAdmin"] as? Bool == true)
            let again = try await server.send(.post, "/v1/setup", json: #"{"setupToken": "\#(secret)", "name": "other", "password": "long enough"}"#)
            #expect(again.status == 409)
            #expect(again.code == "ALREADY_SET_UP")
            #expect(try await server.send(.get, "/health").data?["needsFirstAccount"] as? Bool == false)
        }
    }

    @Test func signUpIsClosedByDefaultAndOpenWhenConfigured() async throws {
        try await ServerHarness.run { server in
            let answer = try await server.send(.post, "/v1/accounts", json: #"{"name": "mallory", "password": "long enough"}"#)
            #expect(answer.status == 403)
            #expect(answer.code == "SIGN_UP_CLOSED")
        }
        try await ServerHarness.run(signUp: .open) { server in
            let made = try await server.send(.post, "/v1/accounts", json: #"{"name": "reader", "password": "long enough"}"#)
            #expect(made.status == 201)
            #expect(made.data?["isAdmin"] as? Bool == false)
            let taken = try await server.send(.post, "/v1/accounts", json: #"{"name": "reader", "password": "another one"}"#)
            #expect(taken.status == 409)
            #expect(taken.code == "NAME_TAKEN")
        }
    }

    @Test func aTokenIsShownOnceListedWithItsLastUseAndDeadOnceRevoked() async throws {
        try await ServerHarness.run { server in
            _ = try await server.account("alice")
            let created = try await server.send(.post, "/v1/tokens", json: #"{"name": "script", "username": "alice", "password": "password-alice"}"#)
            #expect(created.status == 201)
            let secret = try #require(created.data?["secret"] as? String)
            #expect(secret.hasPrefix("bt_") && secret.count == 46)
            let id = try #require((created.data?["token"] as? [String: Any])?["id"] as? String)

            server.clock.advance(by: 3_600)
            #expect(try await server.send(.get, "/v1/me", token: secret).data?["name"] as? String == "alice")
            let listed = try await server.send(.get, "/v1/tokens", token: secret)
            let tokens = try #require(listed.envelope?["data"] as? [[String: Any]])
            let script = try #require(tokens.first { $0["id"] as? String == id })
            #expect(script["lastUsed"] as? String == "2026-11-22T10:00:00Z")
            #expect(!listed.text.contains(secret))

            #expect(try await server.send(.delete, "/v1/tokens/\(id)", token: secret).status == 204)
            let after = try await server.send(.get, "/v1/me", token: secret)
            #expect(after.status == 401)
            #expect(after.code == "INVALID_TOKEN")
        }
    }

    @Test func aNameAndPasswordSentAsBasicAuthenticationAreRefusedWithWhatToSendInstead() async throws {
        try await ServerHarness.run { server in
            _ = try await server.account("alice")
            // `curl -u alice:password-alice`
            let basic = "Basic " + Data("alice:password-alice".utf8).base64EncodedString()
            let answer = try await server.send(.get, "/v1/me", headers: [("Authorization", basic)])
            #expect(answer.status == 401)
            #expect(answer.code == "INVALID_TOKEN")
            let message = try #require(answer.error?["message"] as? String)
            #expect(message.contains("Bearer bt_"))
            #expect(message.contains("POST /v1/tokens"))
            // And a bearer token that is no token is still told so
            let wrong = try await server.send(.get, "/v1/me", token: "bt_not-a-real-token")
            #expect(wrong.status == 401)
            #expect(wrong.error?["message"] as? String == "the API token is not valid (revoked, mistyped or not a bt_ token)")
        }
    }

    @Test func repeatedWrongPasswordsAreSlowedDownAndAnUnknownNameLooksTheSame() async throws {
        try await ServerHarness.run(configure: { $0.trustedProxies = ["127.0.0.1"] }) { server in
            _ = try await server.account("alice")
            let unknown = try await server.send(.post, "/v1/tokens", json: #"{"name": "t", "username": "nobody", "password": "whatever1"}"#)
            #expect(unknown.status == 401)
            #expect(unknown.code == "WRONG_CREDENTIALS")
            for _ in 0..<4 {
                let wrong = try await server.send(.post, "/v1/tokens", json: #"{"name": "t", "username": "alice", "password": "wrong password"}"#)
                #expect(wrong.status == 401)
                #expect(wrong.code == "WRONG_CREDENTIALS")
                #expect(wrong.error?["message"] as? String == unknown.error?["message"] as? String)
            }
            // The address has now failed five times: the next attempt must wait, even with the right password.
            let slowed = try await server.send(.post, "/v1/tokens", json: #"{"name": "t", "username": "alice", "password": "password-alice"}"#)
            #expect(slowed.status == 429)
            #expect(slowed.code == "TOO_MANY_ATTEMPTS")
            #expect(slowed.details?["retryAfter"] != nil)
            // Behind a reverse proxy the operator named (--trusted-proxy), another reader's address is not slowed by this one.
            let elsewhere = try await server.send(.post, "/v1/tokens", json: #"{"name": "t", "username": "bob", "password": "wrong password"}"#,
                                                  headers: [("X-Forwarded-For", "203.0.113.7")])
            #expect(elsewhere.status == 401)
            #expect(elsewhere.code == "WRONG_CREDENTIALS")
            // Slowed, not locked out: once the wait has passed, the right password works.
            server.clock.advance(by: 3)
            let later = try await server.send(.post, "/v1/tokens", json: #"{"name": "t", "username": "alice", "password": "password-alice"}"#)
            #expect(later.status == 201, "\(later.text)")
        }
    }
}
