import Foundation
import Testing

/// What the terminal prints reads right: counts agree with their nouns, nothing is shown empty or
/// as a placeholder, columns line up whatever the script, and every change echoes what it changed.
@Suite struct OutputWordingTests {
    static let header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    private func importFile(_ rows: [String], in cli: CLIHarness) async throws -> CLIHarness.Result {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let url = cli.dataDirectory.appendingPathComponent("goodreads_library_export.csv")
        try ([Self.header] + rows).joined(separator: "\n").appending("\n").write(to: url, atomically: true, encoding: .utf8)
        return await cli.run("import", url.path)
    }

    @Test func earlierReadsWithoutDatesAreCountedNotShownAsQuestionMarks() async throws {
        // Given a book read three times, Goodreads keeping the date of the last read only
        let cli = try CLIHarness()
        _ = try await importFile(
            [#"1,Dune,Frank Herbert,,,"=""""","=""9780441172719""",5,4,Ace,Paperback,412,1990,1965,2020/01/05,2019/01/01,,,read,,,,3,1"#],
            in: cli
        )

        // When it is shown
        let shown = await cli.run("show", "dune")

        // Then the two earlier reads are counted in words
        #expect(shown.output.contains("Past reads:   2 undated reads"))
        #expect(!shown.output.contains("?"))
    }

    @Test func aDatedEarlierReadShowsItsDates() async throws {
        // Given a book finished, then started again a day later
        let cli = try CLIHarness()
        _ = try await cli.add("Piranesi", "--author", "Susanna Clarke", "--pages", "272", "--status", "reading")
        _ = await cli.run("finish", "piranesi")
        cli.advance(days: 1)
        _ = await cli.run("start", "piranesi")

        let shown = await cli.run("show", "piranesi")

        #expect(shown.output.contains("Past reads:   2026-11-22 to 2026-11-22 (read)"))
    }

    @Test func aWorkFirstPublishedBCShowsItsYearAsBC() async throws {
        // Given The Odyssey, first published 700 BC, in a 1996 edition
        let cli = try CLIHarness()
        let imported = try await importFile(
            [#"1381,The Odyssey,Homer,,,"=""""","=""9780140268867""",4,3.8,Penguin,Paperback,541,1996,-700,,2019/01/01,,,to-read,,,,0,0"#],
            in: cli
        )
        #expect(imported.output.contains("problems: 0"))

        // When it is shown
        let shown = await cli.run("show", "odyssey")

        // Then the first publication reads as a year BC and the edition keeps its own year
        #expect(shown.output.contains("First published: 700 BC"))
        #expect(shown.output.contains("Penguin, 1996, 541 pages"))
    }

    @Test func aPageTotalSaysHowManyBooksItCovers() async throws {
        // Given three books read in 2020, only one with a page count
        let cli = try CLIHarness()
        _ = try await importFile(
            [
                #"1,Dune,Frank Herbert,,,"=""""","=""""",5,4,Ace,Paperback,412,1990,1965,2020/01/05,2019/01/01,,,read,,,,1,0"#,
                #"2,Emma,Jane Austen,,,"=""""","=""""",4,4,,,,,,2020/02/05,2019/01/01,,,read,,,,1,0"#,
                #"3,Kim,Rudyard Kipling,,,"=""""","=""""",3,4,,,,,,2020/03/05,2019/01/01,,,read,,,,1,0"#,
            ],
            in: cli
        )

        // When the insights are shown as text, JSON and HTML
        let text = await cli.run("insights")
        let year = await cli.run("insights", "--year", "2020")
        let json = await cli.run("insights", "--json")
        let html = cli.dataDirectory.appendingPathComponent("insights.html")
        _ = await cli.run("insights", "--html", html.path)

        // Then each page total says it covers one book of three
        #expect(text.output.contains("Finished     3 books, 412 pages (pages known for 1 of 3 books)"))
        #expect(text.output.contains("2020  3 books, 412 pages (pages known for 1 of 3 books)"))
        #expect(year.output.contains("412 pages (pages known for 1 of 3 books)"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let reading = try #require(object["reading"] as? [String: Any])
        #expect(reading["pagesFinished"] as? Int == 412)
        #expect(reading["finishedWithPageCount"] as? Int == 1)
        #expect(try String(contentsOf: html, encoding: .utf8).contains("pages known for 1 of 3 books"))
    }

    @Test func oneIsSingular() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("A Leaflet", "--pages", "1", "--owned")
        _ = await cli.run("session", "add", "leaflet", "--minutes", "5", "--pages", "1")

        let shown = await cli.run("show", "leaflet")
        let sessions = await cli.run("session", "list", "leaflet")

        #expect(shown.output.contains("Edition:      1 page\n"))
        #expect(shown.output.contains("Sessions:     1, 5 min, 1 page\n"))
        #expect(sessions.output.contains("   1 page\n"))
        #expect(sessions.output.contains("Total: 1 session, 5 min, 1 page."))
        #expect(!sessions.output.contains("1 pages"))
    }

    @Test func anEditionWithNothingKnownShowsNoEmptyEditionLine() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("An Unknown Copy", "--owned")

        let shown = await cli.run("show", "unknown copy")

        #expect(shown.output.contains("Owned:        yes"))
        #expect(!shown.output.contains("Edition:"))
    }

    @Test func wideTitlesKeepTheListsColumnsAligned() async throws {
        // Given a Chinese title (two columns a character) and a Latin one
        let cli = try CLIHarness()
        _ = try await cli.add("三体", "--author", "刘慈欣")
        cli.advance(days: 1)
        _ = try await cli.add("Dune", "--author", "Frank Herbert")

        // When the library is listed
        let lines = await cli.run("list").output.split(separator: "\n").map(String.init)

        // Then each author starts in the column of the AUTHORS heading
        let header = try #require(lines.first)
        let authorsColumn = try #require(header.range(of: "AUTHORS")).lowerBound.utf16Offset(in: header)
        let wide = try #require(lines.first { $0.contains("三体") })
        let latin = try #require(lines.first { $0.contains("Dune") })
        #expect(Self.columns(before: "刘慈欣", in: wide) == authorsColumn)
        #expect(Self.columns(before: "Frank Herbert", in: latin) == authorsColumn)
    }

    @Test func rateEchoesTheRating() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Kindred", "--author", "Octavia E. Butler")

        let rated = await cli.run("rate", "kindred", "4.25")
        let cleared = await cli.run("rate", "kindred", "--clear")

        #expect(rated.output.contains("Rating: 4.25/5"))
        #expect(cleared.output.contains("Rating removed."))
    }

    @Test func aBadISBNInBothISBNColumnsIsReportedOnce() async throws {
        // Given a row whose ISBN and ISBN13 cells hold the same bad ISBN
        let cli = try CLIHarness()

        let result = try await importFile(
            [#"1,Dune,Frank Herbert,,,"=""0441172718""","=""0441172718""",5,4,Ace,Paperback,412,1990,1965,2020/01/05,2019/01/01,,,read,,,,1,1"#],
            in: cli
        )

        // Then the report names it once
        #expect(result.output.components(separatedBy: "\"0441172718\" is not a valid ISBN").count == 2)
        #expect(result.output.contains("problems: 1"))
    }

    /// Terminal columns before `text` in `line`: East Asian wide characters take two.
    private static func columns(before text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return line[..<range.lowerBound].unicodeScalars.reduce(0) { total, scalar in
            total + ((0x4E00...0x9FFF).contains(scalar.value) ? 2 : 1)
        }
    }
}
