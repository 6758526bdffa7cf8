import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// Adding a book the catalog lacks and editing it, in Debian's Chromium, headless, against a real
/// server on loopback (offline): with JavaScript, and again with it turned off.
@Suite(.serialized) struct WebEditBrowserTests {
    @Test(arguments: [true, false])
    func aReaderAddsABookByHandEditsItAndUploadsItsCover(javascript: Bool) async throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-edit-browser")
        defer { folder.remove() }
        let cover = folder.url.appendingPathComponent("cover.jpg")
        try SamplePhoto.jpeg(width: 300, height: 450).write(to: cover)
        try await ServerHarness.run { server in
            _ = try await server.app.accounts(passwordCost: 4).createAccount(name: "alice", password: "password-alice", isAdmin: false)
            let site = "http://127.0.0.1:\(server.port)"
            let browser = try await WebDriver.start(javascript: javascript)
            do {
                try await journey(browser, site: site, cover: cover)
            } catch {
                await browser.quit()
                throw error
            }
            await browser.quit()
        }
    }

    private func journey(_ browser: WebDriver, site: String, cover: URL) async throws {
        try await browser.open(site + "/search")
        try await browser.type("alice", into: "#name")
        try await browser.type("password-alice", into: "#password")
        try await browser.click("main form button[type=submit]")
        try await browser.wait(for: "the search page") { try await browser.url == site + "/search" }

        // The catalog lacks this ISBN: the answer offers to add it by hand, the ISBN filled in.
        try await browser.type("9780441478125", into: "#q")
        try await browser.click("main form[role=search] button[type=submit]")
        try await browser.wait(for: "the search's answer") { try await browser.text.contains("Nothing found for “9780441478125”.") }
        try await browser.click("a[href='/books/new?q=9780441478125']")
        try await browser.wait(for: "the form to add by hand") { try await browser.url.contains("/books/new") }
        #expect(try await browser.value(of: "#field-isbns") == "9780441478125")
        #expect(try await browser.value(of: "#field-title") == "")
        try await browser.type("The Left Hand of Darkness", into: "#field-title")
        try await browser.type("Ursula K. Le Guin", into: "#field-authors")
        try await browser.click("main form.edit button[type=submit]")
        try await browser.wait(for: "the added book") { try await browser.text.contains("Added to your library.") }
        let bookURL = try #require(try await browser.url.components(separatedBy: "?").first)
        #expect(try await browser.text.contains("Ursula K. Le Guin"))

        // Edit: the pages and the series.
        try await browser.click("a[href$='/edit']")
        try await browser.wait(for: "the Edit page") { try await browser.url.hasSuffix("/edit") }
        #expect(try await browser.value(of: "#field-title") == "The Left Hand of Darkness")
        try await browser.type("304", into: "#field-pageCount")
        try await browser.type("Hainish Cycle", into: "#field-seriesName")
        try await browser.type("4", into: "#field-seriesPosition")
        try await browser.click("#details button[type=submit]")
        try await browser.wait(for: "the edit saved") { try await browser.text.contains("Your changes are saved.") }
        #expect(try await fact(browser, "Pages") == "304")
        #expect(try await fact(browser, "Series") == "Hainish Cycle #4")

        // The cover: uploaded on the Edit page, then shown on the book page and the library's card.
        try await browser.click("a[href$='/edit']")
        try await browser.wait(for: "the Edit page") { try await browser.url.hasSuffix("/edit") }
        try await browser.type(cover.path, into: "#cover-file")
        try await browser.click("form[action$='/cover'] button[type=submit]")
        try await browser.wait(for: "the cover saved") { try await browser.text.contains("The cover is saved.") }
        try await browser.open(bookURL)
        try await browser.wait(for: "the cover shown on the book page") { try await coverLoaded(browser) }
        #expect(try await fact(browser, "Pages") == "304")
        try await browser.open(site + "/library")
        try await browser.wait(for: "the cover shown on the library page") { try await coverLoaded(browser) }
        #expect(try await browser.text.contains("The Left Hand of Darkness"))
        try await browser.open(site + "/library?view=list")
        try await browser.wait(for: "the cover shown in the list") { try await coverLoaded(browser) }
    }

    /// Whether the page shows an uploaded cover the browser could load.
    private func coverLoaded(_ browser: WebDriver) async throws -> Bool {
        try await browser.script(
            """
            const i = document.querySelector('img.cover[src*="/cover?v="]');
            return !!i && i.complete && i.naturalWidth > 0
            """) as? Bool == true
    }

    /// The value the book page's facts give for `name`.
    private func fact(_ browser: WebDriver, _ name: String) async throws -> String? {
        try await browser.script(
            """
            const dt = Array.from(document.querySelectorAll('dl.facts dt')).find(e => e.textContent === arguments[0]);
            return dt ? dt.nextElementSibling.textContent : null
            """, [name]) as? String
    }
}
