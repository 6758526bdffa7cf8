import Foundation
import Testing

@testable import BooksTrackCLI

@Suite struct ReadingFromTheTerminal {
    @Test func progressStartsTheBookAndTheLastPageFinishesIt() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune", "--author", "Frank Herbert", "--pages", "412")
        let started = await cli.run("progress", "dune", "120")
        #expect(started.exitCode == 0)
        #expect(started.output.contains("Dune — Frank Herbert: Reading, p. 120/412 (29%)"))
        cli.advance(days: 3)
        let finished = await cli.run("progress", "dune", "412")
        #expect(finished.output.contains("Finished!"))
        let book = try await cli.show(id)
        #expect(book["status"] as? String == "read")
        #expect(book["progress"] as? Double == 1)
        #expect(book["dateCompleted"] as? String == "2026-11-25T09:00:00Z")
    }

    @Test func aPageBeyondTheLastIsRefusedAndNothingChanges() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune", "--pages", "412")
        _ = await cli.run("progress", id, "100")
        let result = await cli.run("progress", id, "413")
        #expect(result.exitCode == 2)
        #expect(result.error.contains("page 413 is past the last page (412)"))
        #expect(try await cli.show(id)["currentPage"] as? Int == 100)
    }

    @Test func percentProgressWorksForBooksWithoutPages() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Piranesi")
        let result = await cli.run("progress", id, "45%")
        #expect(result.output.contains("Piranesi: Reading, 45%"))
        #expect(await cli.run("progress", id, "140%").exitCode == 2)
        #expect(await cli.run("progress", id, "lots").error.contains("not a page number or a percentage"))
    }

    @Test func theShowPageForecastsTheFinish() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Middlemarch", "--pages", "880")
        _ = await cli.run("start", id)
        cli.advance(days: 4)
        _ = await cli.run("progress", id, "200")
        let show = await cli.run("show", id)
        #expect(show.output.contains("Pace:         50.0 pages/day"))
        // 680 pages left at 50 a day: 14 days after 2026-11-26.
        #expect(show.output.contains("Finish by:    2026-12-10"))
    }

    @Test func finishingThenStartingIsAReRead() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Kindred", "--pages", "264", "--status", "reading")
        cli.advance(days: 5)
        _ = await cli.run("finish", id)
        cli.advance(days: 100)
        let again = await cli.run("start", id)
        #expect(again.output.contains("Started a re-read"))
        let book = try await cli.show(id)
        let history = try #require(book["readHistory"] as? [[String: Any]])
        #expect(history.count == 1)
        #expect(history.first?["outcome"] as? String == "read")
        #expect(book["currentPage"] as? Int == 0)
    }

    @Test func stopHoldAndStatusMoveTheBook() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Ulysses", "--status", "reading")
        #expect(await cli.run("hold", id).output.contains("On Hold"))
        #expect(await cli.run("stop", id).output.contains("Did Not Finish"))
        #expect(try await cli.show(id)["dateStopped"] as? String == "2026-11-22T09:00:00Z")
        #expect(await cli.run("status", id, "TBR - To Be Read").output.contains("To Read"))
        let bad = await cli.run("status", id, "somewhere")
        #expect(bad.exitCode == 2)
        #expect(bad.error.contains("unknown status \"somewhere\""))
    }

    @Test func acquiringMovesAWishlistBookIntoTheOwnedLibrary() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("The Fifth Season", "--author", "N. K. Jemisin", "--status", "wishlist", "--isbn", "9780316229296", "--pages", "468")
        #expect(try await cli.show(id)["owned"] as? Bool == false)
        cli.advance(days: 2)
        let result = await cli.run("acquire", id)
        #expect(result.exitCode == 0, "\(result.error)")
        let book = try await cli.show(id)
        #expect(book["owned"] as? Bool == true)
        #expect(book["status"] as? String == "toRead")
        #expect(book["dateAdded"] as? String == "2026-11-22T09:00:00Z")
        let again = await cli.run("acquire", id)
        #expect(again.exitCode == 2)
        #expect(again.error.contains("only wishlist books can be acquired; this one is To Read"))
    }

    @Test func acquiringWithEditionDetailsRecordsThatCopy() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Piranesi", "--status", "wishlist")
        let result = await cli.run("acquire", id, "--format", "hardcover", "--pages", "272", "--status", "reading")
        #expect(result.exitCode == 0, "\(result.error)")
        let book = try await cli.show(id)
        let edition = try #require(book["edition"] as? [String: Any])
        #expect(edition["format"] as? String == "hardcover")
        #expect(edition["pageCount"] as? Int == 272)
        #expect(book["status"] as? String == "reading")
    }
}

@Suite struct Opinions {
    @Test func ratingsAreQuarterStepsUpToFive() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Beloved")
        #expect(await cli.run("rate", id, "4.75").exitCode == 0)
        #expect(try await cli.show(id)["rating"] as? Double == 4.75)
        let bad = await cli.run("rate", id, "6")
        #expect(bad.exitCode == 2)
        #expect(bad.error.contains("rating 6.0 is out of range: 0.25–5 in quarter steps"))
        #expect(try await cli.show(id)["rating"] as? Double == 4.75)
        _ = await cli.run("rate", id, "--clear")
        #expect(try await cli.show(id)["rating"] == nil)
    }

    @Test func reviewsAndNotesKeepTheirLimits() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Beloved")
        #expect(await cli.run("review", id, "Haunting.", "--spoilers").exitCode == 0)
        let book = try await cli.show(id)
        #expect(book["review"] as? String == "Haunting.")
        #expect(book["reviewHasSpoilers"] as? Bool == true)

        let long = await cli.run("note", id, String(repeating: "n", count: 5_001))
        #expect(long.exitCode == 2)
        #expect(long.error.contains("notes is 5001 characters long; the limit is 5000"))
        _ = await cli.run("note", id, "first")
        _ = await cli.run("note", id, "second", "--append")
        #expect(try await cli.show(id)["notes"] as? String == "first\nsecond")
    }

    @Test func aReviewCanComeFromAFileButNotAMissingOne() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Beloved")
        let file = cli.dataDirectory.appendingPathComponent("review.txt")
        try "From a file.\nTwo lines.".write(to: file, atomically: true, encoding: .utf8)
        #expect(await cli.run("review", id, "--file", file.path).exitCode == 0)
        #expect(try await cli.show(id)["review"] as? String == "From a file.\nTwo lines.")
        let missing = await cli.run("review", id, "--file", "/nonexistent/review.txt")
        #expect(missing.exitCode == 1)
        #expect(missing.error.contains("cannot read /nonexistent/review.txt"))
    }

    @Test func tagsAreAddedOnceAndFilterTheList() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Solaris")
        _ = try await cli.add("Roadside Picnic")
        #expect(await cli.run("tag", "add", id, "Sci-Fi", "classics").output.contains("Tagged: Sci-Fi, classics"))
        #expect(await cli.run("tag", "add", id, "sci-fi").output.contains("No new tags."))
        let filtered = await cli.run("list", "--tag", "SCI-FI")
        #expect(filtered.output.contains("Solaris"))
        #expect(!filtered.output.contains("Roadside Picnic"))
        _ = await cli.run("tag", "remove", id, "sci-fi")
        #expect(try await cli.show(id)["tags"] as? [String] == ["classics"])
        #expect(await cli.run("tag", "add", id, String(repeating: "x", count: 65)).exitCode == 2)
    }

    @Test func favoritesAreMarkedAndFiltered() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Solaris")
        _ = try await cli.add("Roadside Picnic")
        _ = await cli.run("favorite", id)
        let favorites = await cli.run("list", "--favorite")
        #expect(favorites.output.contains("Solaris"))
        #expect(!favorites.output.contains("Roadside Picnic"))
        _ = await cli.run("favorite", id, "--off")
        #expect(await cli.run("list", "--favorite").output.contains("No books match."))
    }

    @Test func quotesAndSessionsAreKept() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("The Left Hand of Darkness", "--pages", "304")
        #expect(await cli.run("quote", "add", id, "Light is the left hand of darkness", "--page", "233").exitCode == 0)
        #expect(await cli.run("quote", "list", id).output.contains("“Light is the left hand of darkness” (p. 233)"))
        #expect(await cli.run("quote", "add", id, "Too far", "--page", "999").exitCode == 2)

        #expect(await cli.run("session", "add", id, "--minutes", "45", "--pages", "30", "--date", "2026-11-20").exitCode == 0)
        #expect(await cli.run("session", "add", id, "--minutes", "20").exitCode == 0)
        let sessions = await cli.run("session", "list", id)
        #expect(sessions.output.contains("2026-11-20    45 min    30 pages"))
        #expect(sessions.output.contains("Total: 2 sessions, 65 min, 30 pages."))
        #expect(await cli.run("session", "add", id, "--minutes", "2000").exitCode == 2)
        #expect(await cli.run("session", "add", id, "--minutes", "10", "--date", "yesterday").exitCode == 2)
    }

    @Test func removingABookDeletesItButNotItsAuthor() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Solaris", "--author", "Stanisław Lem")
        let removed = await cli.run("remove", id)
        #expect(removed.output.contains("Removed Solaris — Stanisław Lem"))
        #expect(await cli.run("show", id).exitCode == 1)
        let again = try await cli.show(try await cli.add("The Cyberiad", "--author", "Stanislaw Lem"))
        #expect((again["authors"] as? [[String: Any]])?.first?["name"] as? String == "Stanisław Lem")
    }
}

@Suite struct NamingBooks {
    @Test func aBookCanBeNamedByIdPrefixISBNOrTitlePiece() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune", "--author", "Frank Herbert", "--isbn", "0441172717")
        _ = try await cli.add("Dune Messiah", "--author", "Frank Herbert")
        #expect(await cli.run("show", String(id.prefix(8))).output.contains("Id:           \(id)"))
        #expect(await cli.run("show", "978-0-441-17271-9").output.contains("Id:           \(id)"))
        #expect(await cli.run("show", "messiah").output.contains("Dune Messiah"))
        // "dune" is a piece of both titles, but exactly one title is "Dune".
        #expect(await cli.run("show", "dune").output.contains("Id:           \(id)"))
    }

    @Test func anAmbiguousNameListsTheCandidates() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("The Fellowship of the Ring")
        _ = try await cli.add("The Return of the King")
        let result = await cli.run("show", "of the")
        #expect(result.exitCode == 1)
        #expect(result.error.contains("\"of the\" matches 2 books; name one by id:"))
        #expect(result.error.contains("The Fellowship of the Ring"))
        #expect(result.error.contains("The Return of the King"))
    }

    @Test func anUnknownNameSaysHowToNameABook() async throws {
        let cli = try CLIHarness()
        let result = await cli.run("finish", "nothing like this")
        #expect(result.exitCode == 1)
        #expect(result.error.contains("no book matches \"nothing like this\""))
    }
}

@Suite struct NamingQuotes {
    @Test func quotesAddedTogetherCanEachBeRemovedByTheIdShown() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("The Dispossessed", "--author", "Ursula K. Le Guin", "--pages", "400")
        for page in 1...5 { _ = await cli.run("quote", "add", id, "Quote on page \(page)", "--page", "\(page)") }
        let shown = await cli.run("quote", "list", id).output.split(separator: "\n").map { String($0.prefix(8)) }
        #expect(shown.count == 5)
        #expect(Set(shown).count == 5)
        for prefix in shown { #expect(await cli.run("quote", "remove", id, prefix).exitCode == 0) }
        #expect(await cli.run("quote", "list", id).output.contains("No quotes"))
    }
}
