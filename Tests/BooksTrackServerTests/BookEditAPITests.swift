import BooksTrackCore
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackServer

/// `PATCH /v1/books/{id}`: every field of a book by a JSON merge patch, guarded by the book's
/// `ETag`, with clear refusals of what is malformed, hostile or oversized; editions and covers.
@Suite struct BookEditAPITests {
    @Test func aMergePatchSetsAndClearsFieldsOfTheWorkTheEditionAndTheEntry() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Th Left Hand of Darknes", token: alice.token,
                                              extra: #", "description": "A wrong description.", "genres": ["Wrong"]"#)
            let read = try await server.send(.get, "/v1/books/\(id)", token: alice.token)
            let etag = try #require(read.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))

            let answer = try await server.send(.patch, "/v1/books/\(id)", token: alice.token, json: #"""
                {"title": "The Left Hand of Darkness", "pageCount": 304, "seriesName": "Hainish Cycle", "seriesPosition": 4,
                 "authors": ["Ursula K. Le Guin", {"name": "Charles Vess", "role": "illustrator"}],
                 "firstPublicationYear": 1969, "originalCountry": "us", "originalLanguage": "en", "description": null,
                 "genres": ["Science Fiction", "Anthropology"], "culturalThemes": ["gender"], "contentWarnings": ["war"],
                 "awards": ["Hugo Award", "Nebula Award"], "readingDifficulty": "challenging",
                 "isbns": ["0-441-47812-3"], "publisher": "Ace", "publicationDate": "1976-07", "format": "massMarket",
                 "language": "en", "translator": null, "coverImageURL": "https://covers.example/lhod.jpg",
                 "owned": true, "recommendedBy": "Sam", "wouldRecommend": true, "discussionNotes": "Book club in March.",
                 "culturalGoalCategory": "classic sf", "dailyReadingGoal": 25, "isPublic": true,
                 "dateAdded": "2024-01-02"}
                """#, headers: [("If-Match", etag)])
            #expect(answer.status == 200, "\(answer.text)")
            let book = try #require(answer.data)
            #expect(book["title"] as? String == "The Left Hand of Darkness")
            #expect((book["authors"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Ursula K. Le Guin"])
            #expect((book["contributors"] as? [[String: Any]])?.first?["role"] as? String == "illustrator")
            #expect(book["seriesName"] as? String == "Hainish Cycle")
            #expect(book["seriesPosition"] as? Double == 4)
            #expect(book["firstPublicationYear"] as? Int == 1969)
            #expect(book["originalCountry"] as? String == "US")
            #expect(book["description"] == nil)
            #expect(book["genres"] as? [String] == ["Science Fiction", "Anthropology"])
            #expect(book["awards"] as? [String] == ["Hugo Award", "Nebula Award"])
            #expect(book["readingDifficulty"] as? String == "challenging")
            #expect(book["coverURL"] as? String == "https://covers.example/lhod.jpg")
            #expect(book["owned"] as? Bool == true)
            #expect(book["wouldRecommend"] as? Bool == true)
            #expect(book["contributesToCulturalGoal"] as? Bool == true, "a cultural goal category counts the book toward the goal")
            #expect(book["culturalGoalCategory"] as? String == "classic sf")
            #expect(book["dailyReadingGoal"] as? Int == 25)
            #expect(book["isPublic"] as? Bool == true)
            #expect((book["dateAdded"] as? String)?.hasPrefix("2024-01-02") == true)
            let edition = try #require(book["edition"] as? [String: Any])
            #expect(edition["isbn13"] as? [String] == ["9780441478125"], "an ISBN-10 is kept as ISBN-13")
            #expect(edition["pageCount"] as? Int == 304)
            #expect(edition["format"] as? String == "massMarket")
            #expect(edition["publicationDate"] as? String == "1976-07")
            let readerSet = Set(book["readerSetFields"] as? [String] ?? [])
            #expect(readerSet.isSuperset(of: ["title", "pageCount", "description", "genres", "isbns", "coverImageURL", "authors"]))
            #expect(!readerSet.contains("subtitle"), "a field the patch did not name is not the reader's")
            let newTag = try #require(answer.header("ETag"))
            #expect(newTag != etag)
            #expect(try await server.send(.get, "/v1/books/\(id)", token: alice.token).header("ETag") == newTag)
        }
    }

    @Test func twoDevicesEditingFromOneReadingGetOneSuccessAndOne412() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Kindred", token: alice.token)
            let etag = try #require(try await server.send(.get, "/v1/books/\(id)", token: alice.token).header("ETag"))

            async let phone = server.send(.patch, "/v1/books/\(id)", token: alice.token, json: #"{"pageCount": 264}"#,
                                          headers: [("If-Match", etag)])
            async let laptop = server.send(.patch, "/v1/books/\(id)", token: alice.token, json: #"{"publisher": "Beacon Press"}"#,
                                           headers: [("If-Match", etag)])
            let answers = try await [phone, laptop]

            #expect(answers.map(\.status).sorted() == [200, 412])
            let refused = try #require(answers.first { $0.status == 412 })
            #expect(refused.code == "CHANGED_SINCE_READ")
            let current = try await server.send(.get, "/v1/books/\(id)", token: alice.token)
            #expect(refused.details?["etag"] == current.header("ETag"), "the refusal names the revision to read again")
            let edition = current.data?["edition"] as? [String: Any]
            let landed = answers.first { $0.status == 200 }?.data?["edition"] as? [String: Any]
            #expect(edition?["pageCount"] as? Int == landed?["pageCount"] as? Int)
            #expect(edition?["publisher"] as? String == landed?["publisher"] as? String)
            #expect((edition?["pageCount"] as? Int == 264) != (edition?["publisher"] as? String == "Beacon Press"),
                    "exactly one of the two edits landed")

            // Read again, edit again: it lands. A weak tag and `*` are read too.
            let again = try await server.send(.patch, "/v1/books/\(id)", token: alice.token, json: #"{"publisher": "Beacon Press"}"#,
                                              headers: [("If-Match", "W/" + (current.header("ETag") ?? ""))])
            #expect(again.status == 200)
            #expect(try await server.send(.patch, "/v1/books/\(id)", token: alice.token, json: #"{"publisher": "Beacon"}"#,
                                          headers: [("If-Match", "*")]).status == 200)
            #expect(try await server.send(.patch, "/v1/books/\(id)", token: alice.token, json: #"{"publisher": "X"}"#,
                                          headers: [("If-Match", etag)]).status == 412)
        }
    }

    @Test func malformedHostileAndOversizedPatchesAreRefusedNamingTheFieldAndChangeNothing() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Dawn", token: alice.token)
            let other = try await server.addBook("Wild Seed", token: alice.token, extra: #", "isbns": ["9780446676984"]"#)
            #expect(!other.isEmpty)
            let before = try await server.send(.get, "/v1/books/\(id)", token: alice.token)

            func refused(_ json: String, _ status: Int, field: String?, code: String? = nil, _ comment: Comment) async throws {
                let answer = try await server.send(.patch, "/v1/books/\(id)", token: alice.token, json: json)
                #expect(answer.status == status, comment)
                if let field { #expect(answer.details?["field"] == field, comment) }
                if let code { #expect(answer.code == code, comment) }
            }
            try await refused(#"{"pagecount": 3}"#, 400, field: "pagecount", code: "VALIDATION_FAILED", "a misspelt field")
            try await refused(#"{"firstPublicationYear": 1234567890123456789}"#, 400, field: "firstPublicationYear", "a 19-digit year")
            try await refused(#"{"firstPublicationYear": 1e300}"#, 400, field: "firstPublicationYear", "a huge number")
            try await refused(#"{"pageCount": "300"}"#, 400, field: "pageCount", "a number as text")
            try await refused(#"{"pageCount": 0}"#, 400, field: "pageCount", "no pages")
            try await refused(#"{"pageCount": 30.5}"#, 400, field: "pageCount", "half a page")
            try await refused(#"{"title": null}"#, 400, field: "title", "a title cannot be cleared")
            try await refused(#"{"title": "\#(String(repeating: "x", count: 600))"}"#, 400, field: "title", "a title too long")
            try await refused(#"{"coverImageURL": "http://covers.example/a.jpg"}"#, 400, field: "coverImageURL", "not https")
            try await refused(#"{"coverImageURL": "https://127.0.0.1 /a.jpg"}"#, 400, field: "coverImageURL", "not an address")
            try await refused(#"{"format": "Paperback"}"#, 400, field: "format", "a format by its name only")
            try await refused(#"{"status": "finished!"}"#, 400, field: "status", "no such status")
            try await refused(#"{"genres": "fantasy"}"#, 400, field: "genres", "a list as text")
            try await refused(#"{"authors": [{"name": "A", "age": 3}]}"#, 400, field: "authors", "a person with an unknown member")
            try await refused(#"{"dateStarted": "2999-01-01"}"#, 400, field: "dateStarted", "a start in the future")
            try await refused(#"{"dateStarted": "2024-05-01", "dateCompleted": "2024-04-01"}"#, 400, field: "dateCompleted", "finished before started")
            try await refused(#"{"status": "wishlist", "owned": true}"#, 422, field: nil, code: "NOT_ALLOWED", "an owned wishlist book")
            try await refused("{}", 400, field: nil, code: "MISSING_FIELD", "an empty patch")
            try await refused("[1, 2]", 400, field: nil, "not an object")
            try await refused(String(repeating: "[", count: 30_000), 400, field: nil, "nesting deep enough to exhaust a stack")
            try await refused(#"{"description": "\#(String(repeating: "y", count: 70_000))"}"#, 413, field: nil, code: "BODY_TOO_LARGE", "a body past the limit")

            let isbn = try await server.send(.patch, "/v1/books/\(id)", token: alice.token, json: #"{"isbns": ["9780446676985"]}"#)
            #expect(isbn.status == 400)
            #expect(isbn.details?["field"] == "isbns")
            #expect((isbn.error?["message"] as? String)?.contains("check digit") == true, "\(isbn.text)")
            let held = try await server.send(.patch, "/v1/books/\(id)", token: alice.token, json: #"{"isbns": ["9780446676984"]}"#)
            #expect(held.status == 409)
            #expect(held.code == "ISBN_IN_ANOTHER_BOOK")

            let after = try await server.send(.get, "/v1/books/\(id)", token: alice.token)
            #expect(after.header("ETag") == before.header("ETag"), "no refusal changed the book")
            #expect(try await server.send(.get, "/health").status == 200)
        }
    }

    @Test func anotherAccountsBookCannotBeEditedOrSeen() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let bob = try await server.account("bob")
            let id = try await server.addBook("Fledgling", token: alice.token)
            let answer = try await server.send(.patch, "/v1/books/\(id)", token: bob.token, json: #"{"title": "Mine now"}"#)
            #expect(answer.status == 404)
            #expect(try await server.send(.get, "/v1/books/\(id)/editions", token: bob.token).status == 404)
            #expect(try await server.send(.get, "/v1/books/\(id)", token: alice.token).data?["title"] as? String == "Fledgling")
        }
    }

    @Test func editionsAreListedAddedChosenAndRemoved() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Master and Man", token: alice.token, extra: #", "format": "ebook", "owned": true"#)
            var answer = try await server.send(.post, "/v1/books/\(id)/editions", token: alice.token,
                                               json: #"{"isbns": ["1421803674"], "pageCount": 57, "format": "hardcover", "mine": true}"#)
            #expect(answer.status == 201, "\(answer.text)")
            #expect((answer.data?["edition"] as? [String: Any])?["pageCount"] as? Int == 57)
            let editions = try await server.send(.get, "/v1/books/\(id)/editions", token: alice.token)
            let list = try #require(try JSONSerialization.jsonObject(with: editions.body) as? [String: Any])["data"] as? [[String: Any]]
            #expect(list?.count == 2)
            let ebook = try #require(list?.first { $0["format"] as? String == "ebook" }?["id"] as? String)
            let hardcover = try #require(list?.first { $0["format"] as? String == "hardcover" }?["id"] as? String)

            answer = try await server.send(.put, "/v1/books/\(id)/edition", token: alice.token, json: #"{"id": "\#(ebook)"}"#)
            #expect((answer.data?["edition"] as? [String: Any])?["id"] as? String == ebook)
            #expect(try await server.send(.post, "/v1/books/\(id)/progress", token: alice.token, json: #"{"page": 40}"#).status == 200)

            answer = try await server.send(.delete, "/v1/books/\(id)/editions/\(ebook)", token: alice.token)
            #expect(answer.status == 200)
            #expect(answer.data?["owned"] as? Bool == false, "the reader's edition gone, the book is no longer owned")
            #expect(answer.data?["progress"] as? Double == 40.0 / 300.0, "its progress is kept")
            #expect(answer.data?["currentPage"] as? Int == 8, "shown in the 57-page hardcover, 40 of 300 pages is page 8")
            #expect((answer.data?["edition"] as? [String: Any])?["id"] as? String == hardcover)

            let stranger = try await server.addBook("Resurrection", token: alice.token, extra: #", "format": "paperback""#)
            let strangerEdition = try #require(
                (try await server.send(.get, "/v1/books/\(stranger)", token: alice.token).data?["edition"] as? [String: Any])?["id"] as? String)
            #expect(try await server.send(.put, "/v1/books/\(id)/edition", token: alice.token,
                                          json: #"{"id": "\#(strangerEdition)"}"#).status == 404, "another book's edition")
            #expect(try await server.send(.post, "/v1/books/\(id)/editions", token: alice.token,
                                          json: #"{"title": "Nope"}"#).status == 400, "a work field is not an edition's")
        }
    }

    @Test func choosingAnotherEditionKeepsTheShareReadAndAReadBookCanChangeEdition() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Dune", token: alice.token, extra: #", "owned": true"#)
            #expect(try await server.send(.post, "/v1/books/\(id)/progress", token: alice.token, json: #"{"page": 100}"#).status == 200)
            var answer = try await server.send(.post, "/v1/books/\(id)/editions", token: alice.token, json: #"{"pageCount": 600, "mine": true}"#)
            #expect(answer.status == 201, "\(answer.text)")
            #expect(answer.data?["currentPage"] as? Int == 200, "a third of 300 pages is a third of 600")
            #expect(answer.data?["status"] as? String == "reading")

            #expect(try await server.send(.post, "/v1/books/\(id)/status", token: alice.token, json: #"{"status": "read"}"#).status == 200)
            answer = try await server.send(.post, "/v1/books/\(id)/editions", token: alice.token, json: #"{"pageCount": 250, "mine": true}"#)
            #expect(answer.status == 201, "a read book takes a shorter edition: \(answer.text)")
            #expect(answer.data?["currentPage"] as? Int == 250)
            #expect(answer.data?["progress"] as? Double == 1)
        }
    }

    @Test func anEditionIsAddedByItsISBNFromTheOfflineCatalog() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("The Hunger Games", token: alice.token)
            let answer = try await server.send(.post, "/v1/books/\(id)/editions/lookup", token: alice.token,
                                               json: #"{"isbn": "0-439-02348-3", "mine": true}"#)
            #expect(answer.status == 201, "\(answer.text)")
            #expect((answer.data?["edition"] as? [String: Any])?["isbn13"] as? [String] == ["9780439023481"])
            #expect(answer.data?["owned"] as? Bool == true)
            #expect(answer.data?["readerSetFields"] as? [String] == [], "what a source found is not the reader's")
            let again = try await server.send(.post, "/v1/books/\(id)/editions/lookup", token: alice.token, json: #"{"isbn": "9780439023481"}"#)
            #expect(again.status == 409)
            #expect(again.code == "ISBN_IN_THIS_BOOK")
            let bad = try await server.send(.post, "/v1/books/\(id)/editions/lookup", token: alice.token, json: #"{"isbn": "9780439023480"}"#)
            #expect(bad.status == 400)
            #expect(bad.code == "INVALID_ISBN")
            let unknown = try await server.send(.post, "/v1/books/\(id)/editions/lookup", token: alice.token, json: #"{"isbn": "9780441478125"}"#)
            #expect(unknown.status == 404)
            #expect(unknown.code == "NOTHING_FOUND")
        }
    }

    @Test func anUploadedCoverIsKeptShownAndRefusedWhenItIsNoImage() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("Parable of the Talents", token: alice.token)
            let png = Self.tinyPNG
            let answer = try await server.send(.put, "/v1/books/\(id)/cover", token: alice.token, body: png)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.data?["coverURL"] as? String == "/v1/books/\(id)/cover")
            #expect((answer.data?["readerSetFields"] as? [String])?.contains("coverImageURL") == true)
            let image = try await server.send(.get, "/v1/books/\(id)/cover", token: alice.token)
            #expect(image.status == 200)
            #expect(image.body.starts(with: [0xFF, 0xD8]) || image.body.starts(with: [0x89, 0x50]), "an image comes back")

            let text = try await server.send(.put, "/v1/books/\(id)/cover", token: alice.token, body: Array("not an image".utf8))
            #expect(text.status == 415)
            let tooLarge = try await server.send(.put, "/v1/books/\(id)/cover", token: alice.token,
                                                 body: [UInt8](repeating: 0xFF, count: PagePhoto.byteLimit + 1))
            #expect(tooLarge.status == 413)
            let bob = try await server.account("bob")
            #expect(try await server.send(.get, "/v1/books/\(id)/cover", token: bob.token).status == 404)
        }
    }

    @Test func aBookAddedByHandTakesEveryFieldAnEditTakes() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let answer = try await server.send(.post, "/v1/books", token: alice.token, json: #"""
                {"title": "The Stars My Destination", "authors": ["Alfred Bester"], "publicationDate": "1956",
                 "firstPublicationYear": 1956, "isbns": ["9781857988147"], "genres": ["Science Fiction"], "pageCount": 258}
                """#)
            #expect(answer.status == 201, "\(answer.text)")
            #expect((answer.data?["edition"] as? [String: Any])?["publicationDate"] as? String == "1956")
            #expect(answer.data?["firstPublicationYear"] as? Int == 1956)
            #expect(answer.data?["genres"] as? [String] == ["Science Fiction"])
            let typo = try await server.send(.post, "/v1/books", token: alice.token, json: #"{"title": "X", "pubDate": "1956"}"#)
            #expect(typo.status == 400)
            #expect(typo.details?["field"] == "pubDate")
        }
    }

    /// A 2 × 2 PNG.
    static let tinyPNG: [UInt8] = Array(Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==")!)
}
