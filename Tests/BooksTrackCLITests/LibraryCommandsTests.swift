import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import Foundation
import Testing

@testable import BooksTrackCLI

@Suite struct AddingAndListing {
    @Test func aBookAddedByHandShowsUpInTheListAndInFull() async throws {
        let cli = try CLIHarness()
        let added = await cli.run(
            "add", "The Left Hand of Darkness", "--author", "Ursula K. Le Guin", "--isbn", "978-0-441-47812-5",
            "--pages", "304", "--format", "paperback", "--publisher", "Ace", "--year", "1969", "--owned"
        )
        #expect(added.exitCode == 0, "\(added.error)")
        #expect(added.output.contains("Added The Left Hand of Darkness — Ursula K. Le Guin: To Read"))

        let list = await cli.run("list")
        #expect(list.exitCode == 0)
        #expect(list.output.contains("The Left Hand of Darkness"))
        #expect(list.output.contains("1 book."))

        let show = await cli.run("show", "left hand")
        #expect(show.output.contains("by Ursula K. Le Guin"))
        #expect(show.output.contains("Paperback, Ace, 1969, 304 pages"))
        #expect(show.output.contains("ISBN:         978-0-441-47812-5 (ISBN-10 0441478123)"))
        #expect(show.output.contains("Owned:        yes"))
    }

    @Test func theDataDirectoryAndTheDefaultUserAreCreatedOnFirstUse() async throws {
        let cli = try CLIHarness()
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory.path))
        let list = await cli.run("list")
        #expect(list.exitCode == 0)
        #expect(list.output.contains("No books match."))
        #expect(FileManager.default.fileExists(atPath: cli.dataDirectory.appendingPathComponent("library.sqlite").path))
    }

    @Test func aSeriesInTheTitleIsKeptAsTheSeries() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Gideon the Ninth (The Locked Tomb #1)", "--author", "Tamsyn Muir")
        let book = try await cli.show(id)
        #expect(book["title"] as? String == "Gideon the Ninth")
        #expect(book["seriesName"] as? String == "The Locked Tomb")
        #expect(book["seriesPosition"] as? Double == 1)
    }

    @Test func addingTheSameISBNTwiceIsRefused() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Dune", "--author", "Frank Herbert", "--isbn", "0441172717")
        let again = await cli.run("add", "Dune (again)", "--isbn", "9780441172719")
        #expect(again.exitCode == 2)
        #expect(again.error.contains("already in your library"))
        #expect(await cli.run("list").output.contains("1 book."))
    }

    @Test func addingTheSameTitleAndAuthorTwiceIsRefused() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("The Dispossessed", "--author", "Ursula K. Le Guin")
        let again = await cli.run("add", "the dispossessed", "--author", "Le Guin, Ursula K.")
        #expect(again.exitCode == 2)
        #expect(again.error.contains("already in your library (same title and author)"))
    }

    @Test func authorsAreSharedBetweenBooks() async throws {
        let cli = try CLIHarness()
        let first = try await cli.show(try await cli.add("The Dispossessed", "--author", "Ursula K. Le Guin"))
        let second = try await cli.show(try await cli.add("The Lathe of Heaven", "--author", "Le Guin, Ursula K."))
        let firstAuthor = (first["authors"] as? [[String: Any]])?.first?["id"] as? String
        let secondAuthor = (second["authors"] as? [[String: Any]])?.first?["id"] as? String
        #expect(firstAuthor != nil)
        #expect(firstAuthor == secondAuthor)
    }

    @Test(arguments: [
        (["add", "X", "--isbn", "0441172718"], "bad check digit"),
        (["add", "X", "--status", "finished-maybe"], "unknown status"),
        (["add", "X", "--format", "scroll"], "unknown format"),
        (["add", "X", "--pages", "0"], "pageCount 0 is out of range"),
        (["add", "X", "--year", "someday"], "is not a date"),
        (["add", "X", "--status", "wishlist", "--owned"], "a wishlist book cannot be owned"),
        (["add", "   "], "title must not be empty"),
    ])
    func badInputToAddIsExplainedAndNothingIsWritten(arguments: [String], message: String) async throws {
        let cli = try CLIHarness()
        let result = await cli.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(await cli.run("list").output.contains("No books match."))
    }

    @Test func aTitleOverTheLimitIsRefused() async throws {
        let cli = try CLIHarness()
        let result = await cli.run("add", String(repeating: "t", count: 513))
        #expect(result.exitCode == 2)
        #expect(result.error.contains("title is 513 characters long; the limit is 512"))
    }

    @Test func listFiltersSortsAndPages() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Alpha", "--status", "reading")
        cli.advance(days: 1)
        _ = try await cli.add("Bravo", "--status", "read")
        cli.advance(days: 1)
        _ = try await cli.add("Charlie", "--status", "currently-reading")

        let reading = await cli.run("list", "--status", "reading", "--sort", "title")
        let lines = reading.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1].contains("Alpha"))
        #expect(lines[2].contains("Charlie"))
        #expect(!reading.output.contains("Bravo"))

        let paged = await cli.run("list", "--limit", "2")
        #expect(paged.output.contains("Showing 1–2 of 3. Next: --page 2"))
        #expect(paged.output.contains("Charlie"))
        #expect(!paged.output.contains("Alpha"))
        let second = await cli.run("list", "--limit", "2", "--page", "2")
        #expect(second.output.contains("Alpha"))
    }

    @Test func listAsJSONIsAnArrayOfBooks() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Kindred", "--author", "Octavia E. Butler", "--status", "read", "--pages", "264")
        let result = await cli.run("list", "--json")
        let books = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(books.count == 1)
        #expect(books[0]["status"] as? String == "read")
        #expect(books[0]["currentPage"] as? Int == 264)
    }

    @Test func badListOptionsAreExplained() async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("list", "--sort", "colour").error.contains("unknown sort \"colour\""))
        #expect(await cli.run("list", "--limit", "0").exitCode == 2)
        #expect(await cli.run("list", "--status", "nonsense").exitCode == 2)
    }

    @Test func unknownOptionsAreUsageErrors() async throws {
        let cli = try CLIHarness()
        let result = await cli.run("list", "--colour")
        #expect(result.exitCode == 64)
        #expect(result.error.contains("Unknown option '--colour'"))
    }
}

@Suite struct Users {
    @Test func eachUserSeesOnlyTheirOwnLibrary() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Beloved", "--author", "Toni Morrison", "--user", "alice")
        _ = try await cli.add("Dune", "--user", "bob")
        let bob = await cli.run("list", "--user", "bob")
        #expect(bob.output.contains("Dune"))
        #expect(!bob.output.contains("Beloved"))
        let bobShow = await cli.run("show", "Beloved", "--user", "bob")
        #expect(bobShow.exitCode == 1)
        #expect(await cli.run("list", "--user", "alice").output.contains("Beloved"))
        #expect(await cli.run("list").output.contains("No books match."))
    }

    @Test func readingAsAnUnknownUserSaysSoAndCreatesNobody() async throws {
        // Given a library where only alice has books
        let cli = try CLIHarness()
        _ = try await cli.add("Beloved", "--author", "Toni Morrison", "--user", "alice")

        // When bob's library is read every way there is
        let reads = [
            await cli.run("list", "--user", "bob"), await cli.run("show", "Beloved", "--user", "bob"),
            await cli.run("insights", "--user", "bob"), await cli.run("export", "--user", "bob"),
            await cli.run("goal", "show", "--user", "bob"), await cli.run("author", "list", "--user", "bob"),
        ]

        // Then each says there is no such user, naming who there is
        for read in reads {
            #expect(read.exitCode == 1, "\(read.output)")
            #expect(read.error.contains("no user bob (users: alice)"), "\(read.error)")
        }
        // and bob was not created: adding a book is what creates him
        #expect(try LibraryDatabase(path: cli.dataDirectory.appendingPathComponent("library.sqlite").path).users().map(\.name) == ["alice"])
        _ = try await cli.add("Dune", "--user", "bob")
        #expect(await cli.run("list", "--user", "bob").output.contains("Dune"))
    }

    @Test func aDryRunImportForANewUserPreviewsWithoutCreatingThem() async throws {
        // Given a Goodreads export and no user carol
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory.appendingPathComponent("goodreads_library_export.csv")
        try #"""
            Book Id,Title,Author,ISBN13,My Rating,Exclusive Shelf,Date Added
            1,Dune,Frank Herbert,"=""9780441172719""",5,read,2024/01/02

            """#.write(to: file, atomically: true, encoding: .utf8)

        // When previewing the import for carol, then importing it
        let preview = await cli.run("import", file.path, "--dry-run", "--user", "carol")
        let usersAfterPreview = try LibraryDatabase(path: cli.dataDirectory.appendingPathComponent("library.sqlite").path).users()
        let imported = await cli.run("import", file.path, "--user", "carol")

        // Then the preview counts the book without creating carol; the import creates her
        #expect(preview.exitCode == 0, "\(preview.error)")
        #expect(usersAfterPreview.isEmpty)
        #expect(imported.exitCode == 0, "\(imported.error)")
        #expect(await cli.run("list", "--user", "carol").output.contains("Dune"))
    }

    @Test func aFreshDataFolderReadsAsAnEmptyLibraryWithoutCreatingItsUser() async throws {
        // Given a fresh data folder
        let cli = try CLIHarness()

        // When listing and asking for insights
        let list = await cli.run("list")
        let insights = await cli.run("insights")

        // Then the library is empty, and no user was made
        #expect(list.exitCode == 0, "\(list.error)")
        #expect(list.output.contains("No books match."))
        #expect(insights.exitCode == 0, "\(insights.error)")
        #expect(try LibraryDatabase(path: cli.dataDirectory.appendingPathComponent("library.sqlite").path).users().isEmpty)
    }

    @Test(arguments: ["\u{202E}", "\u{202E}\u{202E}", "\u{200B}", "bob\u{202E}", "a\u{0007}b", "\u{2066}alice\u{2069}", "\u{FEFF}"])
    func aUserNameThatCannotBeSeenIsRefused(name: String) async throws {
        // Given a library
        let cli = try CLIHarness()

        // When adding a book for a user whose name holds an invisible or control character
        let result = await cli.run("add", "Dune", "--user", name)

        // Then it is refused, naming the character, and no user is created
        #expect(result.exitCode == 2)
        #expect(result.error.contains("--user: user name holds U+"), "\(result.error)")
        #expect(result.error.contains("which cannot be seen"))
        #expect(try LibraryDatabase(path: cli.dataDirectory.appendingPathComponent("library.sqlite").path).users().isEmpty)
    }

    @Test(arguments: ["Zoë", "José María", "o'brien-2", "李小龍", "bob+books@example.org", "नमस्ते"])
    func printableNamesInAnyScriptAreAccepted(name: String) async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("add", "Dune", "--user", "  \(name) ").exitCode == 0)
        #expect(await cli.run("list", "--user", name).output.contains("Dune"))
    }
}

@Suite struct DataDirectory {
    @Test func theDataDirectoryFollowsTheEnvironment() async {
        #expect(DataFolder.location(explicit: nil, environment: ["BOOKSTRACK_DATA_DIR": "/data/bt", "XDG_DATA_HOME": "/x"]).path == "/data/bt")
        #expect(DataFolder.location(explicit: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/home/u"]).path == "/x/bookstrack")
        #expect(DataFolder.location(explicit: nil, environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/bookstrack")
        #expect(DataFolder.location(explicit: "/explicit", environment: ["BOOKSTRACK_DATA_DIR": "/data/bt"]).path == "/explicit")
    }
}
