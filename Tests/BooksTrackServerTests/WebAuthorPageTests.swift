import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackServer

/// An author's web page: every field, the reader's books by them, and merging two records of one
/// person, with forms as a browser without JavaScript sends them.
@Suite struct WebAuthorPageTests {
    static func authorPath(_ name: String, in browser: WebBrowser) async throws -> String {
        let list = try await browser.get("/authors")
        let pattern = try Regex<(Substring, Substring)>(#"href="(/authors/[0-9A-Fa-f-]{36})"><strong>\#(NSRegularExpression.escapedPattern(for: name))"#)
        return String(try #require(list.text.firstMatch(of: pattern), "\(name) is listed").1)
    }

    @Test func anAuthorsPageListsTheirBooksAndEditsEveryField() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let token = try await WebAppTests.token(server, "alice")
            _ = try await WebInsightsPagesTests.addBook("Things Fall Apart", by: "Chinua Achebe", server, token)
            _ = try await WebInsightsPagesTests.addBook("Arrow of God", by: "Chinua Achebe", server, token)
            let path = try await Self.authorPath("Chinua Achebe", in: browser)
            let page = try await browser.get(path)
            #expect(page.text.contains("<dt>Books in your library</dt><dd>2</dd>"))
            #expect(page.text.contains(">Arrow of God</a>"))
            #expect(page.text.contains(">Things Fall Apart</a>"))

            var form = try EditForm(page, form: #"action="\#(path)""#)
            form["sortName"] = "Achebe, Chinua"
            form["birthYear"] = "1930"
            form["deathYear"] = "2013"
            form["ethnicity"] = "Igbo"
            form["culturalRegion"] = "africa"
            let saved = try await browser.post(path, form.fields)
            #expect(saved.status == 303)
            let shown = try await browser.get(path)
            #expect(shown.text.contains("<h1>Chinua Achebe (1930–2013)</h1>"))
            #expect(shown.text.contains(#"value="Igbo""#))
            #expect(shown.text.contains("<dt>Marginalized voice</dt><dd>Yes (by the rule)</dd>"))

            var bad = try EditForm(shown, form: #"action="\#(path)""#)
            bad["deathYear"] = "1900"
            let refused = try await browser.post(path, bad.fields)
            #expect(refused.status == 400)
            #expect(refused.text.contains(#"id="author-error""#))
            #expect(refused.text.contains("deathYear"))
            #expect(refused.text.contains(#"value="1900""#), "what was typed is kept")
        }
    }

    @Test func twoSpellingsOfOnePersonAreMergedFromTheAuthorsPage() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let token = try await WebAppTests.token(server, "alice")
            _ = try await WebInsightsPagesTests.addBook("The Fifth Season", by: "N. K. Jemisin", server, token)
            _ = try await WebInsightsPagesTests.addBook("The City We Became", by: "Nora K. Jemisin", server, token)
            let kept = try await Self.authorPath("N. K. Jemisin", in: browser)
            let merged = try await Self.authorPath("Nora K. Jemisin", in: browser)
            let keptID = String(kept.dropFirst("/authors/".count))
            let page = try await browser.get(merged)
            #expect(page.text.contains(#"<option value="\#(keptID)">N. K. Jemisin</option>"#))

            let answer = try await WebAppTests.submit(browser, from: merged, to: merged + "/merge", [("into", keptID)])
            #expect(answer.status == 303)
            #expect(answer.header("Location") == kept + "?merged=1")
            let shown = try await browser.get(kept + "?merged=1")
            #expect(shown.text.contains("<dt>Books in your library</dt><dd>2</dd>"))
            #expect(shown.text.contains(">The City We Became</a>"))
            #expect(try await browser.get(merged).status == 404)
            let bob = try await WebAppTests.signedIn(server, "bob")
            #expect(try await WebAppTests.submit(bob, from: "/authors", to: kept + "/merge", [("into", keptID)]).status == 404)
        }
    }
}
