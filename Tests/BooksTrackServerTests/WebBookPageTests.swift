import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// The book page's other forms: owning a wishlist book, the daily goal, page photos, and undoing
/// a removal.
@Suite struct WebBookPageTests {
    /// A 1×1 PNG, as a phone would send a (very small) page photo.
    static let png: [UInt8] = Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!)

    static func uploadPhoto(_ browser: WebBrowser, _ path: String, bytes: [UInt8], page: String = "12", caption: String = "the map") async throws -> Answer {
        let csrf = try #require(WebBrowser.csrf(in: try await browser.get(path)))
        return try await browser.upload(path + "/photos", [("csrf", csrf), ("page", page), ("caption", caption)], file: ("photo", "IMG_0001.png", bytes))
    }

    @Test func aWishlistBookIsOwnedAndADailyGoalGivesAFinishDate() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("The Dispossessed", token: try await WebAppTests.token(server, "alice"), extra: #", "status": "wishlist""#)
            let path = "/books/\(id)"
            #expect(try await browser.get(path).text.contains("I have it now"))
            let owned = try await WebAppTests.submit(browser, from: path, to: path + "/acquire", [("status", "reading")])
            #expect(owned.status == 303)
            let page = try await browser.get(path)
            #expect(page.text.contains("<strong>Reading</strong>"))
            #expect(page.text.contains("<dt>Owned</dt><dd>Yes</dd>"))
            #expect(!page.text.contains("I have it now"))
            #expect(!page.text.contains("<h3>Editions</h3>"), "one edition: no list")
            // Owning it twice says why not.
            let again = try await WebAppTests.submit(browser, from: path, to: path + "/acquire", [("status", "reading")])
            #expect(again.status == 422, "\(again.status)")
            #expect(again.text.contains(#"id="status-error">"#) && again.text.contains("wishlist"), "the reason is next to the status")

            // 300 pages at 20 a day, from page 0: finished in 15 days (2026-11-22 + 15).
            let goal = try await WebAppTests.submit(browser, from: path, to: path + "/daily-goal", [("daily", "20")])
            #expect(goal.header("Location") == path + "#daily")
            let withGoal = try await browser.get(path)
            #expect(withGoal.text.contains(#"name="daily" min="1" max="100000" inputmode="numeric" value="20""#))
            #expect(withGoal.text.contains("Finishes about 2026-12-07"))
            for (typed, message) in [("lots", "whole number"), ("0", "from 1 to 100,000"), ("100001", "from 1 to 100,000")] {
                let refused = try await WebAppTests.submit(browser, from: path, to: path + "/daily-goal", [("daily", typed)])
                #expect(refused.status == 400, "\(typed)")
                #expect(refused.text.contains(#"id="daily-error">"#) && refused.text.contains(message), "\(typed)")
                #expect(refused.text.contains(#"value="\#(typed)""#))
            }
            _ = try await WebAppTests.submit(browser, from: path, to: path + "/daily-goal", [("daily", "")])
            #expect(!(try await browser.get(path).text.contains("Finishes about")), "an empty goal clears it")
        }
    }

    @Test func aWorkWithTwoEditionsListsThemAndSaysWhichOneThePageShows() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("Solaris", token: try await WebAppTests.token(server, "alice"), extra: #", "status": "wishlist""#)
            // The copy bought is another edition (as `bookstrack acquire --isbn … --publisher …` makes it).
            let account = try await server.app.accounts(passwordCost: 4).account(named: "alice")
            _ = try await server.server.services.library(account).library.acquire(
                .id(try #require(LibraryEntry.ID(uuidString: id))), copy: CopyDetails(isbns: [try #require(ISBN("9780156027601"))], format: .paperback, publisher: "Harvest"))
            let page = try await browser.get("/books/\(id)")
            #expect(page.text.contains("<h3>Editions</h3>"))
            #expect(page.text.contains("Paperback · Harvest · ISBN 9780156027601 <span class=\"muted\">(shown above)</span>"))
            #expect(page.text.contains("300 pages"), "the first edition, with its page count")
        }
    }

    @Test func aPagePhotoIsUploadedAndShownAndWhatIsNotAPhotoIsRefused() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("Piranesi", token: try await WebAppTests.token(server, "alice"))
            let path = "/books/\(id)"
            let page = try await browser.get(path)
            #expect(page.text.contains(#"enctype="multipart/form-data""#))
            #expect(page.text.contains(#"capture="environment""#))
            let added = try await Self.uploadPhoto(browser, path, bytes: Self.png)
            #expect(added.header("Location") == path + "#photos")
            let shown = try await browser.get(path)
            let thumbnail = String(try #require(shown.text.firstMatch(of: /<img src="(\/v1\/photos\/[0-9a-f-]+\?size=thumbnail)" alt="Page 12: the map"/)).1)
            let src = String(thumbnail.prefix { $0 != "?" })
            let image = try await browser.get(src)
            #expect(image.status == 200)
            #expect(image.header("Content-Type") == "image/jpeg", "kept as JPEG")
            #expect(image.body.starts(with: [0xFF, 0xD8, 0xFF]))
            #expect(try await browser.get(thumbnail).body.starts(with: [0xFF, 0xD8, 0xFF]))
            #expect(try await browser.get(src + "?size=huge").status == 400)

            for (bytes, pageNumber, message, status) in [
                (Array("<html>not a photo</html>".utf8), "3", "not a photo BooksTrack reads", 415),
                (Array(PNGBomb.make(width: 50_000, height: 50_000)), "3", "million pixels", 422),
                (Self.png, "-4", "whole number from 0", 400),
                (Self.png, "many", "whole number from 0", 400),
                ([UInt8](), "3", "Choose a photo", 400),
                (Self.png + [UInt8](repeating: 0, count: 10 * 1_048_576 + 70_000), "3", "larger than 10 MB", 413),
            ] {
                let refused = try await Self.uploadPhoto(browser, path, bytes: bytes, page: pageNumber)
                #expect(refused.status == status, "\(message): \(refused.status)")
                #expect(refused.text.contains(#"id="photo-error">"#) && refused.text.contains(message), "\(message)")
            }
            #expect(try await browser.get(path).text.components(separatedBy: "<img src=\"/v1/photos/").count == 2, "one photo, nothing else was stored")

            // Another reader can neither see the photo nor add one to this book.
            let bob = try await WebAppTests.signedIn(server, "bob")
            #expect(try await bob.get(src).status == 404)
            let csrf = try #require(WebBrowser.csrf(in: try await bob.get("/library")))
            #expect(try await bob.upload(path + "/photos", [("csrf", csrf)], file: ("photo", "x.png", Self.png)).status == 404)
            // Without the form's token, nothing is read.
            #expect(try await browser.upload(path + "/photos", [("csrf", "0")], file: ("photo", "x.png", Self.png)).status == 403)
        }
    }

    @Test func aBackCoverPhotoOnTheSearchPageFindsTheBookByItsBarcode() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let search = try await browser.get("/search")
            #expect(search.text.contains(#"action="/search/barcode" enctype="multipart/form-data""#))
            let csrf = try #require(WebBrowser.csrf(in: search))
            // The Hunger Games (ISBN-10 0439023483) is in the offline catalog.
            let isbn = try #require(ISBN("0439023483")).isbn13
            let photo = Array(try ZintBarcode.png(isbn, addOn: "51299"))
            let read = try await browser.upload("/search/barcode", [("csrf", csrf)], file: ("photo", "IMG_2041.png", photo))
            #expect(read.header("Location") == "/search?q=\(isbn)&scanned=1")
            let results = try await browser.get("/search?q=\(isbn)&scanned=1")
            #expect(results.text.contains("Read ISBN \(isbn) from the barcode."))
            #expect(results.text.contains("The Hunger Games"))

            for (bytes, message, status) in [
                (Array(try ZintBarcode.png("4006381333931")), "not an ISBN", 422),
                (Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 100), "not a photo BooksTrack reads", 415),
                (Array(PNGBomb.make(width: 60_000, height: 60_000)), "million pixels", 422),
                ([UInt8](), "Choose a photo", 400),
            ] {
                let refused = try await browser.upload("/search/barcode", [("csrf", csrf)], file: ("photo", "photo.png", bytes))
                #expect(refused.status == status, "\(message): \(refused.status)")
                #expect(refused.text.contains(#"id="photo-error">"#) && refused.text.contains(message), "\(message)")
            }
            #expect(try await browser.upload("/search/barcode", [("csrf", "0")], file: ("photo", "p.png", photo)).status == 403)
        }
    }

    @Test func aRemovedBookIsPutBackWithEverythingByUndoOnce() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let id = try await server.addBook("Middlemarch", token: try await WebAppTests.token(server, "alice"))
            let path = "/books/\(id)"
            _ = try await WebAppTests.submit(browser, from: path, to: path + "/status", [("status", "reading")])
            _ = try await WebAppTests.submit(browser, from: path, to: path + "/progress", [("progress", "120")])
            _ = try await WebAppTests.submit(browser, from: path, to: path + "/quotes", [("quote", "It is a narrow mind which cannot look at a subject from various points of view."), ("page", "88")])
            _ = try await WebAppTests.submit(browser, from: path, to: path + "/sessions", [("minutes", "40"), ("pages", "25")])
            _ = try await Self.uploadPhoto(browser, path, bytes: Self.png)
            let before = try await browser.get(path)

            let removed = try await WebAppTests.submit(browser, from: path + "/remove", to: path + "/remove", [])
            let libraryPath = try #require(removed.header("Location"))
            let library = try await browser.get(libraryPath)
            #expect(library.text.contains("Removed “Middlemarch” from your library."))
            #expect(try await browser.get(path).status == 404)
            let token = String(try #require(library.text.firstMatch(of: /name="undo" value="([0-9a-f-]+)"/)).1)

            // Bob cannot use alice's undo.
            let bob = try await WebAppTests.signedIn(server, "bob")
            #expect(try await WebAppTests.submit(bob, from: "/library", to: "/library/undo", [("undo", token)]).status == 410)

            let undone = try await WebAppTests.submit(browser, from: libraryPath, to: "/library/undo", [("undo", token)])
            #expect(undone.header("Location") == path + "?restored=1")
            let after = try await browser.get(path + "?restored=1")
            #expect(after.text.contains("Put back in your library."))
            for kept in [#"name="progress" value="120""#, "narrow mind", "40 minutes, 25 pages", "<strong>Reading</strong>", "<img src=\"/v1/photos/"] {
                #expect(after.text.contains(kept), "\(kept) came back")
                #expect(before.text.contains(kept))
            }
            // Once only.
            let twice = try await WebAppTests.submit(browser, from: "/library", to: "/library/undo", [("undo", token)])
            #expect(twice.status == 410)
            #expect(twice.text.contains("Too late to undo"))
        }
    }

    @Test func anUndoIsRefusedWhenTheBookWasAddedAgainMeanwhile() async throws {
        try await ServerHarness.run { server in
            let browser = try await WebAppTests.signedIn(server, "alice")
            let token = try await WebAppTests.token(server, "alice")
            let id = try await server.addBook("Middlemarch", token: token)
            let removed = try await WebAppTests.submit(browser, from: "/books/\(id)/remove", to: "/books/\(id)/remove", [])
            let library = try await browser.get(try #require(removed.header("Location")))
            let undo = String(try #require(library.text.firstMatch(of: /name="undo" value="([0-9a-f-]+)"/)).1)
            _ = try await server.addBook("Middlemarch", token: token)
            let refused = try await WebAppTests.submit(browser, from: "/library", to: "/library/undo", [("undo", undo)])
            #expect(refused.status == 409)
            #expect(refused.text.contains("already in your library"))
            #expect(try await browser.get("/library").text.contains("1 book"))
        }
    }
}
