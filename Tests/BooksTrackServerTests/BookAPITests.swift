import BooksTrackCore
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackServer

@Suite struct BookAPITests {
    @Test func aBookGoesThroughItsLifeOverTheAPI() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("The Dispossessed", token: alice.token, extra: #", "tags": ["sf"]"#)
            var answer = try await server.send(.post, "/v1/books/\(id)/progress", token: alice.token, json: #"{"page": 150}"#)
            #expect(answer.status == 200)
            #expect(answer.data?["currentPage"] as? Int == 150)
            #expect(answer.data?["status"] as? String == "reading")
            #expect(answer.data?["progress"] as? Double == 0.5)
            answer = try await server.send(.put, "/v1/books/\(id)/rating", token: alice.token, json: #"{"rating": 4.25}"#)
            #expect(answer.data?["rating"] as? Double == 4.25)
            answer = try await server.send(.post, "/v1/books/\(id)/sessions", token: alice.token, json: #"{"minutes": 45, "pages": 30}"#)
            #expect((answer.data?["sessions"] as? [Any])?.count == 1)
            answer = try await server.send(.post, "/v1/books/\(id)/quotes", token: alice.token, json: #"{"text": "True journey is return.", "page": 286}"#)
            let quoteID = try #require((answer.data?["quotes"] as? [[String: Any]])?.first?["id"] as? String)
            answer = try await server.send(.delete, "/v1/books/\(id)/quotes/\(quoteID)", token: alice.token)
            #expect((answer.data?["quotes"] as? [Any])?.isEmpty == true)
            answer = try await server.send(.post, "/v1/books/\(id)/status", token: alice.token, json: #"{"status": "read"}"#)
            #expect(answer.data?["status"] as? String == "read")

            _ = try await server.addBook("Another Book", token: alice.token)
            let read = try await server.send(.get, "/v1/books?status=read&tag=sf", token: alice.token)
            #expect(read.data?["total"] as? Int == 1)
            #expect(((read.data?["books"] as? [[String: Any]])?.first)?["id"] as? String == id)
            let all = try await server.send(.get, "/v1/books?sort=title&order=asc&limit=1&offset=1", token: alice.token)
            #expect(all.data?["total"] as? Int == 2)
            #expect(((all.data?["books"] as? [[String: Any]])?.first)?["title"] as? String == "The Dispossessed")

            #expect(try await server.send(.delete, "/v1/books/\(id)", token: alice.token).status == 200)
            let gone = try await server.send(.get, "/v1/books/\(id)", token: alice.token)
            #expect(gone.status == 404)
            #expect(gone.code == "NOT_FOUND")
        }
    }

    @Test func aPageAskedAgainIsTheKeptOneUntilTheLibraryChanges() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let bob = try await server.account("bob")
            let first = try await server.addBook("Kindred", token: alice.token)
            _ = try await server.addBook("Parable of the Sower", token: alice.token)
            _ = try await server.addBook("Bob's Book", token: bob.token)
            func cached(_ answer: Answer) -> Bool? { (answer.envelope?["meta"] as? [String: Any])?["cached"] as? Bool }
            func titles(_ answer: Answer) -> [String] { (answer.data?["books"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? [] }

            let read = try await server.send(.get, "/v1/books?limit=10", token: alice.token)
            #expect(cached(read) == false)
            let again = try await server.send(.get, "/v1/books?limit=10", token: alice.token)
            #expect(cached(again) == true)
            #expect(again.data?["total"] as? Int == 2)
            #expect(titles(again) == titles(read))
            #expect(titles(again).sorted() == ["Kindred", "Parable of the Sower"])
            // The same question from another account is its own page.
            let bobs = try await server.send(.get, "/v1/books?limit=10", token: bob.token)
            #expect(cached(bobs) == false)
            #expect(titles(bobs) == ["Bob's Book"])

            // A change is seen by the next request.
            #expect(try await server.send(.post, "/v1/books/\(first)/progress", token: alice.token, json: #"{"page": 120}"#).status == 200)
            let changed = try await server.send(.get, "/v1/books?limit=10", token: alice.token)
            #expect(cached(changed) == false)
            let book = (changed.data?["books"] as? [[String: Any]])?.first { $0["id"] as? String == first }
            #expect(book?["currentPage"] as? Int == 120)
            #expect(try await server.send(.delete, "/v1/books/\(first)", token: alice.token).status == 200)
            let removed = try await server.send(.get, "/v1/books?limit=10", token: alice.token)
            #expect(titles(removed) == ["Parable of the Sower"])
            #expect(removed.data?["total"] as? Int == 1)
        }
    }

    @Test func twoAddsOfOneBookAtTheSameMomentEndWithOneBookAndOneConflict() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let body = #"{"title": "Kindred", "authors": ["Octavia E. Butler"], "isbn": null}"#
            let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                for _ in 0..<4 { group.addTask { try await server.send(.post, "/v1/books", token: alice.token, json: body) } }
                return try await group.reduce(into: [Answer]()) { $0.append($1) }
            }
            #expect(answers.filter { $0.status == 201 }.count == 1)
            #expect(answers.filter { $0.status == 409 && $0.code == "ALREADY_IN_LIBRARY" }.count == 3)
            #expect(try await server.send(.get, "/v1/books", token: alice.token).data?["total"] as? Int == 1)
        }
    }

    @Test(arguments: [
        (#"{"page": 9223372036854775807}"#, "INVALID_PAGE"),
        (#"{"page": -1}"#, "INVALID_PAGE"),
        (#"{"page": 1e400}"#, "OUT_OF_RANGE"),
        (#"{"percent": 101}"#, "INVALID_PERCENT"),
        (#"{"percent": "half"}"#, "INVALID_FIELD"),
        (#"{"page": 1, "percent": 5}"#, "MISSING_FIELD"),
        (#"{}"#, "MISSING_FIELD"),
        (#"{"page": 1"#, "INVALID_JSON"),
        (#"[1, 2, 3]"#, "INVALID_FIELD"),
        ("\u{0}\u{1}binary", "INVALID_JSON"),
        ("", "INVALID_JSON"),
    ])
    func badProgressIsRefusedWithACodeAndChangesNothing(body: String, code: String) async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Parable of the Sower", token: alice.token)
            let answer = try await server.send(.post, "/v1/books/\(id)/progress", token: alice.token, json: body)
            #expect((400..<500).contains(answer.status), "\(answer.status): \(answer.text)")
            #expect(answer.code == code, "\(answer.text)")
            let book = try await server.send(.get, "/v1/books/\(id)", token: alice.token)
            #expect(book.data?["currentPage"] as? Int == 0)
            #expect(book.data?["status"] as? String == "toRead")
        }
    }

    @Test func hostileValuesAreRefusedNamingTheFieldAndTheLimit() async throws {
        try await ServerHarness.run(jsonBodyLimit: 4_096) { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Lilith's Brood", token: alice.token)
            let rating = try await server.send(.put, "/v1/books/\(id)/rating", token: alice.token, json: #"{"rating": 99}"#)
            #expect(rating.status == 400)
            #expect(rating.details?["field"] == "rating")
            let tooLarge = try await server.send(.put, "/v1/books/\(id)/review", token: alice.token,
                                                 json: #"{"text": "\#(String(repeating: "a", count: 5_000))"}"#)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.code == "BODY_TOO_LARGE")
            #expect(tooLarge.details?["limit"] == "4096")
            let longTitle = try await server.send(.post, "/v1/books", token: alice.token, json: #"{"title": "\#(String(repeating: "t", count: 3_000))"}"#)
            #expect(longTitle.status == 400)
            #expect(longTitle.code == "VALIDATION_FAILED")
            #expect(longTitle.details?["field"] == "title")
            #expect(longTitle.details?["limit"] != nil)
            let pages = try await server.send(.post, "/v1/books", token: alice.token, json: #"{"title": "Huge", "pageCount": 9223372036854775807}"#)
            #expect(pages.status == 400)
            #expect(pages.details?["field"] == "pageCount")
            for query in ["limit=0", "limit=201", "limit=abc", "offset=-1", "status=bogus", "sort=nope", "order=up", "favorite=maybe"] {
                let answer = try await server.send(.get, "/v1/books?\(query)", token: alice.token)
                #expect(answer.status == 400, "\(query)")
                #expect(answer.details?["field"] == String(query.prefix { $0 != "=" }), "\(query)")
            }
            let noRoute = try await server.send(.get, "/v1/../../etc/passwd", token: alice.token)
            #expect(noRoute.status == 404)
            #expect(noRoute.success == false)
            #expect(try await server.send(.get, "/v1/books", token: alice.token).data?["total"] as? Int == 1)
        }
    }
}
