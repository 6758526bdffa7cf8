import AsyncHTTPClient
import BooksTrackCore
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackServer

/// The route table walked whole: who may call each route, and that no ID route lets one account
/// reach another's things.
@Suite struct APIRoutesTests {
    /// A body every route that changes a book accepts (each reads the fields it knows).
    static let changeBody = #"{"status": "reading", "page": 1, "rating": 4, "text": "hello", "hasSpoilers": false, "add": ["x"], "favorite": true, "minutes": 5, "pages": 1, "gender": "female"}"#
    /// The first bytes of a PNG: what a page photo upload is recognized by.
    /// A whole 1×1 PNG: page photos are decoded, so a header alone no longer passes.
    static let png: [UInt8] = WebBookPageTests.png

    @Test func everyAccountRouteRefusesARequestWithoutAToken() async throws {
        try await ServerHarness.run { server in
            let routes = APIRoute.all.filter { $0.access == .account }
            #expect(routes.count >= 15)
            for route in routes {
                let path = route.path.replacingOccurrences(of: ":id", with: UUID().uuidString.lowercased())
                    .replacingOccurrences(of: ":quoteID", with: UUID().uuidString.lowercased())
                let answer = try await server.send(route.method, path, json: Self.changeBody)
                #expect(answer.status == 401, "\(route.method) \(route.path)")
                #expect(answer.code == "UNAUTHORIZED", "\(route.method) \(route.path)")
                #expect(answer.header("WWW-Authenticate") == "Bearer")
            }
        }
    }

    @Test func everyRouteWithAnIDAnswers404ForAnotherAccountsThingsAndLeavesThemAsTheyWere() async throws {
        try await ServerHarness.run { server in
            // Both administrators: an invitation is its maker's alone, even among administrators.
            let alice = try await server.account("alice", admin: true)
            let bob = try await server.account("bob", admin: true)
            let invitation = try await server.send(.post, "/v1/invitations", token: alice.token, json: "{}")
            let invitationID = try #require((invitation.data?["invitation"] as? [String: Any])?["id"] as? String, "\(invitation.text)")
            let book = try await server.addBook("Alice's Book", token: alice.token, extra: #", "status": "wishlist""#)
            let quote = try await server.send(.post, "/v1/books/\(book)/quotes", token: alice.token, json: #"{"text": "A line"}"#)
            let quoteID = try #require((quote.data?["quotes"] as? [[String: Any]])?.first?["id"] as? String)
            let tokens = try await server.send(.get, "/v1/tokens", token: alice.token)
            let tokenID = try #require(((tokens.envelope?["data"] as? [[String: Any]])?.first)?["id"] as? String)
            let photo = try await server.send(.post, "/v1/books/\(book)/photos?page=3", token: alice.token, body: Self.png)
            let photoID = try #require(photo.data?["id"] as? String, "\(photo.text)")
            let job = try await server.send(.post, "/v1/imports", token: alice.token, body: Array("Title,Author\nDune,Frank Herbert\n".utf8))
            let jobID = try #require(job.data?["id"] as? String, "\(job.text)")
            _ = try await server.waitForJob(jobID, token: alice.token)
            let signedIn = try await server.send(.post, "/v1/session", json: #"{"name": "alice", "password": "password-alice"}"#)
            let sessionID = try #require((signedIn.data?["session"] as? [String: Any])?["id"] as? String, "\(signedIn.text)")
            let before = try await server.send(.get, "/v1/books/\(book)", token: alice.token).data
            let authorID = try #require((before?["authors"] as? [[String: Any]])?.first?["id"] as? String)
            // A shelf scan of alice's with one book waiting for review.
            let scans = server.server.services.library(alice.account).scans
            let scan = try await scans.keep(photo: Data(try ScanAPITests.photo()))
            _ = try await scans.recognize(scan.id, with: EarlierRun(), matcher: NoMatch())
            let itemID = try #require(try await scans.scan(scan.id).items.first?.id.description)

            let idRoutes = APIRoute.all.filter { !$0.parameters.isEmpty }
            #expect(idRoutes.count >= 14)
            func path(_ route: APIRoute) -> String {
                let owner = switch route.path.split(separator: "/").dropFirst().first {
                case "tokens": tokenID
                case "authors": authorID
                case "photos": photoID
                case "jobs": jobID
                case "sessions": sessionID
                case "invitations": invitationID
                case "scans": scan.id.description
                case "review": itemID
                default: book
                }
                return route.path.replacingOccurrences(of: ":id", with: owner).replacingOccurrences(of: ":quoteID", with: quoteID)
            }
            let authorList = try await server.send(.get, "/v1/authors", token: alice.token).envelope?["data"] as? [[String: Any]]
            let otherAuthorID = try #require(authorList?.compactMap { $0["id"] as? String }.first { $0 != authorID })
            func send(_ route: APIRoute, token: String) async throws -> Answer {
                if (route.path.hasSuffix("/photos") && route.method == .post) || route.path.hasSuffix("/cover") && route.method == .put {
                    return try await server.send(route.method, path(route), token: token, body: Self.png)
                }
                // The editing routes refuse a member that names no field: each gets a body of its own.
                switch (route.method, route.path) {
                case (.patch, "/v1/books/:id"): return try await server.send(route.method, path(route), token: token, json: #"{"publisher": "Ace"}"#)
                case (.post, "/v1/books/:id/editions"): return try await server.send(route.method, path(route), token: token, json: #"{"pageCount": 100}"#)
                case (.post, "/v1/books/:id/editions/lookup"):
                    return try await server.send(route.method, path(route), token: token, json: #"{"isbn": "0-439-02348-3"}"#)
                case (.post, "/v1/books/:id/progress"): return try await server.send(route.method, path(route), token: token, json: #"{"page": 1}"#)
                case (.put, "/v1/books/:id/edition"):
                    let editions = try await server.send(.get, "/v1/books/\(book)/editions", token: alice.token).envelope?["data"] as? [[String: Any]]
                    let edition = editions?.first?["id"] as? String ?? UUID().uuidString
                    return try await server.send(route.method, path(route), token: token, json: #"{"id": "\#(edition)"}"#)
                case (.patch, "/v1/authors/:id"): return try await server.send(route.method, path(route), token: token, json: #"{"gender": "female"}"#)
                case (.post, "/v1/authors/:id/merge"):
                    return try await server.send(route.method, path(route), token: token, json: #"{"into": "\#(otherAuthorID)"}"#)
                default: return try await server.send(route.method, path(route), token: token, json: Self.changeBody)
                }
            }
            for route in idRoutes {
                let answer = try await send(route, token: bob.token)
                #expect(answer.status == 404, "\(route.method) \(route.path) answered \(answer.status): \(answer.text)")
                #expect(answer.code == "NOT_FOUND", "\(route.method) \(route.path)")
            }
            let after = try await server.send(.get, "/v1/books/\(book)", token: alice.token).data
            #expect(after?["status"] as? String == "wishlist")
            #expect(after?["lastModified"] as? String == before?["lastModified"] as? String)
            #expect((after?["quotes"] as? [Any])?.count == 1)
            #expect((after?["photos"] as? [Any])?.count == 1)
            let authors = try await server.send(.get, "/v1/authors", token: alice.token).envelope?["data"] as? [[String: Any]]
            #expect(authors?.first?["gender"] as? String == "unknown")

            // The same requests by the owner reach the book: what bob got was not a bad body's answer.
            for route in idRoutes.sorted(by: { ($0.method == .delete ? 1 : 0) < ($1.method == .delete ? 1 : 0) }) {
                let answer = try await send(route, token: alice.token)
                #expect(answer.status != 404 || route.path == "/v1/books/:id/quotes/:quoteID" && route.method == .delete && answer.code == "NOT_FOUND",
                        "\(route.method) \(route.path) answered \(answer.status) to its owner: \(answer.text)")
            }
        }
    }
}
