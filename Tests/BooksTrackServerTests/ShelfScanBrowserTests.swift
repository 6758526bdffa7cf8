import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// A shelf scanned and reviewed in a real browser (Debian's Chromium), read offline by tesseract
/// against the catalog: nothing leaves the machine.
@Suite struct ShelfScanBrowserTests {
    @Test func aReaderScansAShelfAndAcceptsABookInTheBrowser() async throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-shelf-browser")
        defer { folder.remove() }
        let photo = folder.url.appendingPathComponent("IMG_3012.jpg")
        let books = [ShelfRenderer.Book(title: "The Hunger Games", author: "Suzanne Collins"),
                     ShelfRenderer.Book(title: "Pride and Prejudice", author: "Jane Austen")]
        try ShelfRenderer.render(books, seed: 5).jpeg.write(to: photo)
        try await ServerHarness.run { server in
            _ = try await server.app.accounts(passwordCost: 4).createAccount(name: "alice", password: "password-alice", isAdmin: false)
            let site = "http://127.0.0.1:\(server.port)"
            let browser = try await WebDriver.start()
            do {
                try await browser.open(site + "/review")
                try await browser.type("alice", into: "#name")
                try await browser.type("password-alice", into: "#password")
                try await browser.click("main form button[type=submit]")
                try await browser.wait(for: "the Shelf scan page") { try await browser.url == site + "/review" }
                #expect(try await browser.text.contains("Nothing waits for review."))

                // The photo goes up, the job page follows it, then points to the review.
                try await browser.type(photo.path, into: "#shelf-photo")
                try await browser.click("form[action='/review/scan'] button[type=submit]")
                try await browser.wait(seconds: 120, for: "the scan's result") { try await browser.text.contains("wait for your review") }
                try await browser.click("a[href='/review']")
                try await browser.wait(for: "the queue") { try await browser.text.contains("wait for review") }
                let queue = try await browser.text
                #expect(queue.contains("The Hunger Games") || queue.contains("Pride and Prejudice"), "\(queue)")
                // The spine's crop is an image the browser could load.
                let cropLoaded = try await browser.script("const i = document.querySelector('img.spine-crop'); return i && i.complete && i.naturalWidth > 0") as? Bool
                #expect(cropLoaded == true)
                // Offline, no cover can be fetched: none is shown, rather than a broken image.
                #expect(try await browser.script("return document.querySelectorAll('img.match-cover').length") as? Int == 0)

                // Accepted as read, with the status chosen once at the top of the page.
                try await browser.open(site + "/review?status=read")
                try await browser.click(".review li form[action$='/accept'] button[type=submit]")
                try await browser.wait(for: "the book added") { try await browser.text.contains("Added 1 book to your library.") }
                try await browser.open(site + "/library?view=list&status=read")
                let library = try await browser.text
                #expect(library.contains("The Hunger Games") || library.contains("Pride and Prejudice"), "\(library)")
            } catch {
                await browser.quit()
                throw error
            }
            await browser.quit()
        }
    }
}
