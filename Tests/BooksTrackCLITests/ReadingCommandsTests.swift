import Foundation
import Testing

@testable import BooksTrackCLI

@Suite struct ReadingFromTheTerminal {
    @Test func progressStartsTheBookAndTheLastPageFinishesIt() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Dune", "--author", "Frank Herbert", "--pages", "412")
        let started = cli.run("progress", "dune", "120")
        #expect(started.exitCode == 0)
        #expect(started.output.contains("Dune — Frank Herbert: Reading, p. 120/412 (29%)"))
        cli.advance(days: 3)
        let finished = cli.run("progress", "dune", "412")
        #expect(finished.output.contains("Finished!"))
        let book = try cli.show(id)
        #expect(book["status"] as? String == "read")
        #expect(book["progress"] as? Double == 1)
        #expect(book["dateCompleted"] as? String == "2026-11-25T09:00:00Z")
    }

    @Test func aPageBeyondTheLastIsRefusedAndNothingChanges() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Dune", "--pages", "412")
        _ = cli.run("progress", id, "100")
        let result = cli.run("progress", id, "413")
        #expect(result.exitCode == 2)
        #expect(result.error.contains("page 413 is past the last page (412)"))
        #expect(try cli.show(id)["currentPage"] as? Int == 100)
    }

    @Test func percentProgressWorksForBooksWithoutPages() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Piranesi")
        let result = cli.run("progress", id, "45%")
        #expect(result.output.contains("Piranesi: Reading, 45%"))
        #expect(cli.run("progress", id, "140%").exitCode == 2)
        #expect(cli.run("progress", id, "lots").error.contains("not a page number or a percentage"))
    }

    @Test func theShowPageForecastsTheFinish() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Middlemarch", "--pages", "880")
        _ = cli.run("start", id)
        cli.advance(days: 4)
        _ = cli.run("progress", id, "200")
        let show = cli.run("show", id)
        #expect(show.output.contains("Pace:         50.0 pages/day"))
        // 680 pages left at 50 a day: 14 days after 2026-11-26.
        #expect(show.output.contains("Finish by:    2026-12-10"))
    }

    @Test func finishingThenStartingIsAReRead() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Kindred", "--pages", "264", "--status", "reading")
        cli.advance(days: 5)
        _ = cli.run("finish", id)
        cli.advance(days: 100)
        let again = cli.run("start", id)
        #expect(again.output.contains("Started a re-read"))
        let book = try cli.show(id)
        let history = try #require(book["readHistory"] as? [[String: Any]])
        #expect(history.count == 1)
        #expect(history.first?["outcome"] as? String == "read")
        #expect(book["currentPage"] as? Int == 0)
    }

    @Test func stopHoldAndStatusMoveTheBook() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Ulysses", "--status", "reading")
        #expect(cli.run("hold", id).output.contains("On Hold"))
        #expect(cli.run("stop", id).output.contains("Did Not Finish"))
        #expect(try cli.show(id)["dateStopped"] as? String == "2026-11-22T09:00:00Z")
        #expect(cli.run("status", id, "TBR - To Be Read").output.contains("To Read"))
        let bad = cli.run("status", id, "somewhere")
        #expect(bad.exitCode == 2)
        #expect(bad.error.contains("unknown status \"somewhere\""))
    }

    @Test func acquiringMovesAWishlistBookIntoTheOwnedLibrary() throws {
        let cli = try CLIHarness()
        let id = try cli.add("The Fifth Season", "--author", "N. K. Jemisin", "--status", "wishlist", "--isbn", "9780316229296", "--pages", "468")
        #expect(try cli.show(id)["owned"] as? Bool == false)
        cli.advance(days: 2)
        let result = cli.run("acquire", id)
        #expect(result.exitCode == 0, "\(result.error)")
        let book = try cli.show(id)
        #expect(book["owned"] as? Bool == true)
        #expect(book["status"] as? String == "toRead")
        #expect(book["dateAdded"] as? String == "2026-11-22T09:00:00Z")
        let again = cli.run("acquire", id)
        #expect(again.exitCode == 2)
        #expect(again.error.contains("only wishlist books can be acquired; this one is To Read"))
    }

    @Test func acquiringWithEditionDetailsRecordsThatCopy() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Piranesi", "--status", "wishlist")
        let result = cli.run("acquire", id, "--format", "hardcover", "--pages", "272", "--status", "reading")
        #expect(result.exitCode == 0, "\(result.error)")
        let book = try cli.show(id)
        let edition = try #require(book["edition"] as? [String: Any])
        #expect(edition["format"] as? String == "hardcover")
        #expect(edition["pageCount"] as? Int == 272)
        #expect(book["status"] as? String == "reading")
    }
}

@Suite struct Opinions {
    @Test func ratingsAreQuarterStepsUpToFive() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Beloved")
        #expect(cli.run("rate", id, "4.75").exitCode == 0)
        #expect(try cli.show(id)["rating"] as? Double == 4.75)
        let bad = cli.run("rate", id, "6")
        #expect(bad.exitCode == 2)
        #expect(bad.error.contains("rating 6.0 is out of range: 0.25–5 in quarter steps"))
        #expect(try cli.show(id)["rating"] as? Double == 4.75)
        _ = cli.run("rate", id, "--clear")
        #expect(try cli.show(id)["rating"] == nil)
    }

    @Test func reviewsAndNotesKeepTheirLimits() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Beloved")
        #expect(cli.run("review", id, "Haunting.", "--spoilers").exitCode == 0)
        let book = try cli.show(id)
        #expect(book["review"] as? String == "Haunting.")
        #expect(book["reviewHasSpoilers"] as? Bool == true)

        let long = cli.run("note", id, String(repeating: "n", count: 5_001))
        #expect(long.exitCode == 2)
        #expect(long.error.contains("notes is 5001 characters long; the limit is 5000"))
        _ = cli.run("note", id, "first")
        _ = cli.run("note", id, "second", "--append")
        #expect(try cli.show(id)["notes"] as? String == "first\nsecond")
    }

    @Test func aReviewCanComeFromAFileButNotAMissingOne() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Beloved")
        let file = cli.dataDirectory.appendingPathComponent("review.txt")
        try "From a file.\nTwo lines.".write(to: file, atomically: true, encoding: .utf8)
        #expect(cli.run("review", id, "--file", file.path).exitCode == 0)
        #expect(try cli.show(id)["review"] as? String == "From a file.\nTwo lines.")
        let missing = cli.run("review", id, "--file", "/nonexistent/review.txt")
        #expect(missing.exitCode == 1)
        #expect(missing.error.contains("cannot read /nonexistent/review.txt"))
    }

    @Test func tagsAreAddedOnceAndFilterTheList() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Solaris")
        _ = try cli.add("Roadside Picnic")
        #expect(cli.run("tag", "add", id, "Sci-Fi", "classics").output.contains("Tagged: Sci-Fi, classics"))
        #expect(cli.run("tag", "add", id, "sci-fi").output.contains("No new tags."))
        let filtered = cli.run("list", "--tag", "SCI-FI")
        #expect(filtered.output.contains("Solaris"))
        #expect(!filtered.output.contains("Roadside Picnic"))
        _ = cli.run("tag", "remove", id, "sci-fi")
        #expect(try cli.show(id)["tags"] as? [String] == ["classics"])
        #expect(cli.run("tag", "add", id, String(repeating: "x", count: 65)).exitCode == 2)
    }

    @Test func favoritesAreMarkedAndFiltered() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Solaris")
        _ = try cli.add("Roadside Picnic")
        _ = cli.run("favorite", id)
        let favorites = cli.run("list", "--favorite")
        #expect(favorites.output.contains("Solaris"))
        #expect(!favorites.output.contains("Roadside Picnic"))
        _ = cli.run("favorite", id, "--off")
        #expect(cli.run("list", "--favorite").output.contains("No books match."))
    }

    @Test func quotesAndSessionsAreKept() throws {
        let cli = try CLIHarness()
        let id = try cli.add("The Left Hand of Darkness", "--pages", "304")
        #expect(cli.run("quote", "add", id, "Light is the left hand of darkness", "--page", "233").exitCode == 0)
        #expect(cli.run("quote", "list", id).output.contains("“Light is the left hand of darkness” (p. 233)"))
        #expect(cli.run("quote", "add", id, "Too far", "--page", "999").exitCode == 2)

        #expect(cli.run("session", "add", id, "--minutes", "45", "--pages", "30", "--date", "2026-11-20").exitCode == 0)
        #expect(cli.run("session", "add", id, "--minutes", "20").exitCode == 0)
        let sessions = cli.run("session", "list", id)
        #expect(sessions.output.contains("2026-11-20    45 min    30 pages"))
        #expect(sessions.output.contains("Total: 2 sessions, 65 min, 30 pages."))
        #expect(cli.run("session", "add", id, "--minutes", "2000").exitCode == 2)
        #expect(cli.run("session", "add", id, "--minutes", "10", "--date", "yesterday").exitCode == 2)
    }

    @Test func removingABookDeletesItButNotItsAuthor() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Solaris", "--author", "Stanisław Lem")
        let removed = cli.run("remove", id)
        #expect(removed.output.contains("Removed Solaris — Stanisław Lem"))
        #expect(cli.run("show", id).exitCode == 1)
        let again = try cli.show(try cli.add("The Cyberiad", "--author", "Stanislaw Lem"))
        #expect((again["authors"] as? [[String: Any]])?.first?["name"] as? String == "Stanisław Lem")
    }
}

@Suite struct NamingBooks {
    @Test func aBookCanBeNamedByIdPrefixISBNOrTitlePiece() throws {
        let cli = try CLIHarness()
        let id = try cli.add("Dune", "--author", "Frank Herbert", "--isbn", "0441172717")
        _ = try cli.add("Dune Messiah", "--author", "Frank Herbert")
        #expect(cli.run("show", String(id.prefix(8))).output.contains("Id:           \(id)"))
        #expect(cli.run("show", "978-0-441-17271-9").output.contains("Id:           \(id)"))
        #expect(cli.run("show", "messiah").output.contains("Dune Messiah"))
        // "dune" is a piece of both titles, but exactly one title is "Dune".
        #expect(cli.run("show", "dune").output.contains("Id:           \(id)"))
    }

    @Test func anAmbiguousNameListsTheCandidates() throws {
        let cli = try CLIHarness()
        _ = try cli.add("The Fellowship of the Ring")
        _ = try cli.add("The Return of the King")
        let result = cli.run("show", "of the")
        #expect(result.exitCode == 1)
        #expect(result.error.contains("\"of the\" matches 2 books; name one by id:"))
        #expect(result.error.contains("The Fellowship of the Ring"))
        #expect(result.error.contains("The Return of the King"))
    }

    @Test func anUnknownNameSaysHowToNameABook() throws {
        let cli = try CLIHarness()
        let result = cli.run("finish", "nothing like this")
        #expect(result.exitCode == 1)
        #expect(result.error.contains("no book matches \"nothing like this\""))
    }
}
