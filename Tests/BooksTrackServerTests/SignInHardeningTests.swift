import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackServer

/// Signing in where guessers, forged forms and forged headers are about.
@Suite struct SignInHardeningTests {
    @Test func aThousandFailuresFromAHundredAddressesDoNotKeepTheOwnerOutOfAKnownBrowser() async throws {
        try await ServerHarness.run(configure: { $0.trustedProxies = ["127.0.0.1"] }) { server in
            _ = try await server.account("alice")
            // Given a browser alice has signed in with before
            let known = WebBrowser(port: server.port)
            let first = try await known.post("/signin", [("name", "alice"), ("password", "password-alice")])
            #expect(first.status == 303)
            let device = WebAppTests.cookieNamed(known, prefix: "bt_device_")
            #expect(device != nil, "a device cookie is set at sign-in")

            // When 1,000 wrong passwords for alice come through the proxy from 100 addresses
            var refused = 0
            for attempt in 0..<1_000 {
                let answer = try await server.send(.post, "/v1/tokens", json: #"{"name": "t", "username": "alice", "password": "guess \#(attempt)"}"#,
                                                   headers: [("X-Forwarded-For", "198.51.100.\(attempt % 100 + 1)")])
                #expect(answer.status == 401 || answer.status == 429)
                if answer.status == 429 { refused += 1 }
            }
            #expect(refused > 0, "the guesser is slowed down")

            // Then alice signs in at once from her known browser, at an address of her own
            let again = WebBrowser(port: server.port)
            if let device { again.setCookie(device.name, device.value) }
            let owner = try await again.send(.POST, "/signin", body: Array("name=alice&password=password-alice".utf8),
                                             contentType: "application/x-www-form-urlencoded", extraHeaders: [("X-Forwarded-For", "203.0.113.9")])
            #expect(owner.status == 303, "\(owner.text)")
            // While a browser that never signed in to alice is still slowed down by the account's failures
            let stranger = WebBrowser(port: server.port)
            let slowed = try await stranger.send(.POST, "/signin", body: Array("name=alice&password=password-alice".utf8),
                                                 contentType: "application/x-www-form-urlencoded", extraHeaders: [("X-Forwarded-For", "203.0.113.10")])
            #expect(slowed.status == 429)
        }
    }

    @Test func forwardedAddressesFromAPeerThatIsNoConfiguredProxyAreNotBelieved() async throws {
        try await ServerHarness.run { server in
            _ = try await server.account("alice")
            // Given no trusted proxy: twelve guesses from loopback, each naming another address
            var statuses: [Int] = []
            for attempt in 0..<12 {
                let answer = try await server.send(.post, "/v1/tokens", json: #"{"name": "t", "username": "bob\#(attempt)", "password": "wrong password"}"#,
                                                   headers: [("X-Forwarded-For", "192.0.2.\(attempt + 1)")])
                statuses.append(answer.status)
            }
            // Then they are counted as the one address they came from and slowed after five
            #expect(statuses.prefix(5).allSatisfy { $0 == 401 })
            #expect(statuses.dropFirst(5).allSatisfy { $0 == 429 }, "\(statuses)")
        }
    }

    @Test(arguments: ["/%09/evil.example", "/%5Cevil.example", "//evil.example", "/%0A/evil.example", "%20/evil", "%2F%2Fevil.example", "/%E2%80%AE/x"])
    func signingInGoesOnlyToAPathOfThisSite(next: String) async throws {
        try await ServerHarness.run { server in
            _ = try await server.account("alice")
            // Given a sign-in link whose next, once decoded, is no plain path of this site
            let browser = WebBrowser(port: server.port)
            let page = try await browser.get("/signin?next=" + next)
            #expect(!page.text.contains("evil.example"))
            // When the reader signs in, the form posting what the page holds, or the link's next itself
            let held = try #require(page.text.range(of: #"name="next" value="([^"]*)""#, options: .regularExpression).map { String(page.text[$0]) })
            #expect(held == #"name="next" value="/library""#)
            let decoded = try #require(next.removingPercentEncoding)
            let answer = try await browser.post("/signin", [("name", "alice"), ("password", "password-alice"), ("next", decoded)])
            // Then the reader lands in the library
            #expect(answer.status == 303)
            #expect(answer.header("Location") == "/library")
        }
        try await ServerHarness.run { server in
            _ = try await server.account("alice")
            let kept = try await WebBrowser(port: server.port).post("/signin", [("name", "alice"), ("password", "password-alice"), ("next", "/books?status=read")])
            #expect(kept.header("Location") == "/books?status=read")
        }
    }

    @Test func aNameSignsInWhateverItsCase() async throws {
        try await ServerHarness.run { server in
            _ = try await server.account("Alice")
            let answer = try await WebBrowser(port: server.port).post("/signin", [("name", "aLICE"), ("password", "password-Alice")])
            #expect(answer.status == 303)
            let api = try await server.send(.post, "/v1/session", json: #"{"name": "alice", "password": "password-Alice"}"#)
            #expect(api.status == 201)
            #expect((api.data?["account"] as? [String: Any])?["name"] as? String == "Alice")
        }
    }

    @Test func aSignInFormPostedFromAnotherSiteIsRefused() async throws {
        try await ServerHarness.run { server in
            _ = try await server.account("mallory")
            // Given a form on another site that signs the visitor into mallory's account
            let victim = WebBrowser(port: server.port)
            let forged = try await victim.send(.POST, "/signin", body: Array("name=mallory&password=password-mallory".utf8),
                                               contentType: "application/x-www-form-urlencoded", origin: "https://evil.example")
            // Then no session is opened
            #expect(forged.status == 403)
            #expect(victim.cookie("bt_session") == nil)
            let api = try await server.send(.post, "/v1/session", json: #"{"name": "mallory", "password": "password-mallory"}"#,
                                            headers: [("Origin", "https://evil.example")])
            #expect(api.status == 403)
            #expect(api.code == "CROSS_SITE")

            // And a post with no Origin needs the token of this site's own sign-in page
            let script = WebBrowser(port: server.port)
            script.sendsOrigin = false
            let bare = try await script.post("/signin", [("name", "mallory"), ("password", "password-mallory")])
            #expect(bare.status == 403)
            let page = try await script.get("/signin")
            let token = try #require(WebBrowser.csrf(in: page))
            let withToken = try await script.post("/signin", [("name", "mallory"), ("password", "password-mallory"), ("csrf", token)])
            #expect(withToken.status == 303)
        }
    }

    @Test func wrongCurrentPasswordsInSettingsAreSlowedLikeSignIn() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            // Given five wrong current passwords on the password form and the delete form
            for index in 0..<5 {
                let form = index.isMultiple(of: 2) ? ("/settings", "/settings/password", [("current", "wrong \(index)"), ("new", "new password 1"), ("confirm", "new password 1")])
                    : ("/settings/delete", "/settings/delete", [("password", "wrong \(index)")])
                let answer = try await WebAppTests.submit(browser, from: form.0, to: form.1, form.2)
                #expect(answer.status == 401)
            }
            // Then the next try waits, even with the right password
            let slowed = try await WebAppTests.submit(browser, from: "/settings", to: "/settings/password",
                                                      [("current", "password-alice"), ("new", "new password 1"), ("confirm", "new password 1")])
            #expect(slowed.status == 429)
            #expect(slowed.text.contains("Too many wrong passwords"))
            let deleting = try await WebAppTests.submit(browser, from: "/settings/delete", to: "/settings/delete", [("password", "password-alice")])
            #expect(deleting.status == 429)
            // And after the wait it works
            server.clock.advance(by: 3)
            let later = try await WebAppTests.submit(browser, from: "/settings", to: "/settings/password",
                                                     [("current", "password-alice"), ("new", "new password 1"), ("confirm", "new password 1")])
            #expect(later.status == 303)
        }
    }
}
