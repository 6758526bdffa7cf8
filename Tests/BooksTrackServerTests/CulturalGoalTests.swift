import BooksTrackCore
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackServer

/// The cultural goal (a flag and a category on a book, a yearly target of such books) set and
/// shown through the API and the web app; the terminal's is in `InsightsCommandsTests`.
@Suite struct CulturalGoalTests {
    @Test func aYearsCulturalTargetCountsTheMarkedBooksFinishedThatYear() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            for (title, marked, status) in [("Half of a Yellow Sun", true, "read"), ("Season of Migration to the North", true, "read"),
                                             ("The Famished Road", true, "toRead"), ("Dune", false, "read")] {
                let answer = try await server.send(.post, "/v1/books", token: alice.token, json: #"""
                    {"title": "\#(title)", "authors": ["Someone"], "status": "\#(status)", "contributesToCulturalGoal": \#(marked),
                     "culturalGoalCategory": \#(marked ? #""African literature""# : "null")}
                    """#)
                #expect(answer.status == 201, "\(answer.text)")
            }
            let set = try await server.send(.put, "/v1/goal", token: alice.token, json: #"{"books": 30, "cultural": 12}"#)
            #expect(set.status == 200, "\(set.text)")
            #expect(set.data?["cultural"] as? Int == 12)
            let progress = try await server.send(.get, "/v1/goal", token: alice.token)
            #expect(progress.data?["culturalDone"] as? Int == 2, "two marked books finished this year; a marked book to read and an unmarked one do not count")
            #expect(progress.data?["booksDone"] as? Int == 3)
            #expect((progress.data?["goal"] as? [String: Any])?["cultural"] as? Int == 12)
            let bad = try await server.send(.put, "/v1/goal", token: alice.token, json: #"{"cultural": 0}"#)
            #expect(bad.status == 400)

            let browser = try await WebAppTests.signedIn(server, "bob")
            let bobToken = try await WebAppTests.token(server, "bob")
            _ = try await server.send(.post, "/v1/books", token: bobToken, json: #"""
                {"title": "Americanah", "authors": ["Chimamanda Ngozi Adichie"], "status": "read", "contributesToCulturalGoal": true}
                """#)
            let saved = try await WebAppTests.submit(browser, from: "/insights", to: "/insights/goal",
                                                     [("year", "2026"), ("books", ""), ("pages", ""), ("cultural", "5")])
            #expect(saved.status == 303, "\(saved.text.prefix(300))")
            let page = try await browser.get("/insights?year=2026")
            #expect(page.text.contains(#"id="goal-cultural""#))
            #expect(page.text.contains(#"value="5""#))
            #expect(page.text.contains("Cultural goal (books you marked)"))
        }
    }
}
