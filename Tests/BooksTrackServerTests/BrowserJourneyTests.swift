import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// The reader's journey in Debian's Chromium, headless, against a real server on loopback: with
/// JavaScript, and again with it turned off.
@Suite(.serialized) struct BrowserJourneyTests {
    @Test(arguments: [true, false])
    func aReaderGoesFromSigningInToExportingInTheBrowser(javascript: Bool) async throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-browser")
        let export = folder.url.appendingPathComponent("goodreads_library_export.csv")
        try GoodreadsExportFixture.write(rows: 30, to: export)
        try await ServerHarness.run { server in
            let accounts = try server.app.accounts(passwordCost: 4)
            _ = try await accounts.createAccount(name: "alice", password: "password-alice", isAdmin: false)
            _ = try await accounts.createAccount(name: "bob", password: "password-bob", isAdmin: false)
            let site = "http://127.0.0.1:\(server.port)"
            let browser = try await WebDriver.start(javascript: javascript)
            do {
                try await journey(browser, site: site, export: export, javascript: javascript)
            } catch {
                await browser.quit()
                throw error
            }
            await browser.quit()
        }
    }

    private func journey(_ browser: WebDriver, site: String, export: URL, javascript: Bool) async throws {
        // Sign in: a page that needs it sends the reader there first, and back afterwards.
        try await browser.open(site + "/import")
        #expect(try await browser.url.contains("/signin?next=/import"))
        try await signIn(browser, "alice")
        #expect(try await browser.url == site + "/import")

        // Preview a Goodreads export (the form's default), then import it from the preview's page
        // without choosing the file again, and follow it until its report.
        try await browser.type(export.path, into: "#file")
        try await browser.click("main form button[type=submit]")
        try await browser.wait(seconds: 60, for: "the preview's report") { try await browser.text.contains("What the import would do") }
        try await browser.click("form[action$='/confirm'] button[type=submit]")
        try await browser.wait(seconds: 60, for: "the import's report") { try await browser.text.contains("What was imported") }
        #expect(try await browser.url.contains("/jobs/"))
        #expect(try await browser.text.contains("Done"))

        // Find a book in the library and record reading.
        try await browser.open(site + "/library?view=list&sort=title")
        #expect(try await browser.text.contains("books · page 1 of 1"))
        try await browser.click(".list li a")
        let bookURL = try await browser.url
        #expect(bookURL.contains("/books/"))
        let title = try await browser.title.replacingOccurrences(of: " · BooksTrack", with: "")
        try await browser.click("#status button[value=reading]")
        try await browser.wait(for: "reading") { try await pressedStatus(browser) == "reading" }
        // With JavaScript the book's forms are sent in place: the page is never reloaded.
        if javascript { _ = try await browser.script("window.notReloaded = true; return null") }
        try await browser.type("25", into: "#progress-value")
        try await browser.click("#progress button[type=submit]")
        try await browser.wait(for: "the progress saved") { try await browser.text.contains("Page 25") }
        if javascript {
            // What is typed in one form while another is on its way stays when the answer replaces
            // the page (a review begun right after a rating): sent and typed in one script, before
            // any answer can arrive.
            _ = try await browser.script("""
                document.querySelector('#review-text').setAttribute('data-before', '1');
                document.querySelector('#rating-value').value = '3.5';
                document.querySelector('#rating button[type=submit]').click();
                document.querySelector('#review-text').value = 'Typed while the rating was sent.';
                return null
                """)
            try await browser.wait(for: "the rating's answer in place") {
                try await browser.script("return !document.querySelector('#review-text').hasAttribute('data-before')") as? Bool == true
            }
            #expect(try await browser.value(of: "#rating-value") == "3.5")
            #expect(try await browser.value(of: "#review-text") == "Typed while the rating was sent.")
            _ = try await browser.script("document.querySelector('#review-text').value = ''; return null")
        }
        if javascript {
            // The timer: Start, then Stop fills the minutes (at least one) for the session form.
            try await browser.click("[data-timer-start]")
            try await browser.wait(for: "the timer running") {
                try await browser.script("return !document.querySelector('[data-timer-stop]').hidden") as? Bool == true
            }
            try await Task.sleep(for: .milliseconds(1_200))
            #expect(try await browser.script("return document.querySelector('[data-timer-clock]').textContent") as? String != "0:00")
            try await browser.click("[data-timer-stop]")
            #expect(try await browser.value(of: "#session-minutes") == "1")
        } else {
            #expect(try await browser.script("return document.querySelector('[data-timer]').hidden") as? Bool == true,
                    "without JavaScript the timer stays hidden and the minutes are typed")
        }
        try await browser.type("40", into: "#session-minutes")
        try await browser.type("25", into: "#session-pages")
        try await browser.click("#session button[type=submit]")
        try await browser.wait(for: "the session saved") { try await browser.text.contains("40 minutes, 25 pages") }
        // A bad value: the error is next to the field, and what was typed stays.
        try await browser.type("not a page", into: "#progress-value")
        try await browser.click("#progress button[type=submit]")
        try await browser.wait(for: "the error next to the field") { try await browser.text.contains("Write a page number, or a percentage like 40%.") }
        #expect(try await browser.value(of: "#progress-value") == "not a page")
        // Rate and review, then finish it.
        try await browser.click("#rating-value option[value='4.5']")
        try await browser.click("#rating button[type=submit]")
        try await browser.type("A book about a house of many rooms.", into: "#review-text")
        try await browser.click("#review button[type=submit]")
        try await browser.click("#status button[value=read]")
        try await browser.wait(for: "the book read") { try await pressedStatus(browser) == "read" }
        if javascript {
            #expect(try await browser.script("return window.notReloaded === true") as? Bool == true, "the forms were sent in place")
            #expect(try await browser.url == bookURL)
        }
        try await browser.open(bookURL)
        let book = try await browser.text
        #expect(book.contains("A book about a house of many rooms."))
        #expect(try await browser.value(of: "#rating-value") == "4.5")
        #expect(try await browser.value(of: "#review-text") == "A book about a house of many rooms.")

        // It is in the insights, through the tab.
        try await browser.click("nav.tabs a[href='/insights']")
        try await browser.click("nav.years a[href='/insights?year=2026']")
        #expect(try await browser.text.contains("Reading in 2026"))
        #expect(try await browser.text.contains(title))

        // Add a book by search.
        try await browser.open(site + "/search")
        try await browser.type("Kindred Octavia Butler", into: "#q")
        try await browser.click("main form[role=search] button[type=submit]")
        try await browser.wait(for: "the search's results") { try await browser.text.contains("Octavia E. Butler") }
        try await browser.click(".results form button[type=submit]")
        try await browser.wait(for: "the added book") { try await browser.text.contains("Added to your library.") }
        #expect(try await browser.text.contains("Kindred"))

        // Export: the JSON download holds both books; nothing the pages asked for left this server.
        if javascript {
            let exported = try await browser.asyncScript("""
                const done = arguments[arguments.length - 1];
                fetch('/v1/export?format=json').then(r => r.text()).then(done, e => done('failed: ' + e));
                """) as? String
            #expect(exported?.contains("Kindred") == true)
            #expect(exported?.contains(title) == true)
            for page in ["/library", "/library?view=list", bookURL.replacingOccurrences(of: site, with: ""), "/search?q=Kindred", "/import",
                         "/insights", "/authors", "/settings"] {
                try await browser.open(site + page)
                let outside = try await browser.script("""
                    return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin));
                    """) as? [String]
                #expect(outside == [], "\(page): \(outside ?? [])")
            }
        }

        // Another reader gets 404 for this book's address.
        try await browser.click("header form button[type=submit]")
        try await browser.wait(for: "signed out") { try await browser.url.contains("/signin") }
        try await signIn(browser, "bob")
        try await browser.open(bookURL)
        #expect(try await browser.title.hasPrefix("Not found"))
        #expect(try await browser.text.contains("There is no such page here."))
    }

    @Test func aReaderUsesTheLibraryAndABookWithTheKeyboardAlone() async throws {
        try await ServerHarness.run { server in
            _ = try await server.app.accounts(passwordCost: 4).createAccount(name: "alice", password: "password-alice", isAdmin: false)
            let token = try await WebAppTests.token(server, "alice")
            _ = try await server.addBook("The Fifth Season", token: token)
            let site = "http://127.0.0.1:\(server.port)"
            let browser = try await WebDriver.start(width: 1280, height: 900)
            do {
                try await browser.open(site + "/signin")
                // Sign in with the keyboard: the name field first, then Tab to the password, Enter.
                try await browser.press("\u{E004}")
                #expect(try await browser.focused.hasPrefix("a.skip"), "the first Tab reaches the skip link")
                try await browser.press("\u{E004}")
                #expect(try await browser.focused.hasPrefix("a.brand"), "then the site's name, then the form")
                try await browser.press("\u{E004}")
                #expect(try await browser.focused.hasPrefix("input#name"))
                try await browser.press("alice\u{E004}password-alice\u{E007}")
                try await browser.wait(for: "signed in") { try await browser.url.hasSuffix("/library") }

                // The skip link leads past the tabs to the page's content, with a visible focus ring.
                try await browser.press("\u{E004}")
                #expect(try await browser.focused.hasPrefix("a.skip"))
                let ring = try await browser.script("return getComputedStyle(document.activeElement).outlineStyle") as? String
                #expect(ring != "none", "the focused link shows its focus")
                try await browser.press("\u{E007}")
                #expect(try await browser.focused.hasPrefix("main#main"))
                // Tab on to the book and open it.
                var reached = false
                for _ in 0..<30 where !reached {
                    try await browser.press("\u{E004}")
                    reached = try await browser.focused.contains("The Fifth Season")
                }
                #expect(reached, "the book is reached by Tab from the content")
                try await browser.press("\u{E007}")
                try await browser.wait(for: "the book's page") { try await browser.url.contains("/books/") }
                // Tab to the Reading button and press it.
                reached = false
                for _ in 0..<40 where !reached {
                    try await browser.press("\u{E004}")
                    let focused = try await browser.focused
                    reached = focused.hasPrefix("button") && focused.hasSuffix(" reading")
                }
                #expect(reached, "the status buttons are reached by Tab")
                try await browser.press("\u{E007}")
                try await browser.wait(for: "reading") { try await pressedStatus(browser) == "reading" }
            } catch {
                await browser.quit()
                throw error
            }
            await browser.quit()
        }
    }

    /// The status the book page's status buttons show as chosen.
    private func pressedStatus(_ browser: WebDriver) async throws -> String? {
        try await browser.script("const b = document.querySelector('#status button[aria-pressed=true]'); return b ? b.value : null") as? String
    }

    private func signIn(_ browser: WebDriver, _ name: String) async throws {
        try await browser.type(name, into: "#name")
        try await browser.type("password-\(name)", into: "#password")
        try await browser.click("main form button[type=submit]")
        try await browser.wait(for: "signed in as \(name)") { !(try await browser.url.contains("/signin")) }
    }
}
