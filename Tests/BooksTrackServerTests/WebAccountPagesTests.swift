import BooksTrackCore
import BooksTrackServices
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackServer

/// The web app's pages around the account, with forms alone: the first start, invitations,
/// password, browsers signed in, API tokens and deleting the account.
@Suite struct WebAccountPagesTests {
    @Test func theFirstAccountIsMadeWithTheSetupCodeAndSignedInAtOnce() async throws {
        try await ServerHarness.run { server in
            let browser = WebBrowser(port: server.port)
            let code = server.server.services.setupSecret
            #expect(try await server.server.setupMessage()?.contains("/setup?code=\(code)") == true, "the log names the setup link")
            let page = try await browser.get("/setup?code=\(code)")
            #expect(page.status == 200)
            #expect(page.text.contains(#"name="code" value="\#(code)""#), "the link fills the code in")
            for (fields, message, status) in [
                ([("code", "wrong"), ("name", "alice"), ("password", "long enough"), ("confirm", "long enough")], "not the setup code", 403),
                ([("code", code), ("name", "alice"), ("password", "long enough"), ("confirm", "different")], "repetition differ", 400),
                ([("code", code), ("name", "alice"), ("password", "short"), ("confirm", "short")], "at least 8 characters", 400),
                ([("code", code), ("name", ""), ("password", "long enough"), ("confirm", "long enough")], "Choose a name", 400),
            ] {
                let refused = try await browser.post("/setup", fields)
                #expect(refused.status == status, "\(message)")
                #expect(refused.text.contains(message), "\(message)")
                #expect(refused.text.contains(#"value="alice""#) || fields[1].1.isEmpty, "the name typed is kept")
            }
            #expect(try await server.server.services.accounts.needsFirstAccount())
            let made = try await browser.post("/setup", [("code", code), ("name", "alice"), ("password", "long enough"), ("confirm", "long enough")])
            #expect(made.status == 303)
            #expect(made.header("Location") == "/library")
            #expect(try await browser.get("/library").status == 200, "signed in at once")
            #expect(try await browser.get("/settings").text.contains("(administrator)"))
            // Once done, the setup page is gone.
            let again = WebBrowser(port: server.port)
            #expect(try await again.get("/setup").header("Location") == "/signin")
            let second = try await again.post("/setup", [("code", code), ("name", "mallory"), ("password", "long enough"), ("confirm", "long enough")])
            #expect(second.header("Location") == "/signin")
            #expect(try await server.server.services.accounts.sessions(of: try await server.app.accounts(passwordCost: 4).account(named: "alice")).count == 1)
        }
    }

    @Test func anAdministratorInvitesSomeoneWhoJoinsThroughTheLinkOnce() async throws {
        try await ServerHarness.run(signUp: .invite) { server in
            let admin = try await WebAppTests.signedIn(server, "alice", admin: true)
            let made = try await WebAppTests.submit(admin, from: "/settings", to: "/settings/invitations", [("note", "Bob"), ("days", "3")])
            #expect(made.status == 200)
            #expect(made.text.contains("shown this once"))
            let link = try #require(made.text.firstMatch(of: /value="(http:\/\/[^"]+\/join\?invitation=([^"]+))"/))
            let code = String(link.2)
            #expect(try await admin.get("/settings").text.contains("open until"))
            let tooLong = try await WebAppTests.submit(admin, from: "/settings", to: "/settings/invitations", [("days", "400")])
            #expect(tooLong.status == 400)
            #expect(tooLong.text.contains(#"id="invitation-error">An invitation lasts from 1 to 90 days"#))

            let bob = WebBrowser(port: server.port)
            let page = try await bob.get("/join?invitation=\(code)")
            #expect(page.text.contains(#"name="code" value="\#(code)""#))
            let wrong = try await bob.post("/join", [("code", "not-a-code"), ("name", "bob"), ("password", "bob's password"), ("confirm", "bob's password")])
            #expect(wrong.status == 400)
            #expect(wrong.text.contains("The invitation is not valid"))
            let joined = try await bob.post("/join", [("code", code), ("name", "bob"), ("password", "bob's password"), ("confirm", "bob's password")])
            #expect(joined.header("Location") == "/library")
            #expect(try await bob.get("/library").status == 200)
            #expect(!(try await bob.get("/settings").text.contains("Invitations")), "only an administrator invites")
            // The link works once.
            let carol = WebBrowser(port: server.port)
            let reused = try await carol.post("/join", [("code", code), ("name", "carol"), ("password", "carol's password"), ("confirm", "carol's password")])
            #expect(reused.status == 400)
            #expect(try await admin.get("/settings").text.contains("used 2026-11-22"))
        }
        try await ServerHarness.run(signUp: .closed) { server in
            let page = try await WebBrowser(port: server.port).get("/join")
            #expect(page.text.contains("makes accounts only through its administrator"))
        }
    }

    @Test func changingThePasswordSignsOutOtherBrowsersAndOneCanBeSignedOutByHand() async throws {
        try await ServerHarness.run { server in
            let here = try await WebAppTests.signedIn(server, "alice")
            let phone = WebBrowser(port: server.port)
            _ = try await phone.post("/signin", [("name", "alice"), ("password", "password-alice")])
            let laptop = WebBrowser(port: server.port)
            _ = try await laptop.post("/signin", [("name", "alice"), ("password", "password-alice")])
            let settings = try await here.get("/settings")
            #expect(settings.text.components(separatedBy: "<li><div><strong>").count - 1 >= 3, "three browsers are listed")
            #expect(settings.text.contains("this browser"))

            // Sign the phone out from here.
            let phoneSession = try #require(try await server.server.services.accounts.sessions(of: try await server.app.accounts(passwordCost: 4).account(named: "alice"))
                .sorted { $0.dateCreated < $1.dateCreated }.dropFirst().first)
            let ended = try await WebAppTests.submit(here, from: "/settings", to: "/settings/sessions/\(phoneSession.id)/end", [])
            #expect(ended.header("Location") == "/settings?saved=session#sessions")
            #expect(try await phone.get("/library").status == 303, "the phone is signed out")

            for (fields, message, status) in [
                ([("current", "wrong"), ("new", "a new password"), ("confirm", "a new password")], "The current password is not right.", 401),
                ([("current", "password-alice"), ("new", "a new password"), ("confirm", "another")], "repetition differ", 400),
                ([("current", "password-alice"), ("new", "short"), ("confirm", "short")], "at least 8 characters", 400),
            ] {
                let refused = try await WebAppTests.submit(here, from: "/settings", to: "/settings/password", fields)
                #expect(refused.status == status, "\(message)")
                #expect(refused.text.contains(#"id="password-error">"#) && refused.text.contains(message), "\(message)")
            }
            #expect(try await laptop.get("/library").status == 200, "a refused change signs nobody out")
            let changed = try await WebAppTests.submit(here, from: "/settings", to: "/settings/password",
                                                       [("current", "password-alice"), ("new", "a new password"), ("confirm", "a new password")])
            #expect(changed.header("Location") == "/settings?saved=password#password")
            #expect(try await here.get("/library").status == 200, "this browser stays signed in")
            #expect(try await laptop.get("/library").status == 303, "the other browser is signed out")
            let old = try await WebBrowser(port: server.port).post("/signin", [("name", "alice"), ("password", "password-alice")])
            #expect(old.status == 401)
        }
    }

    @Test func aTokenIsShownOnceWorksForTheAPIAndIsRevoked() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let made = try await WebAppTests.submit(browser, from: "/settings", to: "/settings/tokens", [("name", "reading script")])
            #expect(made.status == 200)
            let secret = String(try #require(made.text.firstMatch(of: /value="(bt_[^"]+)"/)).1)
            #expect(try await server.send(.get, "/v1/me", token: secret).status == 200)
            let listed = try await browser.get("/settings")
            #expect(listed.text.contains("reading script"))
            #expect(!listed.text.contains(secret), "the secret is not shown again")
            let empty = try await WebAppTests.submit(browser, from: "/settings", to: "/settings/tokens", [("name", "  ")])
            #expect(empty.status == 400)
            #expect(empty.text.contains(#"id="token-error">Give the token a name."#))
            let long = try await WebAppTests.submit(browser, from: "/settings", to: "/settings/tokens", [("name", String(repeating: "n", count: 65))])
            #expect(long.text.contains("at most 64 characters"))
            #expect(long.text.contains(String(repeating: "n", count: 65)), "the name typed is kept")

            let id = try #require(try await server.app.accounts(passwordCost: 4).tokens(of: try await server.app.accounts(passwordCost: 4).account(named: "alice"))
                .first { $0.name == "reading script" }?.id)
            let revoked = try await WebAppTests.submit(browser, from: "/settings", to: "/settings/tokens/\(id)/revoke", [])
            #expect(revoked.header("Location") == "/settings?saved=token#tokens")
            #expect(try await server.send(.get, "/v1/me", token: secret).status == 401)
            // Another reader cannot revoke what is not theirs.
            let bob = try await WebAppTests.signedIn(server, "bob")
            let other = try await WebAppTests.token(server, "alice")
            let otherID = try #require(try await server.app.accounts(passwordCost: 4).tokens(of: try await server.app.accounts(passwordCost: 4).account(named: "alice")).first?.id)
            #expect(try await WebAppTests.submit(bob, from: "/settings", to: "/settings/tokens/\(otherID)/revoke", []).status == 404)
            #expect(try await server.send(.get, "/v1/me", token: other).status == 200)
        }
    }

    @Test func deletingTheAccountAsksForThePasswordAndTakesTheLibrary() async throws {
        try await ServerHarness.run { server in
            let admin = try await WebAppTests.signedIn(server, "alice", admin: true)
            let browser = try await WebAppTests.signedIn(server, "bob")
            let token = try await WebAppTests.token(server, "bob")
            _ = try await server.addBook("Beloved", token: token)
            _ = try await server.addBook("Sula", token: token)
            let confirm = try await browser.get("/settings/delete")
            #expect(confirm.text.contains("2 books"))
            #expect(confirm.text.contains("cannot be undone"))
            let wrong = try await WebAppTests.submit(browser, from: "/settings/delete", to: "/settings/delete", [("password", "nope")])
            #expect(wrong.status == 401)
            #expect(wrong.text.contains("nothing was deleted"))
            #expect(try await browser.get("/library").text.contains("2 books"))

            // The only administrator cannot leave bob without one.
            let refused = try await WebAppTests.submit(admin, from: "/settings/delete", to: "/settings/delete", [("password", "password-alice")])
            #expect(refused.status == 409)
            #expect(refused.text.contains("only administrator"))

            let bobID = try await server.app.accounts(passwordCost: 4).account(named: "bob").user.id
            let deleted = try await WebAppTests.submit(browser, from: "/settings/delete", to: "/settings/delete", [("password", "password-bob")])
            #expect(deleted.header("Location") == "/signin?deleted=1")
            #expect(browser.cookie("bt_session") == nil)
            #expect(try await browser.get("/signin?deleted=1").text.contains("Your account and its library were deleted."))
            #expect(try await browser.post("/signin", [("name", "bob"), ("password", "password-bob")]).status == 401)
            #expect(try await server.send(.get, "/v1/me", token: token).status == 401, "its tokens went with it")
            let database = try server.app.libraryDatabase()
            #expect(try database.userKey(bobID) == nil)
            #expect(try await admin.get("/library").status == 200, "the other account is untouched")
        }
    }
}
