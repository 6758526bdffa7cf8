import BooksTrackApp
import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// Sign-up by invitation: an administrator's invitation works once, until it expires, and a sign-up
/// never takes over a library kept from the terminal.
@Suite struct InvitationAPITests {
    @Test func anInvitationLetsOnePersonSignUpOnceUntilItExpires() async throws {
        try await ServerHarness.run(signUp: .invite, publicURL: URL(string: "https://books.example.org")) { server in
            let admin = try await server.account("admin", admin: true)
            let reader = try await server.account("reader")
            // Only an administrator invites.
            let refused = try await server.send(.post, "/v1/invitations", token: reader.token, json: #"{"note": "a friend"}"#)
            #expect(refused.status == 403)
            #expect(refused.code == "ADMIN_ONLY")

            let made = try await server.send(.post, "/v1/invitations", token: admin.token, json: #"{"note": "Sam, upstairs", "days": 3}"#)
            #expect(made.status == 201, "\(made.text)")
            let code = try #require(made.data?["code"] as? String)
            #expect(code.hasPrefix("bt_") && code.count == 46)
            #expect(made.data?["link"] as? String == "https://books.example.org/join?invitation=\(code)")
            #expect((made.data?["invitation"] as? [String: Any])?["expiresAt"] as? String == "2026-11-25T09:00:00Z")

            let without = try await server.send(.post, "/v1/accounts", json: #"{"name": "sam", "password": "long enough"}"#)
            #expect(without.status == 403)
            #expect(without.code == "INVITATION_REQUIRED")
            #expect(without.details?["field"] == "invitation")
            let wrong = try await server.send(.post, "/v1/accounts", json: #"{"name": "sam", "password": "long enough", "invitation": "bt_\#(String(repeating: "A", count: 43))"}"#)
            #expect(wrong.code == "INVITATION_NOT_VALID")
            // A name in use leaves the invitation unused.
            let taken = try await server.send(.post, "/v1/accounts", json: #"{"name": "reader", "password": "long enough", "invitation": "\#(code)"}"#)
            #expect(taken.code == "NAME_TAKEN", "\(taken.text)")

            let joined = try await server.send(.post, "/v1/accounts", json: #"{"name": "sam", "password": "long enough", "invitation": "\#(code)"}"#)
            #expect(joined.status == 201, "\(joined.text)")
            #expect(joined.data?["isAdmin"] as? Bool == false)
            let again = try await server.send(.post, "/v1/accounts", json: #"{"name": "sam2", "password": "long enough", "invitation": "\#(code)"}"#)
            #expect(again.status == 403)
            #expect(again.code == "INVITATION_NOT_VALID")
            let signedIn = try await server.send(.post, "/v1/session", json: #"{"name": "sam", "password": "long enough"}"#)
            #expect(signedIn.status == 201, "\(signedIn.text)")

            let listed = try #require(try await server.send(.get, "/v1/invitations", token: admin.token).envelope?["data"] as? [[String: Any]])
            #expect(listed.count == 1)
            #expect(listed.first?["note"] as? String == "Sam, upstairs")
            #expect(listed.first?["usedAt"] as? String == "2026-11-22T09:00:00Z")
            #expect(listed.first?["code"] == nil)

            // Expired after its days.
            let later = try #require(try await server.send(.post, "/v1/invitations", token: admin.token, json: "{}").data?["code"] as? String)
            server.clock.advance(by: 7 * 86_400 + 1)
            let expired = try await server.send(.post, "/v1/accounts", json: #"{"name": "late", "password": "long enough", "invitation": "\#(later)"}"#)
            #expect(expired.code == "INVITATION_NOT_VALID")
        }
    }

    @Test func anInvitationMakesAnAccountOnAServerWhoseSignUpIsClosed() async throws {
        // Given the default policy: no public sign-up
        try await ServerHarness.run(signUp: .closed) { server in
            let admin = try await server.account("admin", admin: true)
            let web = try #require(try await server.send(.post, "/v1/invitations", token: admin.token, json: "{}").data?["code"] as? String)
            let api = try #require(try await server.send(.post, "/v1/invitations", token: admin.token, json: "{}").data?["code"] as? String)

            // When the invited reader opens the link and joins
            let browser = WebBrowser(port: server.port)
            let page = try await browser.get("/join?invitation=\(web)")
            #expect(!page.text.contains("only through its administrator"))
            let joined = try await browser.post("/join", [("code", web), ("name", "guest"), ("password", "long enough"), ("confirm", "long enough")])
            // Then the account is made and signed in, on the web and through the API alike
            #expect(joined.status == 303, "\(joined.text)")
            #expect(joined.header("Location") == "/library")
            let other = try await server.send(.post, "/v1/accounts", json: #"{"name": "guest2", "password": "long enough", "invitation": "\#(api)"}"#)
            #expect(other.status == 201)
            // And without an invitation sign-up stays closed
            let uninvited = try await server.send(.post, "/v1/accounts", json: #"{"name": "guest3", "password": "long enough"}"#)
            #expect(uninvited.code == "SIGN_UP_CLOSED")
            #expect(try await WebBrowser(port: server.port).get("/join").text.contains("only through its administrator"))
        }
    }

    @Test func twoSignUpsWithOneInvitationAtOnceMakeOneAccount() async throws {
        try await ServerHarness.run(signUp: .invite) { server in
            let admin = try await server.account("admin", admin: true)
            let code = try #require(try await server.send(.post, "/v1/invitations", token: admin.token, json: "{}").data?["code"] as? String)
            let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        try await server.send(.post, "/v1/accounts", json: #"{"name": "guest\#(index)", "password": "long enough", "invitation": "\#(code)"}"#)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.status == 201 }.count == 1)
            #expect(answers.filter { $0.code == "INVITATION_NOT_VALID" }.count == 5)
        }
    }

    @Test func anInvitationIsWithdrawnOnlyByWhoeverMadeIt() async throws {
        try await ServerHarness.run(signUp: .invite) { server in
            let admin = try await server.account("admin", admin: true)
            let other = try await server.account("other", admin: true)
            let made = try await server.send(.post, "/v1/invitations", token: admin.token, json: "{}")
            let id = try #require((made.data?["invitation"] as? [String: Any])?["id"] as? String)
            let code = try #require(made.data?["code"] as? String)
            #expect(try await server.send(.delete, "/v1/invitations/\(id)", token: other.token).status == 404)
            #expect(try await server.send(.delete, "/v1/invitations/\(id)", token: admin.token).status == 204)
            #expect(try await server.send(.delete, "/v1/invitations/\(id)", token: admin.token).status == 404)
            let used = try await server.send(.post, "/v1/accounts", json: #"{"name": "sam", "password": "long enough", "invitation": "\#(code)"}"#)
            #expect(used.code == "INVITATION_NOT_VALID")
            // Out of range.
            let long = try await server.send(.post, "/v1/invitations", token: admin.token, json: #"{"days": 91}"#)
            #expect(long.code == "OUT_OF_RANGE")
            #expect(long.details?["field"] == "days")
            let note = try await server.send(.post, "/v1/invitations", token: admin.token, json: "{\"note\": \"\(String(repeating: "n", count: 201))\"}")
            #expect(note.details?["field"] == "note")
        }
    }

    @Test func anOpenSignUpDoesNotTakeOverALibraryKeptFromTheTerminal() async throws {
        try await ServerHarness.run(signUp: .open, prepare: { app in
            // A library someone keeps in the terminal under the name "bob", without a password.
            let bob = try app.library(user: "bob", creatingUser: true)
            _ = try await bob.library.add(ManualBook(title: "Bob's Diary", authors: ["Bob"], status: .reading))
        }) { server in
            _ = try await server.account("admin", admin: true)
            let answer = try await server.send(.post, "/v1/accounts", json: #"{"name": "bob", "password": "long enough"}"#)
            #expect(answer.status == 409, "\(answer.text)")
            #expect(answer.code == "NAME_TAKEN")
            let signIn = try await server.send(.post, "/v1/session", json: #"{"name": "bob", "password": "long enough"}"#)
            #expect(signIn.status == 401)
        }
    }
}
