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
    static let changeBody = #"{"status": "reading", "page": 1, "rating": 4, "text": "hello", "hasSpoilers": false, "add": ["x"], "favorite": true, "minutes": 5, "pages": 1}"#

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
            let alice = try await server.account("alice")
            let bob = try await server.account("bob")
            let book = try await server.addBook("Alice's Book", token: alice.token, extra: #", "status": "wishlist""#)
            let quote = try await server.send(.post, "/v1/books/\(book)/quotes", token: alice.token, json: #"{"text": "A line"}"#)
            let quoteID = try #require((quote.data?["quotes"] as? [[String: Any]])?.first?["id"] as? String)
            let tokens = try await server.send(.get, "/v1/tokens", token: alice.token)
            let tokenID = try #require(((tokens.envelope?["data"] as? [[String: Any]])?.first)?["id"] as? String)
            let before = try await server.send(.get, "/v1/books/\(book)", token: alice.token).data

            let idRoutes = APIRoute.all.filter { !$0.parameters.isEmpty }
            #expect(idRoutes.count >= 14)
            func path(_ route: APIRoute) -> String {
                let owner = route.path.hasPrefix("/v1/tokens") ? tokenID : book
                return route.path.replacingOccurrences(of: ":id", with: owner).replacingOccurrences(of: ":quoteID", with: quoteID)
            }
            for route in idRoutes {
                let answer = try await server.send(route.method, path(route), token: bob.token, json: Self.changeBody)
                #expect(answer.status == 404, "\(route.method) \(route.path) answered \(answer.status): \(answer.text)")
                #expect(answer.code == "NOT_FOUND", "\(route.method) \(route.path)")
            }
            let after = try await server.send(.get, "/v1/books/\(book)", token: alice.token).data
            #expect(after?["status"] as? String == "wishlist")
            #expect(after?["lastModified"] as? String == before?["lastModified"] as? String)
            #expect((after?["quotes"] as? [Any])?.count == 1)

            // The same requests by the owner reach the book: what bob got was not a bad body's answer.
            for route in idRoutes.sorted(by: { ($0.method == .delete ? 1 : 0) < ($1.method == .delete ? 1 : 0) }) {
                let answer = try await server.send(route.method, path(route), token: alice.token, json: Self.changeBody)
                #expect(answer.status != 404 || route.path == "/v1/books/:id/quotes/:quoteID" && route.method == .delete && answer.code == "NOT_FOUND",
                        "\(route.method) \(route.path) answered \(answer.status) to its owner: \(answer.text)")
            }
        }
    }
}
