import BooksTrackCore
import BooksTrackServices
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// A book's Edit page and adding a book by hand, over a real server on loopback, with forms sent
/// as a browser without JavaScript sends them: every field of the page, changed or not.
@Suite struct WebEditPageTests {
    // MARK: Editing

    @Test func anEditOfPagesAndSeriesIsShownOnTheBookPageAndMarksOnlyThoseFieldsAsTheReaders() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("A Wizard of Earthsea", token: try await WebAppTests.token(server, "alice"))
            let book = try await browser.get("/books/\(id)")
            #expect(book.text.contains(#"href="/books/\#(id)/edit""#), "the book page links to its Edit page")

            let page = try await browser.get("/books/\(id)/edit")
            #expect(page.status == 200)
            for field in BookField.allCases {
                #expect(page.text.contains(#"name="\#(field.rawValue)""#), "the form has \(field.rawValue)")
            }
            var form = try EditForm(page)
            #expect(form["pageCount"] == "300")
            #expect(form["title"] == "A Wizard of Earthsea")
            #expect(form["authors"] == "Some Author")
            #expect(form["status"] == "toRead")
            #expect(form["dateAdded"] == "2026-11-22")
            form["pageCount"] = "412"
            form["seriesName"] = "Earthsea"
            form["seriesPosition"] = "1"
            let saved = try await browser.post("/books/\(id)/edit", form.fields)
            #expect(saved.status == 303, "\(saved.status): \(saved.text)")
            #expect(saved.header("Location") == "/books/\(id)?edited=1")

            let shown = try await browser.get("/books/\(id)?edited=1")
            #expect(shown.text.contains("Your changes are saved."))
            #expect(shown.text.contains("<dt>Pages</dt><dd>412</dd>"))
            #expect(shown.text.contains("<dt>Series</dt><dd>Earthsea #1</dd>"))
            #expect(
                try await Self.readerSet(server, "alice", id) == ["pageCount", "seriesName", "seriesPosition", "seriesPositionEnd"],
                "a new position says the book holds no range")
            #expect(try EditForm(try await browser.get("/books/\(id)/edit"))["pageCount"] == "412", "the form shows the book as saved")
        }
    }

    @Test func aFormSentUntouchedChangesNothingAndOneFieldChangedMarksOnlyIt() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("Parable of the Sower", token: try await WebAppTests.token(server, "alice"))
            // A book with values in many fields: what the form shows reads back as the same values.
            var filled = BookEdit()
            for (field, text) in [
                (BookField.genres, "Science fiction\nDystopia"), (.description, "Lauren Olamina's notebooks.\n\nCalifornia, 2024."),
                (.awards, "Nebula nominee"), (.firstPublicationYear, "1993"), (.originalLanguage, "en"), (.readingDifficulty, "moderate"),
                (.isbns, "9781538732182"), (.publicationDate, "2019-04"), (.format, "paperback"), (.rating, "4.5"),
                (.tags, "earthseed, book club"), (.isFavorite, "yes"), (.wouldRecommend, "yes"), (.dateStarted, "2026-11-01"),
                (.contributesToCulturalGoal, "yes"), (.culturalGoalCategory, "Afrofuturism"), (.narrator, "Lynne Thigpen"),
            ] {
                try filled.set(field, text: text)
            }
            _ = try await Self.library(server, "alice").edit(.id(try #require(LibraryEntry.ID(uuidString: id))), filled)
            let marked = try await Self.readerSet(server, "alice", id)
            let before = try await Self.book(server, "alice", id).revision

            let untouched = try await browser.post("/books/\(id)/edit", try EditForm(try await browser.get("/books/\(id)/edit")).fields)
            #expect(untouched.header("Location") == "/books/\(id)", "nothing to save")
            #expect(try await Self.book(server, "alice", id).revision == before, "the book is as it was")

            var form = try EditForm(try await browser.get("/books/\(id)/edit"))
            #expect(form["description"] == "Lauren Olamina's notebooks.\n\nCalifornia, 2024.")
            #expect(form["genres"] == "Science fiction\nDystopia")
            #expect(form["isFavorite"] == "yes")
            #expect(form["rating"] == "4.5")
            form["isFavorite"] = nil
            form["subtitle"] = "Earthseed, book one"
            #expect(try await browser.post("/books/\(id)/edit", form.fields).status == 303)
            #expect(
                try await Self.readerSet(server, "alice", id) == (marked + ["subtitle"]).sorted(),
                "only the subtitle is new among the reader's")
            let shown = try await browser.get("/books/\(id)")
            #expect(shown.text.contains("Earthseed, book one"))
            #expect(!shown.text.contains("★ favorite"), "an unticked box is no")
            #expect(shown.text.contains("<dt>Genres</dt><dd>Science fiction, Dystopia</dd>"))
            #expect(shown.text.contains(#"<p class="description">Lauren Olamina&#39;s notebooks."#))
            #expect(shown.text.contains("<dt>Would recommend</dt><dd>Yes</dd>"))
            #expect(shown.text.contains("<dt>Reading difficulty</dt><dd>Moderate</dd>"))
            #expect(shown.text.contains("<dt>Narrator</dt><dd>Lynne Thigpen</dd>"))
            #expect(shown.text.contains("<dt>Original language</dt><dd>English (en)</dd>"))
            #expect(shown.text.contains("<dt>Cultural goal</dt><dd>Counts toward your cultural reading goal: Afrofuturism</dd>"))
        }
    }

    @Test func aBadPageCountShowsTheFormAgainWithWhatWasTypedAndTheError() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("Kindred", token: try await WebAppTests.token(server, "alice"))
            var form = try EditForm(try await browser.get("/books/\(id)/edit"))
            form["pageCount"] = "lots"
            form["subtitle"] = "A novel"
            let refused = try await browser.post("/books/\(id)/edit", form.fields)
            #expect(refused.status == 422)
            #expect(
                refused.text.contains(
                    #"<p class="field-error" id="pageCount-error">“lots” cannot be used here: write a whole number from 1 to 100,000.</p>"#),
                "\(refused.text)")
            let again = try EditForm(refused)
            #expect(again["pageCount"] == "lots", "what was typed stays")
            #expect(again["subtitle"] == "A novel")
            #expect(refused.text.contains("Nothing was saved"))
            #expect(!(try await browser.get("/books/\(id)").text.contains("A novel")), "nothing of the form was saved")

            // Corrected, the same form saves both.
            var fixed = again
            fixed["pageCount"] = "264"
            #expect(try await browser.post("/books/\(id)/edit", fixed.fields).status == 303)
            let shown = try await browser.get("/books/\(id)")
            #expect(shown.text.contains("<dt>Pages</dt><dd>264</dd>"))
            #expect(shown.text.contains("A novel"))
        }
    }

    @Test func anEditFromAFormOpenedBeforeAnotherWindowsEditIsRefusedAndLosesNothing() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("The Dispossessed", token: try await WebAppTests.token(server, "alice"))
            var first = try EditForm(try await browser.get("/books/\(id)/edit"))
            var second = try EditForm(try await browser.get("/books/\(id)/edit"))
            second["pageCount"] = "387"
            #expect(try await browser.post("/books/\(id)/edit", second.fields).status == 303)

            first["subtitle"] = "An Ambiguous Utopia"
            let refused = try await browser.post("/books/\(id)/edit", first.fields)
            #expect(refused.status == 409)
            #expect(refused.text.contains("changed in another window"))
            let shown = try EditForm(refused)
            #expect(shown["pageCount"] == "387", "the other window's change is shown")
            #expect(shown["subtitle"] == "An Ambiguous Utopia", "the reader's change is kept in its field")
            #expect(refused.text.contains(#"id="subtitle-unsaved">Your change, not saved yet. Now: empty</p>"#))
            let book = try await browser.get("/books/\(id)")
            #expect(book.text.contains("<dt>Pages</dt><dd>387</dd>"))
            #expect(!book.text.contains("An Ambiguous Utopia"), "nothing of the older form was saved")

            // Sent again, the form now holds both changes.
            #expect(try await browser.post("/books/\(id)/edit", shown.fields).status == 303)
            let both = try await browser.get("/books/\(id)")
            #expect(both.text.contains("<dt>Pages</dt><dd>387</dd>"))
            #expect(both.text.contains("An Ambiguous Utopia"))
        }
    }

    @Test func hostileInputGetsClearErrorsAndStoresNothingUnseen() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("Beloved", token: try await WebAppTests.token(server, "alice"))
            let path = "/books/\(id)/edit"

            // Ten megabytes of text: refused whole, the page shown again.
            var huge = try EditForm(try await browser.get(path))
            huge["description"] = String(repeating: "a", count: 10 * 1_048_576)
            let tooLarge = try await browser.post(path, huge.fields)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.text.contains("Nothing was saved: the form sent more than 512 KB."))
            // A description longer than a book keeps, but within the form's size.
            var long = try EditForm(try await browser.get(path))
            long["description"] = String(repeating: "b", count: 12_000)
            let tooLong = try await browser.post(path, long.fields)
            #expect(tooLong.status == 422)
            #expect(tooLong.text.contains("This is 12,000 characters long; at most 10,000 are kept."))

            for (field, typed, message) in [
                ("firstPublicationYear", "1234567890123456789", "write a year from -9,999 to 9,999 (-700 is 700 BCE)"),
                ("coverImageURL", "http://covers.example/beloved.jpg", "write an https:// address of an image"),
                ("coverImageURL", "javascript:alert(1)", "write an https:// address of an image"),
                ("title", "\u{7}\u{202E}\u{1B}", "This cannot be empty."),
                ("isbns", "9780441478120", "bad check digit"),
                ("status", "finished-ish", "wishlist, toRead, reading, read, onHold, dnf"),
            ] {
                var form = try EditForm(try await browser.get(path))
                form[field] = typed
                let refused = try await browser.post(path, form.fields)
                #expect(refused.status == 422, "\(field) \(typed): \(refused.status)")
                let error = refused.text.firstMatch(of: /<p class="field-error" id="(\w+)-error">([^<]*)<\/p>/)
                #expect(error.map { String($0.1) } == field, "\(field): \(String(describing: error?.0))")
                #expect(error.map { String($0.2).contains(message) } == true, "\(field): \(String(describing: error?.2))")
            }

            // Control characters are taken out of what is kept; the rest of the text stays.
            var controls = try EditForm(try await browser.get(path))
            controls["subtitle"] = "A\u{7} novel\u{202E}\u{1B}[31m"
            #expect(try await browser.post(path, controls.fields).status == 303)
            let shown = try await browser.get("/books/\(id)")
            #expect(shown.text.contains("A novel[31m"))
            #expect(!shown.text.contains("\u{1B}") && !shown.text.contains("\u{202E}"))

            // An SVG (a script can hide in one) or a text is no cover.
            let csrf = try #require(WebBrowser.csrf(in: try await browser.get(path)))
            let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
            for (bytes, name) in [(svg, "cover.svg"), (Array("just some words".utf8), "cover.txt")] {
                let refused = try await browser.upload("/books/\(id)/cover", [("csrf", csrf)], file: ("cover", name, bytes))
                #expect(refused.status == 415, "\(name): \(refused.status)")
                #expect(refused.text.contains(#"<p class="field-error" id="cover-error">This is not a photo BooksTrack reads"#), "\(name)")
            }
            #expect(try await browser.get("/books/\(id)/cover").status == 404, "no cover was kept")
            // Without the page's token nothing is read.
            #expect(try await browser.post(path, [("csrf", "0"), ("title", "Stolen")]).status == 403)
        }
    }

    // MARK: The cover and the editions

    @Test func anUploadedCoverIsShownOnTheBookAndLibraryPagesOfflineAndOnlyToItsReader() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("Piranesi", token: try await WebAppTests.token(server, "alice"))
            let csrf = try #require(WebBrowser.csrf(in: try await browser.get("/books/\(id)/edit")))
            let jpeg = Array(try SamplePhoto.jpeg(width: 400, height: 600))
            let uploaded = try await browser.upload("/books/\(id)/cover", [("csrf", csrf)], file: ("cover", "cover.jpg", jpeg))
            #expect(uploaded.header("Location") == "/books/\(id)/edit?done=cover#cover")
            #expect(try await browser.get("/books/\(id)/edit?done=cover").text.contains("The cover is saved."))

            // The server is offline: the uploaded cover needs no outside fetch and is shown.
            let page = try await browser.get("/books/\(id)")
            let src = String(try #require(page.text.firstMatch(of: /<img class="cover" src="(\/books\/[0-9a-f-]+\/cover\?v=[0-9a-z]+)"/)).1)
            #expect(try await browser.get("/library").text.contains(#"src="\#(src)""#), "the library's card shows it")
            let image = try await browser.get(src)
            #expect(image.status == 200)
            #expect(image.header("Content-Type") == "image/jpeg")
            #expect(image.header("Cache-Control")?.hasPrefix("private") == true)
            #expect(image.body.starts(with: [0xFF, 0xD8, 0xFF]))
            let form = try EditForm(try await browser.get("/books/\(id)/edit"))
            #expect(form["coverImageURL"] == "", "an uploaded cover has no address to show")

            let bob = try await WebAppTests.signedIn(server, "bob")
            #expect(try await bob.get(src).status == 404)

            // Removed, the drawn spine comes back.
            #expect(try await WebAppTests.submit(browser, from: "/books/\(id)/edit", to: "/books/\(id)/cover/remove", []).status == 303)
            #expect(!(try await browser.get("/books/\(id)").text.contains("/cover?v=")))
        }
    }

    @Test func editionsAreAddedMadeTheReadersAndRemovedAndTheirCoversChosen() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("Solaris", token: try await WebAppTests.token(server, "alice"))
            let path = "/books/\(id)/edit"
            let added = try await WebAppTests.submit(
                browser, from: path, to: "/books/\(id)/editions",
                [("isbns", "9780156027601"), ("pageCount", "204"), ("format", "paperback"), ("publisher", "Harvest")])
            #expect(added.header("Location") == path + "?done=edition#editions")
            let page = try await browser.get(path + "?done=edition")
            #expect(page.text.contains("The edition is added."))
            #expect(page.text.contains("Paperback · Harvest · 204 pages · ISBN 9780156027601"))
            // Each edition's item holds its description and its buttons.
            let items = page.text.components(separatedBy: "<li>\n<span>").dropFirst()
            #expect(items.count == 2, "the edition made with the book, and the new one")
            let harvestItem = try #require(items.first { $0.hasPrefix("Paperback · Harvest") })
            let harvest = String(try #require(harvestItem.firstMatch(of: /action="(\/books\/[0-9a-f-]+\/editions\/[0-9a-f-]+)\/mine"/)).1)
            #expect(try await WebAppTests.submit(browser, from: path, to: harvest + "/mine", []).status == 303)
            let book = try await browser.get("/books/\(id)")
            #expect(book.text.contains("<dt>Owned</dt><dd>Yes</dd>"))
            #expect(book.text.contains("<dt>Publisher</dt><dd>Harvest</dd>"))

            // A bad ISBN in the small form is said next to it, what was typed kept.
            let bad = try await WebAppTests.submit(
                browser, from: path, to: "/books/\(id)/editions", [("isbns", "9780156027600"), ("pageCount", "10")])
            #expect(bad.status == 422)
            #expect(bad.text.contains(#"id="edition-error">"#) && bad.text.contains("bad check digit"))
            #expect(bad.text.contains(#"name="isbns" value="9780156027600""#))

            // Another edition's https cover is offered and taken.
            let library = try await Self.library(server, "alice")
            var coverEdit = BookEdit()
            try coverEdit.set(.coverImageURL, text: "https://covers.openlibrary.org/b/id/240727-L.jpg")
            _ = try await library.addEdition(.id(try #require(LibraryEntry.ID(uuidString: id))), details: coverEdit, choose: false)
            let withCover = try await browser.get(path)
            #expect(withCover.text.contains(#"name="url" value="https://covers.openlibrary.org/b/id/240727-L.jpg""#))
            let chosen = try await WebAppTests.submit(
                browser, from: path, to: "/books/\(id)/cover/choose",
                [("url", "https://covers.openlibrary.org/b/id/240727-L.jpg")])
            #expect(chosen.status == 303)
            #expect(try EditForm(try await browser.get(path))["coverImageURL"] == "https://covers.openlibrary.org/b/id/240727-L.jpg")

            // Removing the reader's edition leaves the book not owned.
            #expect(try await WebAppTests.submit(browser, from: path, to: harvest + "/remove", []).status == 303)
            #expect(try await browser.get("/books/\(id)").text.contains("<dt>Owned</dt><dd>No</dd>"))
            #expect(!(try await browser.get(path).text.contains("9780156027601")))
            // Another reader's book has no editions here.
            let bob = try await WebAppTests.signedIn(server, "bob")
            #expect(try await bob.get(path).status == 404)
            #expect(try await WebAppTests.submit(bob, from: "/library", to: "/books/\(id)/editions", [("pageCount", "3")]).status == 404)
        }
    }

    // MARK: Adding by hand

    @Test func aSearchThatFindsNothingLeadsToAddingByHandWithTheWordsOrTheISBNFilledIn() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let empty = try await browser.get("/search?q=Zzyzx+Quillfeather")
            #expect(empty.text.contains("Nothing found for “Zzyzx Quillfeather”."))
            let link = String(try #require(empty.text.firstMatch(of: /<a href="([^"]+)">Add it by hand<\/a>/)).1)
            #expect(link == "/books/new?q=Zzyzx%20Quillfeather")
            let byTitle = try EditForm(try await browser.get(link), form: #"action="/books/new""#)
            #expect(byTitle["title"] == "Zzyzx Quillfeather")
            #expect(byTitle["isbns"] == "")
            #expect(byTitle["status"] == "toRead")

            let isbnSearch = try await browser.get("/search?q=978-0-441-47812-5")
            let isbnLink = String(try #require(isbnSearch.text.firstMatch(of: /<a href="([^"]+)">Add it by hand<\/a>/)).1)
            let byISBN = try EditForm(try await browser.get(isbnLink), form: #"action="/books/new""#)
            #expect(byISBN["isbns"] == "978-0-441-47812-5")
            #expect(byISBN["title"] == "")

            // A wrong check digit is said as such, not as nothing found.
            let mistyped = try await browser.get("/search?q=9780441478120")
            #expect(mistyped.text.contains("ISBN 9780441478120: bad check digit: expected 5, found 0."))
            #expect(!mistyped.text.contains("Nothing found"))
            let mistypedForm = try await browser.get("/books/new?q=9780441478120")
            #expect(mistypedForm.text.contains(#"id="isbns-error">ISBN 9780441478120: bad check digit: expected 5, found 0."#))

            // Every search page offers it, even before a search.
            #expect(try await browser.get("/search").text.contains(#"<a href="/books/new">Add it by hand</a>"#))
        }
    }

    @Test func aBookAddedByHandNeedsATitleGetsAnUnknownAuthorAndIsRefusedTwice() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            var form = try EditForm(try await browser.get("/books/new?q=9780441478125"), form: #"action="/books/new""#)
            let refused = try await browser.post("/books/new", form.fields)
            #expect(refused.status == 422)
            #expect(refused.text.contains(#"id="title-error">Write the title."#))
            #expect(try EditForm(refused, form: #"action="/books/new""#)["isbns"] == "9780441478125", "what was typed stays")

            form["isbns"] = "9780441478120"
            form["title"] = "The Left Hand of Darkness"
            let badISBN = try await browser.post("/books/new", form.fields)
            #expect(badISBN.status == 422)
            #expect(badISBN.text.contains("bad check digit: expected 5, found 0"))

            form["isbns"] = "9780441478125"
            form["pageCount"] = "304"
            form["tags"] = "hainish, classics"
            form["owned"] = "yes"
            let added = try await browser.post("/books/new", form.fields)
            #expect(added.status == 303, "\(added.text)")
            let path = try #require(added.header("Location"))
            #expect(path.hasSuffix("?added=1"))
            let book = try await browser.get(path)
            #expect(book.text.contains("Added to your library."))
            #expect(book.text.contains("<h1>The Left Hand of Darkness</h1>"))
            #expect(book.text.contains("Unknown author"))
            #expect(book.text.contains("<dt>ISBN</dt><dd>9780441478125</dd>"))
            #expect(book.text.contains("<dt>Pages</dt><dd>304</dd>"))
            #expect(book.text.contains("<dt>Owned</dt><dd>Yes</dd>"))
            #expect(book.text.contains(#"<span class="tag">hainish"#))

            let twice = try await browser.post("/books/new", form.fields)
            #expect(twice.status == 409)
            #expect(twice.text.contains("is already in your library (ISBN 9780441478125)"))
            #expect(
                twice.text.contains(
                    #"<a href="\#(path.replacingOccurrences(of: "?added=1", with: ""))">Open “The Left Hand of Darkness”</a>"#))
        }
    }

    // MARK: Helpers

    /// The library of the reader `name`, as the server's pages reach it.
    static func library(_ server: ServerHarness, _ name: String) async throws -> LibraryService {
        server.server.services.library(try await server.app.accounts(passwordCost: 4).account(named: name)).library
    }

    static func book(_ server: ServerHarness, _ name: String, _ id: String) async throws -> LibraryBook {
        try await library(server, name).book(.id(try #require(LibraryEntry.ID(uuidString: id))))
    }

    /// The `BookField` names the reader set by hand on a book.
    @Test func anISBNAloneIsLookedUpAndAnUnknownOneAddedAsTyped() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let token = try await WebAppTests.token(server, "alice")
            let id = try await server.addBook("The Hunger Games", token: token)
            let path = "/books/\(id)/edit"
            let found = try await WebAppTests.submit(browser, from: path, to: "/books/\(id)/editions", [("isbns", "0-439-02348-3")])
            #expect(found.status == 303)
            let unknown = try await WebAppTests.submit(browser, from: path, to: "/books/\(id)/editions", [("isbns", "9780441478125")])
            #expect(unknown.status == 303)
            let api = try await server.send(.get, "/v1/books/\(id)/editions", token: token)
            let list = try #require((try JSONSerialization.jsonObject(with: api.body) as? [String: Any])?["data"] as? [[String: Any]])
            let isbns = list.compactMap { ($0["isbn13"] as? [String])?.first }
            #expect(isbns.contains("9780439023481"), "the ISBN the catalog knows is added")
            #expect(isbns.contains("9780441478125"), "the one no source knows is added as typed")
        }
    }

    @Test func aReadBookMovedShortOfItsEndOnTheBookPageIsAReReadAndThePageSaysSo() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let token = try await WebAppTests.token(server, "alice")
            let id = try await server.addBook("Dune", token: token, extra: #", "status": "read""#)
            let moved = try await WebAppTests.submit(browser, from: "/books/\(id)", to: "/books/\(id)/progress", [("progress", "38")])
            #expect(moved.status == 303)
            #expect(moved.header("Location") == "/books/\(id)?reread=1#progress")
            let page = try await browser.get("/books/\(id)?reread=1")
            #expect(page.text.contains("Started a re-read; the earlier read is kept in the history."))
            let book = try await server.send(.get, "/v1/books/\(id)", token: token)
            #expect(book.data?["status"] as? String == "reading")
            #expect((book.data?["readHistory"] as? [Any])?.count == 1)
        }
    }

    static func readerSet(_ server: ServerHarness, _ name: String, _ id: String) async throws -> [String] {
        BookResource.readerSetFields(of: try await book(server, name, id))
    }
}

/// A form of a page as a browser without JavaScript sends it: its inputs, text areas and selects
/// with the values they were filled with (an unticked checkbox sends nothing), in page order.
struct EditForm {
    private(set) var fields: [(String, String)]

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The form of `page` whose opening tag contains `form` (by default the Edit page's).
    init(_ page: Answer, form marker: String = #"id="details""#) throws {
        let html = page.text
        guard let marker = html.range(of: marker), let open = html[..<marker.lowerBound].range(of: "<form", options: .backwards),
            let close = html[marker.upperBound...].range(of: "</form>")
        else { throw Missing(description: "no form \(marker) in the page (\(page.status))") }
        let body = html[open.lowerBound..<close.lowerBound]
        var fields: [(String, String)] = []
        for match in body.matches(of: /<(input|textarea|select)\b([^>]*)>/) {
            let attributes = String(match.2)
            guard let name = Self.attribute("name", in: attributes) else { continue }
            switch match.1 {
            case "input":
                let type = Self.attribute("type", in: attributes) ?? "text"
                if type == "file" || (type == "checkbox" && !attributes.contains(" checked")) { continue }
                fields.append((name, Self.attribute("value", in: attributes) ?? (type == "checkbox" ? "on" : "")))
            case "textarea":
                let rest = body[match.range.upperBound...]
                let text = rest.range(of: "</textarea>").map { rest[..<$0.lowerBound] } ?? ""
                fields.append((name, Self.unescape(String(text))))
            default:
                let rest = body[match.range.upperBound...]
                let options = rest.range(of: "</select>").map { String(rest[..<$0.lowerBound]) } ?? ""
                let all = options.matches(of: /<option value="([^"]*)"( selected)?>/)
                let chosen = all.first { $0.2 != nil } ?? all.first
                fields.append((name, chosen.map { Self.unescape(String($0.1)) } ?? ""))
            }
        }
        self.fields = fields
    }

    /// The value sent for `name`; setting nil leaves it out (an unticked checkbox), and a name not
    /// in the form is added (a checkbox ticked).
    subscript(_ name: String) -> String? {
        get { fields.first { $0.0 == name }?.1 }
        set {
            if let index = fields.firstIndex(where: { $0.0 == name }) {
                if let newValue { fields[index].1 = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append((name, newValue))
            }
        }
    }

    private static func attribute(_ name: String, in attributes: String) -> String? {
        guard let range = attributes.range(of: " \(name)=\"") else { return nil }
        let rest = attributes[range.upperBound...]
        return rest.firstIndex(of: "\"").map { unescape(String(rest[..<$0])) }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
