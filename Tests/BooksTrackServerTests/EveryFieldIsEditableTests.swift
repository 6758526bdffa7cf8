import BooksTrackCore
import BooksTrackServices
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// Walks every stored field of Work, Edition, LibraryEntry and Author: each is a field a reader
/// edits (in the API's JSON, set by `PATCH`, on the web app's Edit page) or is named, with its
/// reason, as not edited as a field (`EditableFields.notEdited`). The terminal's half is
/// `EveryFieldFromTheTerminalTests`.
@Suite struct EveryFieldIsEditableTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func everyStoredFieldIsEditedOrNamedWithItsReason() throws {
        let work = Work(title: "W", dateCreated: Self.now)
        // BookField lists the work's fields, then the edition's (from isbns), then the entry's (from status).
        let all = BookField.allCases.map(\.rawValue)
        let editionStart = try #require(all.firstIndex(of: BookField.isbns.rawValue))
        let entryStart = try #require(all.firstIndex(of: BookField.status.rawValue))
        let models: [(String, Any, [String])] = [
            ("Work", work, Array(all[..<editionStart])),
            ("Edition", Edition(workID: work.id, dateCreated: Self.now), Array(all[editionStart..<entryStart])),
            ("LibraryEntry", LibraryEntry(userID: User.ID(), workID: work.id, dateAdded: Self.now), Array(all[entryStart...])),
            ("Author", Author(name: "A", dateCreated: Self.now), AuthorField.allCases.map(\.rawValue)),
        ]
        for (model, value, fields) in models {
            let stored = EditableFields.stored(value)
            var covered = Set<String>()
            defer { #expect(covered == Set(fields), "every \(model) field a reader edits is stored: \(Set(fields).subtracting(covered).sorted())") }
            #expect(stored.count > 5, "\(model) is read")
            for name in stored {
                let reason = EditableFields.notEdited[model]?[name]
                let field = EditableFields.editedAs[model]?[name] ?? name
                #expect(reason != nil || fields.contains(field), "\(model).\(name) is stored but neither edited nor named as not edited")
                if reason == nil { covered.insert(field) }
                #expect(reason == nil || !fields.contains(name), "\(model).\(name) is both edited and named as not edited")
            }
        }
        #expect(Set(EditableFields.bookSamples.map(\.field)) == Set(BookField.allCases), "every field of a book has a sample")
        #expect(Set(EditableFields.authorSamples.map(\.field)) == Set(AuthorField.allCases), "every field of an author has a sample")
    }

    @Test func everyFieldOfABookIsInTheAPIsJSONAndSetByAPatch() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let id = try await server.addBook("A Book", token: alice.token)
            for sample in EditableFields.bookSamples {
                let before = try #require(try await server.send(.get, "/v1/books/\(id)", token: alice.token).data)
                let answer = try await server.send(.patch, "/v1/books/\(id)", token: alice.token,
                                                   json: #"{"\#(sample.field.rawValue)": \#(sample.json)}"#)
                #expect(answer.status == 200, "\(sample.field.rawValue): \(answer.text)")
                let after = try #require(answer.data)
                #expect(EditableFields.value(at: sample.path, in: after) == sample.expected,
                        "\(sample.field.rawValue) is at \(sample.path) in the book's JSON")
                #expect(EditableFields.value(at: sample.path, in: before) != sample.expected, "\(sample.field.rawValue) changed")
            }
        }
    }

    @Test func everyFieldOfABookIsSetOnTheWebEditPage() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let token = try await WebAppTests.token(server, "alice")
            let id = try await server.addBook("A Book", token: token)
            for sample in EditableFields.bookSamples {
                let page = try await browser.get("/books/\(id)/edit")
                #expect(page.text.contains(#"name="\#(sample.field.rawValue)""#), "the Edit page has \(sample.field.rawValue)")
                var form = try EditForm(page)
                // A flag is a ticked checkbox or a yes in its list: either sends "yes".
                form[sample.field.rawValue] = sample.json == "true" ? "yes" : sample.text
                let saved = try await browser.post("/books/\(id)/edit", form.fields)
                #expect(saved.status == 303, "\(sample.field.rawValue): \(saved.status) \(saved.text.prefix(300))")
                let book = try #require(try await server.send(.get, "/v1/books/\(id)", token: token).data)
                #expect(EditableFields.value(at: sample.path, in: book) == sample.expected, "\(sample.field.rawValue) set on the web")
            }
        }
    }

    @Test func everyFieldOfAnAuthorIsInTheAPIsJSONAndSetByAPatchAndOnTheWeb() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let token = try await WebAppTests.token(server, "alice")
            _ = try await server.addBook("A Book", token: token)
            let list = try await server.send(.get, "/v1/authors", token: token)
            let authors = try #require((try JSONSerialization.jsonObject(with: list.body) as? [String: Any])?["data"] as? [[String: Any]])
            let id = try #require(authors.first?["id"] as? String)
            for sample in EditableFields.authorSamples {
                let answer = try await server.send(.patch, "/v1/authors/\(id)", token: token, json: #"{"\#(sample.field.rawValue)": \#(sample.json)}"#)
                #expect(answer.status == 200, "\(sample.field.rawValue): \(answer.text)")
                #expect(EditableFields.value(at: sample.field.rawValue, in: answer.data ?? [:]) == sample.expected, "\(sample.field.rawValue) by the API")
            }
            // The web page's form shows every field, and saving it as shown with one changed sets it.
            let path = "/authors/\(id)"
            let page = try await browser.get(path)
            for field in AuthorField.allCases {
                #expect(page.text.contains(#"name="\#(field.rawValue)""#), "the author page has \(field.rawValue)")
            }
            var form = try EditForm(page, form: #"action="/authors/\#(id)""#)
            form["ethnicity"] = "Caribbean"
            form["birthYear"] = "1949"
            form["marginalizedVoiceOverride"] = "yes"
            let saved = try await browser.post(path, form.fields)
            #expect(saved.status == 303, "\(saved.text.prefix(300))")
            let author = try #require(try await server.send(.get, "/v1/authors/\(id)", token: token).data?["author"] as? [String: Any])
            #expect(author["ethnicity"] as? String == "Caribbean")
            #expect(author["birthYear"] as? Int == 1949)
            #expect(author["marginalizedVoiceOverride"] as? Bool == true)
            #expect(author["name"] as? String == "Ada Q. Writer", "the fields sent as shown stay")
        }
    }
}
