import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// The Insights and Authors pages with forms alone: years, the goal, the diversity shares and
/// filling in authors' details by hand and from Wikidata.
@Suite struct WebInsightsPagesTests {
    static func addBook(_ title: String, by author: String, _ server: ServerHarness, _ token: String) async throws -> String {
        let answer = try await server.send(.post, "/v1/books", token: token, json: #"{"title": "\#(title)", "authors": ["\#(author)"]}"#)
        return try #require(answer.data?["id"] as? String, "\(answer.text)")
    }

    @Test func insightsSwitchYearsSetAGoalAndShowUnknownShares() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let token = try await WebAppTests.token(server, "alice")
            // Two books finished in 2025 and one in 2026: the server's clock is moved back a year,
            // then forward to 2026-11-22 again.
            server.clock.advance(by: -366 * 86_400)
            for title in ["Kindred", "Dawn"] { _ = try await server.addBook(title, token: token, extra: #", "status": "read""#) }
            server.clock.advance(by: 366 * 86_400)
            _ = try await server.addBook("Beloved", token: token, extra: #", "status": "read""#)
            let all = try await browser.get("/insights")
            #expect(all.status == 200)
            #expect(all.text.contains("<h1>Reading, all time</h1>"))
            #expect(all.text.contains(#"<a href="/insights?year=all" aria-current="page">All time</a>"#))
            #expect(all.text.contains(#"<a href="/insights?year=2025">2025</a>"#))
            #expect(all.text.contains(#"<a href="/insights?year=2026">2026</a>"#))
            #expect(all.text.contains(#"<span class="value">3</span><span class="name">books finished</span>"#))
            // Authors without details count as unknown, and the page says where to fill them in.
            #expect(all.text.contains("Unknown"))
            #expect(all.text.contains(#"<a href="/authors?missing=1">Fill in the details of 1 author(s)</a>"#))

            let year = try await browser.get("/insights?year=2025")
            #expect(year.text.contains("<h1>Reading in 2025</h1>"))
            #expect(year.text.contains(#"<span class="value">2</span><span class="name">books finished</span>"#))
            #expect(year.text.contains("No goal set for 2025 — set one below."))
            #expect(try await browser.get("/insights?year=12345").status == 400)
            #expect(try await browser.get("/insights?year=abc").status == 400)

            // A goal for 2026, then a bad one kept next to its field, then removed.
            let saved = try await WebAppTests.submit(browser, from: "/insights?year=2026", to: "/insights/goal", [("year", "2026"), ("books", "12")])
            #expect(saved.header("Location") == "/insights?year=2026&saved=goal#goal")
            let goal = try await browser.get("/insights?year=2026")
            #expect(goal.text.contains("Reading goal 2026"))
            #expect(goal.text.contains(#"name="books" min="1" max="100000" inputmode="numeric" value="12""#))
            #expect(goal.text.contains("1 of 12 books"), "one book of twelve is done")
            for (fields, message) in [([("books", "lots")], "whole number"), ([("books", "0")], "books"), ([("pages", "-5")], "pages")] {
                let refused = try await WebAppTests.submit(browser, from: "/insights?year=2026", to: "/insights/goal", [("year", "2026")] + fields)
                #expect(refused.status == 400, "\(fields)")
                let shown = refused.text.components(separatedBy: #"id="goal-error">"#).dropFirst().first?.components(separatedBy: "</p>").first ?? ""
                #expect(shown.localizedCaseInsensitiveContains(message), "\(fields): \(shown)")
                #expect(refused.text.contains(#"value="\#(fields[0].1)""#), "what was typed is kept")
            }
            #expect(try await browser.get("/insights?year=2026").text.contains("1 of 12 books"), "a refused goal changes nothing")
            _ = try await WebAppTests.submit(browser, from: "/insights?year=2026", to: "/insights/goal", [("year", "2026"), ("remove", "1")])
            #expect(try await browser.get("/insights?year=2026").text.contains("No goal set for 2026"))
            // A second click on Remove is not an error.
            let twice = try await WebAppTests.submit(browser, from: "/insights?year=2026", to: "/insights/goal", [("year", "2026"), ("remove", "1")])
            #expect(twice.status == 303)
        }
    }

    @Test func anAuthorsDetailsAreEditedAndABadNationalityIsShownNextToItsField() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let token = try await WebAppTests.token(server, "alice")
            _ = try await Self.addBook("Things Fall Apart", by: "Chinua Achebe", server, token)
            let list = try await browser.get("/authors?missing=1")
            #expect(list.text.contains("Chinua Achebe"))
            #expect(list.text.contains("Gender unknown · Region unknown · Nationality unknown"))
            let path = String(try #require(list.text.firstMatch(of: /href="(\/authors\/[0-9A-Fa-f-]{36})"/)).1)

            let bad = try await WebAppTests.submit(browser, from: path, to: path,
                                                   [("gender", "male"), ("culturalRegion", "africa"), ("nationality", "Nigeria"), ("marginalizedVoiceOverride", "auto")])
            #expect(bad.status == 400)
            #expect(bad.text.contains(#"id="author-error">"#))
            #expect(bad.text.contains("ISO 3166"))
            #expect(bad.text.contains(#"value="Nigeria""#), "what was typed is kept")
            #expect(bad.text.contains(#"<option value="africa" selected>"#))
            let forged = try await WebAppTests.submit(browser, from: path, to: path, [("gender", "robot"), ("marginalizedVoiceOverride", "auto")])
            #expect(forged.status == 400)

            let saved = try await WebAppTests.submit(browser, from: path, to: path,
                                                     [("gender", "male"), ("culturalRegion", "africa"), ("nationality", "ng"), ("marginalizedVoiceOverride", "auto")])
            #expect(saved.header("Location") == "/authors?missing=1&saved=1")
            #expect(try await browser.get("/authors?missing=1").text.contains("Every author has gender, region and nationality recorded."))
            let all = try await browser.get("/authors")
            #expect(all.text.contains("Male · Africa · Nigeria (NG)"))
            #expect(try await browser.get("/insights").text.contains("Every author has these details."))

            // Another reader's author does not exist for bob.
            let bob = try await WebAppTests.signedIn(server, "bob")
            #expect(try await bob.get(path).status == 404)
            #expect(try await WebAppTests.submit(bob, from: "/authors", to: path, [("gender", "female"), ("marginalizedVoiceOverride", "auto")]).status == 404)
        }
    }

    @Test func wikidataSuggestionsAreReviewedAndAcceptedOneByOneOrAll() async throws {
        let (wikidata, environment) = try await JobKindsAPITests.wikidata()
        defer { Task { await wikidata.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let token = try await WebAppTests.token(server, "alice")
            _ = try await Self.addBook("Kindred", by: "Octavia E. Butler", server, token)
            let asked = try await WebAppTests.submit(browser, from: "/authors?missing=1", to: "/authors/suggestions", [])
            #expect(asked.status == 303)
            let jobPath = try #require(asked.header("Location"))
            let done = try await WebAppTests.waitForJobPage(browser, jobPath)
            #expect(done.text.contains("What Wikidata suggests"))
            #expect(done.text.contains("Octavia E. Butler"))
            #expect(done.text.contains("Nationality: United States (US)"))
            #expect(done.text.contains("Accept all 1"))
            // Nothing is saved before it is accepted.
            #expect(try await browser.get("/authors").text.contains("Nationality unknown"))

            let accepted = try await WebAppTests.submit(browser, from: jobPath, to: jobPath + "/accept", [("author", "all")])
            #expect(accepted.header("Location") == jobPath + "?accepted=1")
            let after = try await browser.get(jobPath + "?accepted=1")
            #expect(after.text.contains("Accepted for 1 author."))
            #expect(after.text.contains(#"<span class="muted">Accepted</span>"#))
            #expect(!after.text.contains("Accept all"))
            #expect(try await browser.get("/authors").text.contains("United States (US)"))

            // A form naming an author the job did not suggest, or another reader's job, is refused.
            #expect(try await WebAppTests.submit(browser, from: jobPath, to: jobPath + "/accept", [("author", UUID().uuidString)]).status == 400)
            let bob = try await WebAppTests.signedIn(server, "bob")
            #expect(try await WebAppTests.submit(bob, from: "/library", to: jobPath + "/accept", [("author", "all")]).status == 404)
        }
    }

    @Test func anOfflineServerSaysOnTheAuthorsPageThatWikidataCannotBeAsked() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            _ = try await Self.addBook("Kindred", by: "Octavia E. Butler", server, try await WebAppTests.token(server, "alice"))
            let refused = try await WebAppTests.submit(browser, from: "/authors", to: "/authors/suggestions", [])
            #expect(refused.status == 409)
            #expect(refused.text.contains("runs offline"))
        }
    }
}
