import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// The Search page never calls a search that failed "Nothing found".
@Suite struct WebSearchFailureTests {
    @Test func aProviderThatFailsIsNamedOnTheSearchPageInsteadOfNothingFound() async throws {
        // Given Open Library answering every request with an error, and a title the catalog lacks
        let failing = try await LoopbackHTTPServer.start(routes: [LoopbackRoute(.custom { _ in true }, .status(500))])
        defer { Task { await failing.shutdown() } }
        let environment = ["BOOKSTRACK_OPENLIBRARY_URL": failing.baseURL, "BOOKSTRACK_PROVIDERS": "openlibrary"]
        try await ServerHarness.run(environment: environment) { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            // When the reader searches for it
            let page = try await browser.get("/search?q=a%20title%20no%20catalog%20has")
            // Then the page says which source failed, and not that nothing was found
            #expect(page.status == 200)
            #expect(!page.text.contains("Nothing found"), "\(page.text)")
            #expect(page.text.contains("this search failed where it looks"))
            #expect(page.text.contains("openlibrary failed"), "\(page.text)")
        }
    }

    @Test func aSearchThatFindsNothingEverywhereSaysNothingFound() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let page = try await browser.get("/search?q=zzqqxxyy%20nothing")
            #expect(page.text.contains("Nothing found"))
            #expect(!page.text.contains("this search failed"))
        }
    }
}
