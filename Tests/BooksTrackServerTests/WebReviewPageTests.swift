import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// The Shelf scan page with forms alone: a photo sent, the job followed, then the review queue
/// decided book by book, by another match and all at once.
@Suite struct WebReviewPageTests {
    @Test func aShelfPhotoIsScannedAndItsBooksReviewedWithFormsAlone() async throws {
        let (gemini, environment) = try await GeminiFixtures.server(answering: [GeminiFixtures.shelf(ScanAPITests.shelf)])
        defer { Task { await gemini.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let empty = try await browser.get("/review")
            #expect(empty.text.contains("Nothing waits for review."))
            #expect(empty.text.contains(#"capture="environment""#))
            #expect(try await browser.get("/search").text.contains(#"<a href="/review">Scan a whole bookshelf</a>"#))

            let csrf = try #require(WebBrowser.csrf(in: empty))
            let sent = try await browser.upload("/review/scan", [("csrf", csrf)], file: ("photo", "IMG_2041.jpg", try ScanAPITests.photo()))
            #expect(sent.status == 303)
            let jobPath = try #require(sent.header("Location"))
            #expect(jobPath.hasPrefix("/jobs/"))
            _ = try await server.waitForJob(String(jobPath.dropFirst("/jobs/".count)), token: try await WebAppTests.token(server, "alice"))
            let job = try await browser.get(jobPath)
            #expect(job.text.contains("3 books seen, 2 matched: they wait for your review."), "\(job.text)")
            #expect(job.text.contains(#"<a class="button" href="/review">Review them</a>"#))
            #expect(try await browser.get("/library").text.contains("3 books from your shelf scans wait for review"))

            // The status is chosen once, and every form of the page carries it.
            let queue = try await browser.get("/review?status=read")
            #expect(queue.text.contains("3 books wait for review"))
            #expect(queue.text.contains(#"<option value="read" selected>"#))
            #expect(queue.text.contains("<strong>The Hunger Games</strong> — Suzanne Collins"))
            #expect(queue.text.contains("Best match: <strong>Pride and Prejudice</strong>, Jane Austen"))
            #expect(queue.text.contains("No match found: accepting adds it as read on the spine."))
            #expect(queue.text.contains(#"src="/v1/review/"#))
            let items = try await server.send(.get, "/v1/review", token: try await WebAppTests.token(server, "alice"))
            let ids = ScanAPITests.items(items).compactMap { $0["id"] as? String }
            #expect(ids.count == 3)
            // The crop is served to the browser's session.
            let crop = try await browser.get("/v1/review/\(ids[0])/crop")
            #expect(crop.status == 200)

            let accepted = try await WebAppTests.submit(browser, from: "/review?status=read", to: "/review/\(ids[0])/accept", [("status", "read")])
            #expect(accepted.header("Location") == "/review?status=read&added=1")
            let twice = try await WebAppTests.submit(browser, from: "/review?status=read", to: "/review/\(ids[0])/accept", [("status", "read")])
            #expect(twice.header("Location") == "/review?status=read&decided=1", "a second click is not an error page")
            let books = try await server.send(.get, "/v1/books?status=read", token: try await WebAppTests.token(server, "alice"))
            #expect(books.data?["total"] as? Int == 1)

            // Another match for the unknown book, found with the inline search.
            let finding = try await browser.get("/review?status=read&find=\(ids[2])&q=kindred+butler")
            #expect(finding.text.contains(#"name="q" value="kindred butler""#))
            // A browser's GET form sends spaces as "+": the search and library boxes read them as spaces too.
            #expect(try await browser.get("/search?q=hunger+games").text.contains(#"name="q" value="hunger games""#))
            #expect(try await browser.get("/library?q=hunger+games").text.contains(#"name="q" value="hunger games""#))
            let work = try #require(finding.text.components(separatedBy: #"name="work" value=""#).dropFirst().first?.components(separatedBy: "\"").first)
            let chosen = try await WebAppTests.submit(browser, from: "/review", to: "/review/\(ids[2])/match",
                                                      [("status", "read"), ("work", Self.unescaped(work))])
            #expect(chosen.status == 303, "\(chosen.text)")
            #expect(try await browser.get("/review").text.contains("Best match: <strong>Kindred</strong>"))
            let bad = try await WebAppTests.submit(browser, from: "/review", to: "/review/\(ids[2])/match", [("work", "{not json")])
            #expect(bad.status == 400)

            // Reject one, then accept the rest above any confidence.
            _ = try await WebAppTests.submit(browser, from: "/review", to: "/review/\(ids[1])/reject", [("status", "toRead")])
            let all = try await WebAppTests.submit(browser, from: "/review", to: "/review/accept-all", [("status", "toRead"), ("min", "0")])
            #expect(all.header("Location") == "/review?status=toRead&added=1&held=0")
            #expect(try await browser.get("/review?status=toRead&added=1&held=0").text.contains("Added 1 book to your library."))
            #expect(try await browser.get("/review").text.contains("Nothing waits for review."))
            let refused = try await WebAppTests.submit(browser, from: "/review", to: "/review/accept-all", [("min", "2")])
            #expect(refused.status == 400)
        }
    }

    @Test func aPhotoThatIsNotOneIsRefusedByItsField() async throws {
        let (gemini, environment) = try await GeminiFixtures.server(answering: [])
        defer { Task { await gemini.shutdown() } }
        try await ServerHarness.run(environment: environment) { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let csrf = try #require(WebBrowser.csrf(in: try await browser.get("/review")))
            let refused = try await browser.upload("/review/scan", [("csrf", csrf)], file: ("photo", "notes.txt", Array("hello".utf8)))
            #expect(refused.status == 415)
            #expect(refused.text.contains(#"id="shelf-photo-error">This is not a photo BooksTrack reads"#), "\(refused.text)")
            let missing = try await browser.upload("/review/scan", [("csrf", csrf)], file: nil)
            #expect(missing.status == 400)
            let forged = try await browser.upload("/review/scan", [("csrf", "wrong")], file: ("photo", "a.jpg", try ScanAPITests.photo()))
            #expect(forged.status == 403)
            #expect(gemini.requests.isEmpty)
        }
    }

    @Test func withoutARecognizerThePageSaysWhy() async throws {
        let (empty, environment) = try ScanAPITests.noRecognizer()
        defer { empty.remove() }
        try await ServerHarness.run(environment: environment) { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let page = try await browser.get("/review")
            #expect(page.text.contains("No recognizer is configured"), "\(page.text)")
            #expect(!page.text.contains(#"action="/review/scan""#))
        }
    }

    /// HTML attribute text back to what the form sends.
    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
