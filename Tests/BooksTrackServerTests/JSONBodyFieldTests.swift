import Foundation
import Testing

@testable import BooksTrackServer

/// A body that is JSON but holds a value its field cannot take is refused naming the field and what
/// it must be, never as "the body is not JSON".
@Suite struct JSONBodyFieldTests {
    @Test func aPageCountTooLargeForAWholeNumberNamesTheFieldAndAddsNothing() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let answer = try await server.send(.post, "/v1/books", token: alice.token, json: #"{"title": "Kindred", "pageCount": 1e308}"#)
            #expect(answer.status == 400)
            #expect(answer.code == "OUT_OF_RANGE")
            #expect(answer.details?["field"] == "pageCount")
            #expect(answer.details?["value"] == "1e308")
            let message = try #require(answer.error?["message"] as? String)
            #expect(message.hasPrefix("pageCount must be a whole number"), "\(message)")
            #expect(try await server.send(.get, "/v1/books", token: alice.token).data?["total"] as? Int == 0)
        }
    }

    @Test func aPageWithAFractionIsRefusedAsNotAWholeNumber() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Parable of the Sower", token: alice.token)
            let answer = try await server.send(.post, "/v1/books/\(id)/progress", token: alice.token, json: #"{"page": 2.5}"#)
            #expect(answer.status == 400)
            #expect(answer.code == "INVALID_FIELD")
            #expect(answer.details?["field"] == "page")
            #expect(answer.error?["message"] as? String == "page must be a whole number; 2.5 has a fraction")
        }
    }

    @Test func aRatingBeyondWhatANumberHoldsNamesTheField() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Dawn", token: alice.token)
            let answer = try await server.send(.put, "/v1/books/\(id)/rating", token: alice.token, json: #"{"rating": 1e999}"#)
            #expect(answer.status == 400)
            #expect(answer.code == "OUT_OF_RANGE")
            #expect(answer.details?["field"] == "rating")
            #expect(answer.error?["message"] as? String == "rating: 1e999 is too large for a number")
        }
    }

    @Test func aValueOfTheWrongTypeInAListNamesItsPlaceAndTheTypeItMustBe() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let answer = try await server.send(
                .post, "/v1/enrichment/batch", token: alice.token, json: #"{"books": [{"title": "Kindred"}, {"title": 5}]}"#)
            #expect(answer.status == 400)
            #expect(answer.code == "INVALID_FIELD")
            #expect(answer.details?["field"] == "books[1].title")
            #expect(answer.error?["message"] as? String == "books[1].title must be text (a JSON string)")
        }
    }

    @Test func aDateThatIsNotISO8601NamesTheFieldAndTheFormItTakes() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Wild Seed", token: alice.token)
            let answer = try await server.send(
                .post, "/v1/books/\(id)/sessions", token: alice.token, json: #"{"minutes": 20, "pages": 10, "date": "yesterday"}"#)
            #expect(answer.status == 400)
            #expect(answer.code == "INVALID_FIELD")
            #expect(answer.details?["field"] == "date")
            let message = try #require(answer.error?["message"] as? String)
            #expect(message.contains("2026-11-20T10:00:00Z"), "\(message)")
            let book = try await server.send(.get, "/v1/books/\(id)", token: alice.token)
            #expect((book.data?["sessions"] as? [Any])?.count == 0)
        }
    }

    @Test(arguments: ["2026-11-20T10:00:00Zjunk", "2026-11-20T25:00:00Z", "2026-11-20T10:00:00+0099"])
    func aDateOutsideTheDocumentedFormIsRefused(date: String) async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Kindred", token: alice.token)
            let answer = try await server.send(
                .post, "/v1/books/\(id)/sessions", token: alice.token, json: #"{"minutes": 20, "pages": 10, "date": "\#(date)"}"#)
            #expect(answer.status == 400)
            #expect(answer.details?["field"] == "date")
        }
    }

    @Test(arguments: [#"{"page": 1e308"#, #"{"page": 1e308 "percent": 1}"#, "not json 1.5"])
    func textThatIsNotJSONIsStillSaidToBeNotJSON(body: String) async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Kindred", token: alice.token)
            let answer = try await server.send(.post, "/v1/books/\(id)/progress", token: alice.token, json: body)
            #expect(answer.status == 400)
            #expect(answer.code == "INVALID_JSON")
            #expect(answer.details?["field"] == "")
        }
    }

    @Test func theNumberToBlameIsFoundAmongManyThatFit() throws {
        // Given forty fractions a Double field takes, in a key the body type ignores, and one that an Int field cannot take
        let ignored = (1...40).map { "\($0).5" }.joined(separator: ", ")
        let body = Data(#"{"percent": 12.5, "notes": [\#(ignored)], "page": 7.25}"#.utf8)
        // When it is decoded
        let refusal = try #require(throws: APIError.self) { try JSONBody.decode(BookRoutes.Progress.self, from: body) }
        // Then the field named is the one to blame
        #expect(refusal.error.details["field"] == "page")
        #expect(refusal.error.details["value"] == "7.25")
    }

    @Test func numbersAreFoundWithTheirFieldsAndNotInsideText() {
        let numbers = NumberInBody.numbers(in: Array(#"{"a": [1, {"b\"c": -2.5e3}], "d": "e, 1.5", "f": 0}"#.utf8))
        #expect(numbers.map(\.field) == ["a[0]", "a[1].b\"c", "f"])
        #expect(numbers.map(\.text) == ["1", "-2.5e3", "0"])
    }
}
