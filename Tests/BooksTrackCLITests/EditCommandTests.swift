import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackCLI

/// `bookstrack edit`: every field of a book from the terminal, through the one parser of a reader's edit.
@Suite struct EditCommandTests {
    func leftHand(_ cli: CLIHarness) async throws -> String {
        try await cli.add(
            "The Left Hand of Darkness", "--author", "Ursula K. Le Guin", "--isbn", "978-0-441-47812-5",
            "--pages", "304", "--format", "paperback", "--publisher", "Ace", "--year", "1969", "--owned"
        )
    }

    func decoded(_ output: String) throws -> BookResource {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(BookResource.self, from: Data(output.utf8))
    }

    @Test func editingTitlePagesAndSeriesPrintsEachChangeAndKeepsIt() async throws {
        let cli = try CLIHarness()
        let id = try await leftHand(cli)

        let result = await cli.run("edit", "left hand", "--title", "The Left Hand of Darkness (Ace Science Fiction Special)",
                                   "--pages", "320", "--series", "Hainish Cycle #4")

        #expect(result.exitCode == 0, "\(result.error)")
        #expect(result.output.contains("Title:        The Left Hand of Darkness → The Left Hand of Darkness (Ace Science Fiction Special)"))
        #expect(result.output.contains("Pages:        304 → 320\n"))
        #expect(result.output.contains("Series:       (none) → Hainish Cycle #4\n"))
        let book = try await cli.show(id)
        #expect(book["title"] as? String == "The Left Hand of Darkness (Ace Science Fiction Special)")
        #expect((book["edition"] as? [String: Any])?["pageCount"] as? Int == 320)
        #expect(book["seriesName"] as? String == "Hainish Cycle")
        #expect(book["seriesPosition"] as? Double == 4)
        #expect(Set(book["readerSetFields"] as? [String] ?? []).isSuperset(of: ["title", "pageCount", "seriesName", "seriesPosition"]))
    }

    @Test func anOmnibusSeriesRangeIsKept() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("The Earthsea Quartet")

        #expect(await cli.run("edit", id, "--series", "Earthsea #1-4").exitCode == 0)

        let book = try await cli.show(id)
        #expect(book["seriesPosition"] as? Double == 1)
        #expect(book["seriesPositionEnd"] as? Double == 4)
        let shown = await cli.run("show", id).output
        #expect(shown.contains("Series: Earthsea #1-4  (yours)"))
        #expect(!shown.contains("Emptied by you"))
        #expect(await cli.run("edit", id, "--clear", "series").output.contains("Series:       Earthsea #1-4 → (none)"))
        #expect(await cli.run("show", id).output.contains("Emptied by you: seriesName\n"))
    }

    @Test func authorsAreReplacedInOrderAndPeopleWithRolesAddedAndRemoved() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Saga, Volume One", "--author", "Someone Else")

        let replaced = await cli.run("edit", id, "--author", "Brian K. Vaughan", "--author", "Fiona Staples (illustrator)")
        let added = await cli.run("edit", id, "--add-author", "Neil Gaiman (contributor)", "--remove-author", "fiona staples")

        #expect(replaced.exitCode == 0, "\(replaced.error)")
        #expect(replaced.output.contains("Authors:      Someone Else → Brian K. Vaughan"))
        #expect(replaced.output.contains("With:         (none) → Fiona Staples (illustrator)"))
        #expect(added.exitCode == 0, "\(added.error)")
        let book = try decoded(await cli.run("show", id, "--json").output)
        #expect(book.authors.map(\.name) == ["Brian K. Vaughan"])
        #expect(book.contributors.map { "\($0.name) (\($0.role))" } == ["Neil Gaiman (contributor)"])
        #expect(await cli.run("show", id).output.contains("With Neil Gaiman (contributor)  (yours)"))
    }

    @Test func genresAreReplacedThenAddedToAndRemovedFromWithoutCase() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("A Wizard of Earthsea")

        let replaced = await cli.run("edit", id, "--genre", "Fantasy", "--genre", "Classics")
        let edited = await cli.run("edit", id, "--add-genre", "Coming of Age", "--remove-genre", "fantasy")

        #expect(replaced.exitCode == 0 && edited.exitCode == 0, "\(replaced.error)\(edited.error)")
        #expect(edited.output.contains("Genres:       Fantasy, Classics → Classics, Coming of Age"))
        #expect(try await cli.show(id)["genres"] as? [String] == ["Classics", "Coming of Age"])
    }

    @Test func anISBN10IsKeptAsItsISBN13AndAddedAndRemoved() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune", "--author", "Frank Herbert")

        let set = await cli.run("edit", id, "--isbn", "0441172717")
        let added = await cli.run("edit", id, "--add-isbn", "978-0-593-09932-2", "--remove-isbn", "9780441172719")

        #expect(set.exitCode == 0, "\(set.error)")
        #expect(set.output.contains("ISBN:         (none) → 978-0-441-17271-9"))
        #expect(added.exitCode == 0, "\(added.error)")
        let edition = try #require(try await cli.show(id)["edition"] as? [String: Any])
        #expect(edition["isbn13"] as? [String] == ["9780593099322"])
    }

    @Test func anISBNWithABadCheckDigitIsRefusedNamingTheDigit() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune", "--author", "Frank Herbert", "--pages", "412")

        let result = await cli.run("edit", id, "--isbn", "0441172718", "--pages", "500")

        #expect(result.exitCode == 2)
        #expect(result.error.contains("isbns \"0441172718\""))
        #expect(result.error.contains("bad check digit: expected 7, found 8"), "\(result.error)")
        #expect((try await cli.show(id)["edition"] as? [String: Any])?["pageCount"] as? Int == 412)
    }

    @Test func clearingAFieldEmptiesItAndShowSaysTheReaderEmptiedIt() async throws {
        let cli = try CLIHarness()
        let id = try await leftHand(cli)
        #expect(await cli.run("edit", id, "--subtitle", "A Novel", "--genre", "Science Fiction").exitCode == 0)

        let result = await cli.run("edit", id, "--clear", "subtitle", "--clear", "pages", "--clear", "genres")

        #expect(result.exitCode == 0, "\(result.error)")
        #expect(result.output.contains("Subtitle:     A Novel → (none)"))
        #expect(result.output.contains("Pages:        304 → (none)"))
        let book = try await cli.show(id)
        #expect(book["subtitle"] == nil)
        #expect((book["edition"] as? [String: Any])?["pageCount"] == nil)
        #expect(book["genres"] as? [String] == [])
        let shown = await cli.run("show", id)
        #expect(shown.output.contains("Emptied by you: subtitle, genres, pageCount"), "\(shown.output)")
    }

    @Test func aFieldGivenAValueAndClearedInOneEditIsRefused() async throws {
        let cli = try CLIHarness()
        let id = try await leftHand(cli)

        let result = await cli.run("edit", id, "--pages", "300", "--clear", "page-count")

        #expect(result.exitCode == 2)
        #expect(result.error.contains("pageCount is given a value in the same edit"))
    }

    @Test func showListsEveryStoredFieldAndMarksTheReadersOwn() async throws {
        let cli = try CLIHarness()
        let id = try await leftHand(cli)

        let edit = await cli.run(
            "edit", id, "--country", "US", "--original-language", "en", "--genre", "Science Fiction",
            "--description", "An envoy on the winter planet Gethen.", "--theme", "Gender", "--content-warning", "Cold",
            "--award", "Hugo Award", "--difficulty", "moderate", "--translator", "Nobody Atall", "--narrator", "George Guidall",
            "--audio-minutes", "680", "--recommended-by", "Ana", "--would-recommend", "yes", "--discussion-notes", "Ask about the ice.",
            "--cultural-goal", "yes", "--cultural-category", "Classics", "--daily-goal", "20", "--public", "yes",
            "--cover-url", "https://covers.example.org/lhod.jpg", "--language", "en", "--edition-title", "50th anniversary"
        )
        let shown = await cli.run("show", id)

        #expect(edit.exitCode == 0, "\(edit.error)")
        for line in [
            "First published: 1969\n", "Country:      US  (yours)\n", "Written in:   en  (yours)\n",
            "Genres:       Science Fiction  (yours)\n", "Themes:       Gender  (yours)\n", "Warnings:     Cold  (yours)\n",
            "Awards:       Hugo Award  (yours)\n", "Difficulty:   Moderate  (yours)\n",
            "Edition:      Paperback, 50th anniversary edition, Ace, 1969, 304 pages  (yours)\n", "Language:     en  (yours)\n",
            "Translator:   Nobody Atall  (yours)\n", "Narrator:     George Guidall  (yours)\n", "Audiobook:    11 h 20 min  (yours)\n",
            "ISBN:         978-0-441-47812-5 (ISBN-10 0441478123)\n", "Cover:        https://covers.example.org/lhod.jpg  (yours)\n",
            "Daily goal:   20 pages\n", "Public:       yes\n", "Recommended:  by Ana\n", "Recommend it: yes\n",
            "Cultural goal: yes (Classics)\n", "Description:  (yours)\n  An envoy on the winter planet Gethen.\n",
            "Discussion notes:\n  Ask about the ice.\n",
        ] {
            #expect(shown.output.contains(line), "missing \(line)")
        }
        #expect(!shown.output.contains("Emptied by you"))
    }

    @Test func yesAndNoFlagsAndDaysAreReadByTheSameParser() async throws {
        let cli = try CLIHarness()
        let id = try await leftHand(cli)

        let result = await cli.run("edit", id, "--favorite", "yes", "--spoilers", "no", "--owned", "no", "--status", "reading",
                                   "--started", "2026-11-01", "--rating", "4.25")

        #expect(result.exitCode == 0, "\(result.error)")
        let book = try decoded(await cli.run("show", id, "--json").output)
        #expect(book.isFavorite)
        #expect(!book.owned)
        #expect(book.status == "reading")
        #expect(book.rating == 4.25)
        #expect(book.dateStarted.map(ISO8601Text.day) == "2026-11-01")
    }

    @Test(arguments: [
        (["--year", "1234567890123456789"], "firstPublicationYear \"1234567890123456789\" is not a year from -9,999 to 9,999"),
        (["--pages", "0"], "pageCount \"0\" is not a whole number from 1 to 100,000"),
        (["--pages", "-5"], "pageCount \"-5\" is not a whole number from 1 to 100,000"),
        (["--pages", "1000000000000"], "pageCount \"1000000000000\" is not a whole number from 1 to 100,000"),
        (["--title", String(repeating: "t", count: 20_000)], "title is 20000 characters long; the limit is 512"),
        (["--title", "\u{1B}\u{07}\u{0}"], "title must not be empty"),
        (["--cover-url", "http://covers.example.org/a.jpg"], "coverImageURL \"http://covers.example.org/a.jpg\" is not an https:// address"),
        (["--cover-url", "javascript:alert(1)"], "coverImageURL \"javascript:alert(1)\" is not an https:// address"),
        (["--clear", "colour"], "--clear: no field \"colour\""),
        (["--clear", "title"], "title must not be empty"),
        (["--rating", "7"], "rating 7"),
        (["--owned", "maybe"], "owned \"maybe\" is not yes or no"),
        (["--started", "2024-13-45"], "dateStarted \"2024-13-45\" is not a day"),
        (["--daily-goal", "99999999999999999999"], "dailyReadingGoal"),
    ])
    func hostileInputIsRefusedNamingTheFieldAndChangesNothing(arguments: [String], message: String) async throws {
        let cli = try CLIHarness()
        let id = try await leftHand(cli)
        let before = await cli.run("show", id, "--json").output

        let result = await cli.run(["edit", id] + arguments)

        #expect(result.exitCode == 2)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.error.count < 2_000)
        #expect(await cli.run("show", id, "--json").output == before)
    }

    @Test func controlCharactersInATitleAreRemovedAndNeverReachTheTerminal() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune")

        let result = await cli.run("edit", id, "--title", "Du\u{1B}]0;owned\u{07}ne\u{1B}[31m", "--notes", "line\u{1B}[2Jone")
        let shown = await cli.run("show", id)

        #expect(result.exitCode == 0, "\(result.error)")
        for output in [result.output, shown.output] {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        }
        let title = try #require(try await cli.show(id)["title"] as? String)
        #expect(!title.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func anISBNAnotherBookHoldsIsRefused() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Kindred", "--author", "Octavia E. Butler", "--isbn", "9780807083697")
        let id = try await cli.add("Dune", "--author", "Frank Herbert")

        let result = await cli.run("edit", id, "--isbn", "0807083690")

        #expect(result.exitCode == 2)
        #expect(result.error.contains("ISBN 9780807083697 belongs to another book of your library, \"Kindred\""), "\(result.error)")
        #expect((try await cli.show(id)["edition"] as? [String: Any]) == nil)
    }

    @Test func anEditWithoutAFieldIsRefusedWithWhatCanBeEdited() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("Dune")

        let result = await cli.run("edit", id)

        #expect(result.exitCode == 2)
        for flag in ["--title", "--pages", "--series", "--isbn", "--status", "--finished", "--clear FIELD", "--add-/--remove-author"] {
            #expect(result.error.contains(flag), "missing \(flag)")
        }
    }

    @Test func anUnknownBookIsReportedAsTheOtherCommandsReportIt() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Dune")

        let result = await cli.run("edit", "no such book", "--pages", "3")

        #expect(result.exitCode == 1)
        #expect(result.error.contains("no book matches \"no such book\""))
    }

    @Test func jsonPrintsTheEditedBookAsABookResource() async throws {
        let cli = try CLIHarness()
        let id = try await leftHand(cli)

        let result = await cli.run("edit", id, "--pages", "320", "--add-genre", "Science Fiction", "--json")

        #expect(result.exitCode == 0, "\(result.error)")
        let book = try decoded(result.output)
        #expect(book.id == id)
        #expect(book.edition?.pageCount == 320)
        #expect(book.genres == ["Science Fiction"])
        #expect(book.readerSetFields == ["genres", "pageCount"])
    }

    @Test func everyFieldHasAFlagAndEveryFlagParses() throws {
        #expect(Set(EditCommand.flags.map(\.field)) == Set(BookField.allCases))
        for (flag, field) in EditCommand.flags {
            #expect(throws: Never.self, "--\(flag)") { _ = try EditCommand.parse(["dune", "--" + flag, "x"]) }
            #expect(try EditCommand.field(named: flag) == field)
            #expect(try EditCommand.field(named: field.rawValue) == field)
        }
    }

    @Test func anEditOfAGoodreadsBookStandsWhenTheSameFileIsImportedAgain() async throws {
        // Given a Goodreads export imported, and one of its books edited by hand
        let cli = try CLIHarness()
        let file = try #require(Bundle.module.url(forResource: "goodreads_library_export", withExtension: "csv", subdirectory: "Fixtures/Tour"))
        #expect(await cli.run("import", file.path).exitCode == 0)
        let edited = await cli.run("edit", "kindred", "--pages", "300", "--title", "Kindred (25th Anniversary)")
        #expect(edited.exitCode == 0, "\(edited.error)")

        // When the same file is imported again
        let again = await cli.run("import", file.path)

        // Then the edit stands and no second copy of the book is made
        #expect(again.exitCode == 0, "\(again.error)")
        let book = try await cli.show("9780807083697")
        #expect(book["title"] as? String == "Kindred (25th Anniversary)")
        #expect((book["edition"] as? [String: Any])?["pageCount"] as? Int == 300)
        #expect(!(await cli.run("list", "--all").output.contains("Kindred  ")))
        #expect(await cli.run("list", "--all").output.components(separatedBy: "Kindred").count == 2)
    }
}

extension EditCommandTests {
    /// `bookstrack edition` and `bookstrack cover`.
    @Suite struct EditionsAndCovers {
        /// A book owned in a paperback, 100 pages read.
        func ownedAndStarted(_ cli: CLIHarness) async throws -> String {
            let id = try await cli.add(
                "The Left Hand of Darkness", "--author", "Ursula K. Le Guin", "--isbn", "978-0-441-47812-5",
                "--pages", "304", "--format", "paperback", "--publisher", "Ace", "--owned"
            )
            #expect(await cli.run("progress", id, "100").exitCode == 0)
            return id
        }

        /// The short id `edition list` prints on the line that holds `text`.
        func editionID(_ list: String, holding text: String) throws -> String {
            let line = try #require(list.split(separator: "\n").first { $0.contains(text) })
            return String(try #require(line.split(separator: " ").first))
        }

        @Test func editionsAreListedAddedChosenAndRemovedAndProgressIsKept() async throws {
            let cli = try CLIHarness()
            let id = try await ownedAndStarted(cli)

            let added = await cli.run("edition", "add", id, "--isbn", "9780575094734", "--pages", "256", "--format", "ebook", "--publisher", "Gollancz")
            let list = await cli.run("edition", "list", id)
            #expect(added.exitCode == 0, "\(added.error)")
            #expect(added.output.contains("E-book, ISBN 978-0-575-09473-4, 256 pages, Gollancz"))
            #expect(list.output.contains("Paperback, ISBN 978-0-441-47812-5, 304 pages, Ace  ← your copy"))
            #expect(list.output.contains("E-book, ISBN 978-0-575-09473-4, 256 pages, Gollancz\n"))
            let ebook = try editionID(list.output, holding: "Gollancz")

            let chosen = await cli.run("edition", "choose", id, ebook)
            #expect(chosen.exitCode == 0, "\(chosen.error)")
            var book = try await cli.show(id)
            #expect((book["edition"] as? [String: Any])?["isbn13"] as? [String] == ["9780575094734"])
            #expect(book["owned"] as? Bool == true)
            #expect(await cli.run("show", id).output.contains("E-book, ISBN 978-0-575-09473-4, 256 pages, Gollancz  ← your copy"))

            let removed = await cli.run("edition", "remove", id, ebook)
            #expect(removed.exitCode == 0, "\(removed.error)")
            #expect(removed.output.contains("It was your copy: the book is no longer owned; your progress is kept."))
            book = try await cli.show(id)
            #expect(book["owned"] as? Bool == false)
            #expect(book["status"] as? String == "reading")
            #expect(book["currentPage"] as? Int == 100)
            let remaining = await cli.run("edition", "list", id)
            #expect(!remaining.output.contains("Gollancz"))
            #expect(remaining.output.contains("None is your copy"))
        }

        @Test func anEditionAddedAsMineIsTheReadersCopy() async throws {
            let cli = try CLIHarness()
            let id = try await ownedAndStarted(cli)

            let added = await cli.run("edition", "add", id, "--isbn", "0575094737", "--format", "hardcover", "--mine", "--json")

            #expect(added.exitCode == 0, "\(added.error)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any])
            #expect((object["edition"] as? [String: Any])?["isbn13"] as? [String] == ["9780575094734"])
            #expect((object["edition"] as? [String: Any])?["format"] as? String == "hardcover")
        }

        @Test func editionsAreNamedByAPrefixThatNamesOneOfThisBooksEditions() async throws {
            let cli = try CLIHarness()
            let id = try await ownedAndStarted(cli)
            #expect(await cli.run("edition", "add", id, "--isbn", "9780575094734").exitCode == 0)

            let notHex = await cli.run("edition", "choose", id, "zz")
            let none = await cli.run("edition", "choose", id, "ffffffff")
            let several = await cli.run("edition", "choose", id, "0")
            let heldBySameBook = await cli.run("edition", "add", id, "--isbn", "9780441478125")
            let nothing = await cli.run("edition", "add", id)

            #expect(notHex.exitCode == 2)
            #expect(none.exitCode == 1)
            #expect(none.error.contains("has no edition ffffffff"))
            #expect(several.exitCode == 2 || several.exitCode == 1)
            #expect(heldBySameBook.exitCode == 2)
            #expect(nothing.exitCode == 2)
            #expect(nothing.error.contains("--isbn"))
        }

        @Test func aRealPNGIsUploadedAsTheCoverAndATextFileIsRefused() async throws {
            let cli = try CLIHarness()
            let id = try await cli.add("Dune", "--author", "Frank Herbert")
            try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
            let png = cli.dataDirectory.appendingPathComponent("cover.png")
            try TestPNG.make(width: 40, height: 60, grey: 120, alpha: 255).write(to: png)
            let text = cli.dataDirectory.appendingPathComponent("cover.jpg")
            try Data("not an image at all\n".utf8).write(to: text)

            let refused = await cli.run("cover", id, "--file", text.path)
            #expect(refused.exitCode == 2)
            #expect(refused.error.contains("JPEG, PNG"), "\(refused.error)")
            #expect(try await cli.show(id)["coverURL"] == nil)

            let uploaded = await cli.run("cover", id, "--file", png.path)
            #expect(uploaded.exitCode == 0, "\(uploaded.error)")
            #expect(uploaded.output.contains("Cover of Dune: uploaded"))
            #expect(try await cli.show(id)["coverURL"] as? String == "/v1/books/\(id)/cover")
            #expect(await cli.run("show", id).output.contains("Cover:        uploaded  (yours)"))
        }

        @Test func aCoverAddressMustBeHTTPS() async throws {
            let cli = try CLIHarness()
            let id = try await cli.add("Dune")

            let plain = await cli.run("cover", id, "--url", "http://covers.example.org/dune.jpg")
            let secure = await cli.run("cover", id, "--url", "https://covers.example.org/dune.jpg")
            let neither = await cli.run("cover", id)

            #expect(plain.exitCode == 2)
            #expect(plain.error.contains("coverImageURL"))
            #expect(secure.exitCode == 0, "\(secure.error)")
            #expect(try await cli.show(id)["coverURL"] as? String == "https://covers.example.org/dune.jpg")
            #expect(neither.exitCode == 64)
        }

        @Test func theBuiltProgramEditsAndShowsABook() throws {
            let directory = try TemporaryDirectory(prefix: "bookstrack-edit-bin")
            defer { directory.remove() }
            func run(_ arguments: [String]) throws -> (Int32, String, String) {
                let process = try ChildProcess.start(
                    BuiltProgram.bookstrack.path, arguments,
                    environment: ["BOOKSTRACK_DATA_DIR": directory.path("data"), "PATH": "/usr/bin:/bin"],
                    standardOutput: directory.path("out"), standardError: directory.path("err"))
                let status = process.waitForExit()
                return (status, try String(contentsOfFile: directory.path("out"), encoding: .utf8),
                        try String(contentsOfFile: directory.path("err"), encoding: .utf8))
            }
            #expect(FileManager.default.isExecutableFile(atPath: BuiltProgram.bookstrack.path), "bookstrack is not built next to the tests")

            #expect(try run(["add", "Dune", "--author", "Frank Herbert", "--pages", "412"]).0 == 0)
            let edited = try run(["edit", "dune", "--pages", "-5"])
            let fixed = try run(["edit", "dune", "--pages", "688", "--genre", "Science Fiction"])
            let shown = try run(["show", "dune"])

            #expect(edited.0 == 2)
            #expect(edited.2.contains("pageCount \"-5\" is not a whole number from 1 to 100,000"))
            #expect(fixed.0 == 0)
            #expect(fixed.1.contains("Pages:        412 → 688"))
            #expect(shown.1.contains("Genres:       Science Fiction  (yours)"))
            #expect(shown.1.contains("Edition:      688 pages  (yours)"))
        }
    }
}
