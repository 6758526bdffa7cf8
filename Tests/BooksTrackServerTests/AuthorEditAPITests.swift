import BooksTrackCore
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackServer

/// Authors over the API: every field settable, the diversity analytics and book count in every
/// answer, an author's page, and a merge of two records of one person.
@Suite struct AuthorEditAPITests {
    func authors(_ server: ServerHarness, token: String) async throws -> [[String: Any]] {
        let answer = try await server.send(.get, "/v1/authors", token: token)
        return try #require((try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["data"] as? [[String: Any]])
    }

    @Test func everyFieldOfAnAuthorIsSetByAMergePatchAndShownWithTheirBooks() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            _ = try await server.send(.post, "/v1/books", token: alice.token, json: #"{"title": "Things Fall Apart", "authors": ["Chinua Achebe"]}"#)
            _ = try await server.send(.post, "/v1/books", token: alice.token, json: #"{"title": "Arrow of God", "authors": ["Chinua Achebe"]}"#)
            let achebe = try #require(try await authors(server, token: alice.token).first { $0["name"] as? String == "Chinua Achebe" })
            #expect(achebe["bookCount"] as? Int == 2)
            #expect(achebe["representsMarginalizedVoices"] as? Bool == false, "nothing known yet")
            let id = try #require(achebe["id"] as? String)

            let answer = try await server.send(.patch, "/v1/authors/\(id)", token: alice.token, json: #"""
                {"sortName": "Achebe, Chinua", "gender": "male", "culturalRegion": "africa", "nationality": "ng",
                 "ethnicity": "Igbo", "birthYear": 1930, "deathYear": 2013}
                """#)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.data?["nationality"] as? String == "NG")
            #expect(answer.data?["ethnicity"] as? String == "Igbo")
            #expect(answer.data?["birthYear"] as? Int == 1930)
            #expect(answer.data?["representsMarginalizedVoices"] as? Bool == true, "the rule: a region of the list")
            #expect(answer.data?["bookCount"] as? Int == 2)

            let override = try await server.send(.patch, "/v1/authors/\(id)", token: alice.token, json: #"{"marginalizedVoiceOverride": false}"#)
            #expect(override.data?["representsMarginalizedVoices"] as? Bool == false, "the reader's answer wins over the rule")
            let back = try await server.send(.patch, "/v1/authors/\(id)", token: alice.token, json: #"{"marginalizedVoiceOverride": null}"#)
            #expect(back.data?["representsMarginalizedVoices"] as? Bool == true)

            let page = try await server.send(.get, "/v1/authors/\(id)", token: alice.token)
            #expect((page.data?["books"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Arrow of God", "Things Fall Apart"])
            #expect((page.data?["author"] as? [String: Any])?["deathYear"] as? Int == 2013)
        }
    }

    @Test func badAuthorEditsAreRefusedNamingTheFieldAndChangeNothing() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            _ = try await server.send(.post, "/v1/books", token: alice.token, json: #"{"title": "Beloved", "authors": ["Toni Morrison"]}"#)
            let id = try #require(try await authors(server, token: alice.token).first?["id"] as? String)
            let cases: [(String, String)] = [
                (#"{"birthYear": 1931, "deathYear": 1900}"#, "deathYear"),
                (#"{"birthYear": 1234567890123456789}"#, "birthYear"),
                (#"{"birthYear": 1931.5}"#, "birthYear"),
                (#"{"name": null}"#, "name"),
                (#"{"name": "   "}"#, "name"),
                (#"{"gender": "Female"}"#, "gender"),
                (#"{"nationality": "ZZ"}"#, "nationality"),
                (#"{"born": 1931}"#, "born"),
                (#"{"ethnicity": "\#(String(repeating: "e", count: 200))"}"#, "ethnicity"),
            ]
            for (json, field) in cases {
                let answer = try await server.send(.patch, "/v1/authors/\(id)", token: alice.token, json: json)
                #expect(answer.status == 400, "\(json)")
                #expect(answer.details?["field"] == field, "\(json): \(answer.text)")
            }
            let author = try #require(try await authors(server, token: alice.token).first)
            #expect(author["name"] as? String == "Toni Morrison")
            #expect(author["birthYear"] == nil)
            let bob = try await server.account("bob")
            #expect(try await server.send(.patch, "/v1/authors/\(id)", token: bob.token, json: #"{"ethnicity": "x"}"#).status == 404)
        }
    }

    @Test func twoRecordsOfOnePersonAreMergedIntoOneWithTheBooksOfBoth() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            _ = try await server.send(.post, "/v1/books", token: alice.token, json: #"{"title": "The Fifth Season", "authors": ["N. K. Jemisin"]}"#)
            _ = try await server.send(.post, "/v1/books", token: alice.token,
                                      json: #"{"title": "The City We Became", "authors": ["Nora K. Jemisin", "Someone Else"]}"#)
            let all = try await authors(server, token: alice.token)
            let kept = try #require(all.first { $0["name"] as? String == "N. K. Jemisin" }?["id"] as? String)
            let merged = try #require(all.first { $0["name"] as? String == "Nora K. Jemisin" }?["id"] as? String)
            _ = try await server.send(.patch, "/v1/authors/\(merged)", token: alice.token, json: #"{"birthYear": 1972, "nationality": "US"}"#)

            let answer = try await server.send(.post, "/v1/authors/\(merged)/merge", token: alice.token, json: #"{"into": "\#(kept)"}"#)
            #expect(answer.status == 200, "\(answer.text)")
            let books = try #require(answer.data?["books"] as? [[String: Any]])
            #expect(books.count == 2)
            let city = try #require(books.first { $0["title"] as? String == "The City We Became" })
            #expect((city["authors"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["N. K. Jemisin", "Someone Else"],
                    "the merged author's place is the kept author's")
            #expect((answer.data?["author"] as? [String: Any])?["birthYear"] as? Int == 1972, "what the kept record lacked is taken")
            let after = try await authors(server, token: alice.token)
            #expect(!after.contains { $0["id"] as? String == merged })
            #expect(try await server.send(.post, "/v1/authors/\(kept)/merge", token: alice.token,
                                          json: #"{"into": "\#(kept)"}"#).status == 400, "an author is not merged into themselves")
            #expect(try await server.send(.post, "/v1/authors/\(kept)/merge", token: alice.token,
                                          json: #"{"into": "\#(merged)"}"#).status == 404, "the merged author is gone")
        }
    }
}
