import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackServer

/// The web app in a browser without JavaScript: forms, redirects and cookies over a real server.
@Suite struct WebAppTests {
    /// A reader with a password, signed in through the sign-in form.
    static func signedIn(_ server: ServerHarness, _ name: String, admin: Bool = false) async throws -> WebBrowser {
        _ = try await server.app.accounts(passwordCost: 4).createAccount(name: name, password: "password-\(name)", isAdmin: admin)
        let browser = WebBrowser(port: server.port)
        let answer = try await browser.post("/signin", [("name", name), ("password", "password-\(name)"), ("next", "/library")])
        #expect(answer.status == 303)
        #expect(answer.header("Location") == "/library")
        #expect(browser.cookie("bt_session") != nil)
        return browser
    }

    /// The cookie of `browser` whose name starts with `prefix`.
    static func cookieNamed(_ browser: WebBrowser, prefix: String) -> (name: String, value: String)? {
        browser.allCookies().first { $0.key.hasPrefix(prefix) }.map { ($0.key, $0.value) }
    }

    /// A browser signed in to an account that already has the tests' password.
    static func signIn(_ server: ServerHarness, _ name: String) async throws -> WebBrowser {
        let browser = WebBrowser(port: server.port)
        let answer = try await browser.post("/signin", [("name", name), ("password", "password-\(name)"), ("next", "/library")])
        #expect(answer.status == 303)
        return browser
    }

    /// Posts a form of `page` with its CSRF token.
    static func submit(_ browser: WebBrowser, from page: String, to action: String, _ fields: [(String, String)]) async throws -> Answer {
        let csrf = try #require(WebBrowser.csrf(in: try await browser.get(page)))
        return try await browser.post(action, [("csrf", csrf)] + fields)
    }

    @Test func aReaderSignsInAddsABookRecordsReadingAndRemovesItWithFormsAlone() async throws {
        try await ServerHarness.run { server in
            let anonymous = WebBrowser(port: server.port)
            #expect(try await anonymous.get("/").header("Location") == "/signin")
            #expect(try await anonymous.get("/library").header("Location") == "/signin?next=/library")
            #expect(try await anonymous.get("/signin").text.contains("This server has no account yet."))
            _ = try await server.app.accounts(passwordCost: 4).createAccount(name: "alice", password: "password-alice", isAdmin: false)
            #expect(try await anonymous.get("/signin").text.contains("no account yet") == false)
            let wrong = try await anonymous.post("/signin", [("name", "alice"), ("password", "nope"), ("next", "/search")])
            #expect(wrong.status == 401)
            #expect(wrong.text.contains("That name and password do not match an account."))
            #expect(wrong.text.contains(#"value="alice""#), "the name typed is kept")
            let browser = anonymous
            let signed = try await browser.post("/signin", [("name", "alice"), ("password", "password-alice"), ("next", "/search")])
            #expect(signed.header("Location") == "/search")

            // Search the offline catalog and add the first result as being read.
            let results = try await browser.get("/search?q=Dune%20Frank%20Herbert")
            #expect(results.status == 200)
            #expect(results.text.contains("Dune"))
            #expect(results.text.contains("from "), "each result says where it came from")
            let added = try await Self.submit(browser, from: "/search?q=Dune%20Frank%20Herbert", to: "/search/add",
                                              [("q", "Dune Frank Herbert"), ("pick", "1"), ("status", "reading")])
            #expect(added.status == 303)
            let bookPath = try #require(added.header("Location")?.components(separatedBy: "?").first)
            let book = try await browser.get(bookPath + "?added=1")
            #expect(book.text.contains("Added to your library."))
            #expect(book.text.contains("<strong>Reading</strong>"))
            let again = try await browser.get("/search?q=Dune%20Frank%20Herbert")
            #expect(again.text.contains("Already in your library"))

            // Progress, a session, a rating and a review, each by its own form.
            #expect(try await Self.submit(browser, from: bookPath, to: bookPath + "/progress", [("progress", "120")]).status == 303)
            #expect(try await Self.submit(browser, from: bookPath, to: bookPath + "/sessions", [("minutes", "45"), ("pages", "30")]).status == 303)
            #expect(try await Self.submit(browser, from: bookPath, to: bookPath + "/rating", [("rating", "4.25")]).status == 303)
            #expect(try await Self.submit(browser, from: bookPath, to: bookPath + "/review",
                                          [("review", "The spice must flow <script>alert(1)</script>"), ("spoilers", "on")]).status == 303)
            #expect(try await Self.submit(browser, from: bookPath, to: bookPath + "/tags", [("tags", "sf, desert")]).status == 303)
            let recorded = try await browser.get(bookPath)
            #expect(recorded.text.contains(#"name="progress" value="120""#))
            #expect(recorded.text.contains("45 minutes, 30 pages"))
            #expect(recorded.text.contains(#"<option value="4.25" selected>"#))
            #expect(recorded.text.contains("The spice must flow &lt;script&gt;alert(1)&lt;/script&gt;"), "what a reader wrote is escaped")
            #expect(!recorded.text.contains("<script>alert(1)"))
            #expect(recorded.text.contains(#"<span class="tag">desert"#))
            let library = try await browser.get("/library")
            #expect(library.text.contains("Currently reading"))
            #expect(library.text.contains("Page 120"))
            #expect(try await browser.get("/library?tag=desert&view=list").text.contains("Dune"))
            #expect(try await browser.get("/library?status=read").text.contains("No book matches these filters."))
            let found = try await browser.get("/library?q=herbert")
            #expect(found.text.contains("1 book · page 1 of 1"))
            #expect(found.text.contains(#"name="q" value="herbert""#), "the words searched stay in the box")
            #expect(try await browser.get("/library?q=herbert%20austen").text.contains("No book matches these filters."))

            // Removing asks first, then the book is gone.
            let confirm = try await browser.get(bookPath + "/remove")
            #expect(confirm.text.contains("Undo” puts it back"))
            let removed = try await Self.submit(browser, from: bookPath + "/remove", to: bookPath + "/remove", [])
            #expect(removed.header("Location")?.hasPrefix("/library?undo=") == true)
            #expect(try await browser.get(try #require(removed.header("Location"))).text.contains("Removed “Dune” from your library."))
            let gone = try await browser.get(bookPath)
            #expect(gone.status == 404)
            #expect(gone.text.contains("There is no such page here."))

            let out = try await Self.submit(browser, from: "/library", to: "/signout", [])
            #expect(out.header("Location") == "/signin?signedOut=1")
            #expect(browser.cookie("bt_session") == nil)
            #expect(try await browser.get("/library").status == 303)
        }
    }

    @Test func aBadValueIsShownNextToItsFieldAndWhatWasTypedIsKept() async throws {
        try await ServerHarness.run { server in
            let browser = try await Self.signedIn(server, "alice")
            let id = try await server.addBook("The Left Hand of Darkness", token: try await Self.token(server, "alice"))
            let path = "/books/\(id)"
            for (action, fields, field, message) in [
                ("progress", [("progress", "9999")], "progress", "past the last page"),
                ("progress", [("progress", "about half")], "progress", "Write a page number, or a percentage like 40%."),
                ("progress", [("progress", "150%")], "progress", "out of range"),
                ("sessions", [("minutes", "0"), ("pages", "10")], "session", "minute"),
                ("sessions", [("minutes", "ten"), ("pages", "10")], "session", "whole numbers"),
                ("rating", [("rating", "4.1")], "rating", "quarter"),
                ("review", [("review", String(repeating: "a", count: 20_001))], "review", "20"),
                ("tags", [("tags", " , ")], "tags", "Write one tag or several"),
                ("quotes", [("quote", "Light is the left hand of darkness"), ("page", "-3")], "quote", "page"),
            ] {
                let answer = try await Self.submit(browser, from: path, to: "\(path)/\(action)", fields)
                #expect(answer.status == 400, "\(action) \(fields.map { $0.1.prefix(20) })")
                #expect(answer.text.contains(#"<p class="field-error" id="\#(field)-error">"#), "\(action): the error is next to \(field)")
                let shown = answer.text.components(separatedBy: #"id="\#(field)-error">"#).dropFirst().first?.components(separatedBy: "</p>").first ?? ""
                #expect(shown.localizedCaseInsensitiveContains(message), "\(action): \(shown)")
                if let typed = fields.first?.1, typed.count < 100, field != "rating" {
                    #expect(answer.text.contains(#"value="\#(typed)""#) || answer.text.contains(">\(typed)<"), "\(action): what was typed is kept")
                }
            }
            // Nothing was saved by the refused forms.
            let book = try await browser.get(path)
            #expect(!book.text.contains("minutes, "))
            #expect(book.text.contains(#"<option value="" selected>No rating</option>"#))
        }
    }

    static func token(_ server: ServerHarness, _ name: String) async throws -> String {
        let accounts = try server.app.accounts(passwordCost: 4)
        return try await accounts.createToken(for: try await accounts.account(named: name), name: "web tests").secret
    }

    @Test func formsWithoutTheSessionsTokenAndAnotherReadersBooksAreRefused() async throws {
        try await ServerHarness.run { server in
            let alice = try await Self.signedIn(server, "alice")
            let bob = try await Self.signedIn(server, "bob")
            let id = try await server.addBook("Kindred", token: try await Self.token(server, "alice"))
            let path = "/books/\(id)"
            let actions = ["status", "progress", "rating", "review", "notes", "tags", "favorite", "sessions", "quotes", "remove-quote", "remove"]
            for action in actions {
                // From another site: the cookie comes along, the token does not (or a made-up one).
                for fields in [[("progress", "10"), ("status", "read")], [("csrf", String(repeating: "0", count: 64)), ("status", "read")]] {
                    let answer = try await alice.post("\(path)/\(action)", fields)
                    #expect(answer.status == 403, "\(action)")
                    #expect(answer.text.contains("did not come from BooksTrack"))
                }
                // Another reader, with a valid token of their own: as if the book did not exist.
                let csrf = try #require(WebBrowser.csrf(in: try await bob.get("/library")))
                let foreign = try await bob.post("\(path)/\(action)", [("csrf", csrf), ("status", "read"), ("progress", "10"), ("rating", "5"),
                                                                      ("minutes", "10"), ("pages", "1"), ("quote", "x"), ("tags", "x"), ("favorite", "yes")])
                #expect(foreign.status == 404, "\(action): \(foreign.status)")
            }
            #expect(try await bob.get(path).status == 404)
            #expect(try await bob.get(path + "/remove").status == 404)
            #expect(try await bob.get("/books/not-an-id").status == 404)
            // Alice's book is as it was.
            let page = try await alice.get(path)
            #expect(page.status == 200)
            #expect(page.text.contains("<strong>To Read</strong>"))
            #expect(!page.text.contains("★ favorite"))
            // The sign-out form needs the token too.
            #expect(try await alice.post("/signout", []).status == 403)
            #expect(try await alice.get("/library").status == 200)
        }
    }

    @Test func hostileInputIsRefusedOrMadeHarmless() async throws {
        try await ServerHarness.run { server in
            _ = try await server.app.accounts(passwordCost: 4).createAccount(name: "alice", password: "password-alice", isAdmin: false)
            let browser = WebBrowser(port: server.port)
            // A sign-in may only send the reader on to a page of this site.
            for next in ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"] {
                let answer = try await browser.post("/signin", [("name", "alice"), ("password", "password-alice"), ("next", next)])
                #expect(answer.header("Location") == "/library", "\(next)")
            }
            // Malformed forms and oversized ones.
            let malformed = try await browser.send(.POST, "/signin", body: Array("name=%ZZ&password=%".utf8), contentType: "application/x-www-form-urlencoded")
            #expect(malformed.status == 400)
            let huge = try await browser.send(.POST, "/signin", body: [UInt8](repeating: UInt8(ascii: "a"), count: 300_000),
                                              contentType: "application/x-www-form-urlencoded")
            #expect(huge.status == 413)
            #expect(huge.text.contains("larger than"))
            // A theme cookie that is not a theme is ignored.
            browser.setCookie("bt_theme", "\"><script>alert(1)</script>")
            let library = try await browser.get("/library")
            #expect(library.text.contains(#"data-theme="liquid-blue""#))
            // A filter that is not one of the choices is refused as the API refuses it, naming the
            // field, not shown as the whole library; a page number out of range is read as the nearest.
            let flying = try await browser.get("/library?status=flying")
            #expect(flying.status == 400)
            #expect(flying.text.contains("Status is one of"), "\(flying.text)")
            let nonsense = try await browser.get("/library?sort=nonsense")
            #expect(nonsense.status == 400)
            #expect(nonsense.text.contains("Sort is one of"))
            let maybe = try await browser.get("/library?favorite=maybe")
            #expect(maybe.status == 400)
            #expect(maybe.text.contains("Favorite is true or false"))
            // The web's own words for a flag are read as the API's are, and the API's as the web's.
            #expect(try await browser.get("/library?favorite=yes&owned=no").status == 200)
            #expect(try await browser.get("/library?favorite=true&owned=0").status == 200)
            #expect(try await browser.get("/library?page=-5").status == 200)
            #expect(try await browser.get("/library?page=99999999999999999999").status == 200)
            // Every page is served with headers that keep it to this origin.
            #expect(library.header("Content-Security-Policy")?.contains("default-src 'self'") == true)
            #expect(library.header("X-Content-Type-Options") == "nosniff")
            #expect(try await browser.get("/static/app.css").header("Content-Type") == "text/css; charset=utf-8")
            #expect(try await browser.get("/static/..%2FResources%2Fopenapi.json").status == 404)
        }
    }

    @Test func pagesAskForNothingFromAnotherOrigin() async throws {
        try await ServerHarness.run { server in
            let browser = try await Self.signedIn(server, "alice", admin: true)
            let id = try await server.addBook("Piranesi", token: try await Self.token(server, "alice"))
            for path in ["/library", "/library?view=list", "/books/\(id)", "/books/\(id)/remove", "/search?q=Piranesi", "/settings"] {
                let page = try await browser.get(path)
                #expect(page.status == 200, "\(path)")
                #expect(page.text.hasPrefix("<!doctype html>\n<html lang=\"en\""), "\(path)")
                #expect(page.text.contains("<main id=\"main\""), "\(path)")
                // No src, href or action outside this server.
                let outside = try Regex(#"(src|href|action)="(https?:)?//"#)
                #expect(page.text.firstMatch(of: outside) == nil, "\(path)")
            }
            let themed = try await Self.submit(browser, from: "/settings", to: "/settings/theme", [("theme", "forest-green")])
            #expect(themed.header("Location") == "/settings?saved=theme")
            #expect(try await browser.get("/library").text.contains(#"data-theme="forest-green""#))
            #expect(try await Self.submit(browser, from: "/settings", to: "/settings/theme", [("theme", "neon")]).status == 400)
        }
    }

    /// Reads a job's page until the job has ended.
    static func waitForJobPage(_ browser: WebBrowser, _ path: String) async throws -> Answer {
        for _ in 0..<600 {
            let page = try await browser.get(path)
            if !page.text.contains("data-job-status>Running<") && !page.text.contains("data-job-status>Waiting to start<") { return page }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HarnessError("the job at \(path) did not end within a minute")
    }

    @Test func anExportIsPreviewedThenImportedFromTheUploadFormAndFollowedOnItsPage() async throws {
        let csv = Array(try ImportJobAPITests.goodreads(rows: 40))
        try await ServerHarness.run { server in
            let browser = try await Self.signedIn(server, "alice")
            let form = try await browser.get("/import")
            #expect(form.text.contains(#"enctype="multipart/form-data""#))
            let csrf = try #require(WebBrowser.csrf(in: form))

            let preview = try await browser.upload("/import", [("csrf", csrf), ("format", ""), ("dryRun", "on")],
                                                   file: ("file", "goodreads_library_export.csv", csv))
            #expect(preview.status == 303)
            let previewPath = try #require(preview.header("Location"))
            let previewed = try await Self.waitForJobPage(browser, previewPath)
            #expect(previewed.text.contains("<h1>Import preview</h1>"))
            #expect(previewed.text.contains("What the import would do"))
            #expect(previewed.text.contains("<dt>Format</dt><dd>Goodreads</dd>"))
            #expect(previewed.text.contains("<dt>Rows</dt><dd>40</dd>"))
            #expect(previewed.text.contains("Nothing was changed yet."))
            #expect(previewed.text.contains("Import it now"))
            #expect(try await browser.get("/library").text.contains("No books"))

            // Confirmed from the preview's page: the file is not sent again.
            let real = try await Self.submit(browser, from: previewPath, to: previewPath + "/confirm", [])
            #expect(real.status == 303)
            #expect(real.header("Location") != previewPath)
            let done = try await Self.waitForJobPage(browser, try #require(real.header("Location")))
            #expect(done.text.contains("data-job-status>Done<"))
            #expect(done.text.contains("What was imported"))
            let added = try #require(done.text.components(separatedBy: "<dt>Added</dt><dd>").dropFirst().first?.prefix { $0 != "<" })
            #expect(Int(added) ?? 0 > 30)
            #expect(try await browser.get("/library").text.contains("\(added) books"))

            // A preview imports once; an import is not a preview; another reader sees neither.
            let twice = try await Self.submit(browser, from: previewPath, to: previewPath + "/confirm", [])
            #expect(twice.status == 410)
            #expect(twice.text.contains("upload it again"))
            let realPath = try #require(real.header("Location"))
            #expect(try await Self.submit(browser, from: realPath, to: realPath + "/confirm", []).status == 409)
            let bob = try await Self.signedIn(server, "bob")
            #expect(try await bob.get(realPath).status == 404)
            #expect(try await Self.submit(bob, from: "/library", to: previewPath + "/confirm", []).status == 404)
            #expect(try await browser.get("/library").text.contains("\(added) books"), "nothing was imported twice")
        }
    }

    @Test func aPreviewLeftForMoreThanADayIsNotImportedAndItsFileIsSwept() async throws {
        let csv = Array(try ImportJobAPITests.goodreads(rows: 5))
        try await ServerHarness.run { server in
            let browser = try await Self.signedIn(server, "alice")
            let csrf = try #require(WebBrowser.csrf(in: try await browser.get("/import")))
            let preview = try await browser.upload("/import", [("csrf", csrf), ("dryRun", "on")], file: ("file", "export.csv", csv))
            let previewPath = try #require(preview.header("Location"))
            _ = try await Self.waitForJobPage(browser, previewPath)
            let uploads = server.app.dataDirectory.appendingPathComponent("uploads")
            #expect(try FileManager.default.contentsOfDirectory(atPath: uploads.path).count == 1, "the preview keeps its file")
            server.clock.advance(by: 25 * 3_600)
            let late = try await Self.submit(browser, from: previewPath, to: previewPath + "/confirm", [])
            #expect(late.status == 410)
            // The sweep goes by the file's age on disk: make it a day old, as it would be.
            let file = uploads.appendingPathComponent(try #require(try FileManager.default.contentsOfDirectory(atPath: uploads.path).first))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-25 * 3_600)], ofItemAtPath: file.path)
            try await server.server.services.jobs.sweepUploads()
            #expect(try FileManager.default.contentsOfDirectory(atPath: uploads.path).isEmpty)
            #expect(try await browser.get("/library").text.contains("No books"))
        }
    }

    @Test func aSpreadsheetNoImporterKnowsIsReadWithTheMappingItsMessageProposes() async throws {
        let sheet = Array("Book Name,Writer,Finished On\nKindred,Octavia E. Butler,2024-02-03\nPiranesi,Susanna Clarke,\n".utf8)
        try await ServerHarness.run { server in
            let browser = try await Self.signedIn(server, "alice")
            let csrf = try #require(WebBrowser.csrf(in: try await browser.get("/import")))
            let refused = try await browser.upload("/import", [("csrf", csrf), ("dryRun", "on")], file: ("file", "my-books.csv", sheet))
            #expect(refused.status == 400)
            let proposal = "title=Book Name,author=Writer,dateRead=Finished On"
            #expect(refused.text.contains("this mapping is proposed: \(proposal)"), "the message by the file field proposes the mapping")
            let previewed = try await browser.upload("/import", [("csrf", csrf), ("dryRun", "on"), ("mapping", proposal)], file: ("file", "my-books.csv", sheet))
            let previewPath = try #require(previewed.header("Location"), "\(previewed.text.prefix(300))")
            let preview = try await Self.waitForJobPage(browser, previewPath)
            #expect(preview.text.contains("<dt>Rows</dt><dd>2</dd>"))
            let confirmed = try await Self.submit(browser, from: previewPath, to: previewPath + "/confirm", [])
            _ = try await Self.waitForJobPage(browser, try #require(confirmed.header("Location")))
            #expect(try await browser.get("/library").text.contains("2 books"))
            // The next file with the same header needs no mapping: the confirmed one is remembered.
            let later = Array("Book Name,Writer,Finished On\nEmma,Jane Austen,2024-06-01\n".utf8)
            let again = try await browser.upload("/import", [("csrf", csrf)], file: ("file", "more-books.csv", later))
            let done = try await Self.waitForJobPage(browser, try #require(again.header("Location"), "\(again.text.prefix(300))"))
            #expect(done.text.contains("<dt>Added</dt><dd>1</dd>"))
            // Another reader's files are not read with alice's mapping.
            let bob = try await Self.signedIn(server, "bob")
            let bobs = try await bob.upload("/import", [("csrf", try #require(WebBrowser.csrf(in: try await bob.get("/import"))))],
                                            file: ("file", "my-books.csv", sheet))
            #expect(bobs.status == 400)
            let bad = try await browser.upload("/import", [("csrf", csrf), ("mapping", "titel=Book Name")], file: ("file", "my-books.csv", sheet))
            #expect(bad.status == 400)
            #expect(bad.text.contains("the fields are title"))
            #expect(bad.text.contains(#"value="titel=Book Name""#), "what was typed is kept")
        }
    }

    @Test func anUploadThatCannotBeReadIsRefusedOnTheFormWithoutAJob() async throws {
        try await ServerHarness.run { server in
            let browser = try await Self.signedIn(server, "alice")
            let csrf = try #require(WebBrowser.csrf(in: try await browser.get("/import")))
            let noFile = try await browser.upload("/import", [("csrf", csrf)], file: nil)
            #expect(noFile.status == 400)
            #expect(noFile.text.contains(#"id="file-error">Choose the file your other app exported.<"#))
            let unreadable = try await browser.upload("/import", [("csrf", csrf), ("format", "")], file: ("file", "x.csv", Array("just some words\nmore\n".utf8)))
            #expect(unreadable.status == 400)
            #expect(unreadable.text.contains(#"id="file-error">"#))
            let badFormat = try await browser.upload("/import", [("csrf", csrf), ("format", "kindle")], file: ("file", "x.csv", Array("a,b\n1,2\n".utf8)))
            #expect(badFormat.status == 400)
            #expect(badFormat.text.contains(#"<option value="" selected>"#) == false)
            // Without the token, or not a multipart form at all, or a broken one.
            #expect(try await browser.upload("/import", [], file: ("file", "x.csv", Array("Title,Author\nA,B\n".utf8))).status == 403)
            #expect(try await browser.post("/import", [("csrf", csrf)]).status == 400)
            for broken in ["--b\r\nno headers end", "--b\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--b--", "no boundary here", "--b--"] {
                let answer = try await browser.send(.POST, "/import", body: Array(broken.utf8), contentType: "multipart/form-data; boundary=b")
                #expect(answer.status == 400 || answer.status == 403, "\(broken)")
            }
            let jobs = try await server.send(.get, "/v1/jobs", token: try await Self.token(server, "alice"))
            #expect((jobs.envelope?["data"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func theProgressSocketTakesTheSessionCookieFromTheServersOwnPagesOnly() async throws {
        try await ServerHarness.run { server in
            let browser = try await Self.signedIn(server, "alice")
            let token = try await Self.token(server, "alice")
            let upload = try ImportJobAPITests.goodreads(rows: 5)
            let id = try #require(try await server.send(.post, "/v1/imports", token: token, body: upload).data?["id"] as? String)
            _ = try await server.waitForJob(id, token: token)
            let cookie = "bt_session=\(try #require(browser.cookie("bt_session")))"
            let path = "/ws/progress?jobId=\(id)"
            let own = try await RawWebSocket.open(port: server.port, path: path, headers: [("Cookie", cookie), ("Origin", "http://127.0.0.1:\(server.port)")])
            #expect(own.status == 101)
            #expect(own.messages.count == 1)
            let noOrigin = try await RawWebSocket.open(port: server.port, path: path, headers: [("Cookie", cookie)])
            #expect(noOrigin.status == 400)
            let foreign = try await RawWebSocket.open(port: server.port, path: path, headers: [("Cookie", cookie), ("Origin", "https://evil.example")])
            #expect(foreign.status == 400)
        }
    }
}
