import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackCLI

/// `bookstrack author edit / show / merge`, run as a reader runs them.
@Suite struct AuthorEditCommandTests {
    @Test func everyFieldOfAnAuthorIsSetShownAndCleared() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Things Fall Apart", "--author", "Chinua Achebe")
        let edited = await cli.run("author", "edit", "Chinua Achebe", "--sort-name", "Achebe, Chinua", "--gender", "male",
                                   "--region", "africa", "--nationality", "ng", "--ethnicity", "Igbo", "--born", "1930", "--died", "2013")
        #expect(edited.exitCode == 0, "\(edited.error)")
        #expect(edited.output.contains("Chinua Achebe (1930–2013)"))
        #expect(edited.output.contains("Nationality: NG"))
        #expect(edited.output.contains("Ethnicity: Igbo"))
        #expect(edited.output.contains("Marginalized voice: yes (by the rule)"))

        let shown = await cli.run("author", "show", "chinua achebe")
        #expect(shown.output.contains("Books (1):"))
        #expect(shown.output.contains("Things Fall Apart [To Read]"))

        let json = await cli.run("author", "edit", "Chinua Achebe", "--clear", "ethnicity", "--marginalized", "no", "--json")
        #expect(json.exitCode == 0, "\(json.error)")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let resource = try decoder.decode(AuthorResource.self, from: Data(json.output.utf8))
        #expect(resource.ethnicity == nil)
        #expect(resource.representsMarginalizedVoices == false)
        #expect(resource.bookCount == 1)
    }

    @Test func badValuesAreRefusedNamingTheFieldAndChangeNothing() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Beloved", "--author", "Toni Morrison")
        for arguments in [["--born", "1931", "--died", "1900"], ["--born", "1234567890123456789"], ["--gender", "woman"],
                          ["--nationality", "ZZ"], ["--name", ""], ["--clear", "birthday"], []] {
            let answer = await cli.run(["author", "edit", "Toni Morrison"] + arguments)
            #expect(answer.exitCode != 0, "\(arguments)")
            #expect(!answer.error.isEmpty, "\(arguments)")
        }
        let refused = await cli.run("author", "edit", "Toni Morrison", "--born", "1931", "--died", "1900")
        #expect(refused.error.contains("deathYear"))
        let shown = await cli.run("author", "show", "Toni Morrison")
        #expect(shown.output.hasPrefix("Toni Morrison\n"), "no year was kept")
    }

    @Test func twoSpellingsOfOneAuthorAreMerged() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("The Fifth Season", "--author", "N. K. Jemisin")
        _ = try await cli.add("The City We Became", "--author", "Nora K. Jemisin")
        let merged = await cli.run("author", "merge", "Nora K. Jemisin", "--into", "N. K. Jemisin")
        #expect(merged.exitCode == 0, "\(merged.error)")
        #expect(merged.output.contains("Merged Nora K. Jemisin into N. K. Jemisin: 2 books."))
        let list = await cli.run("author", "list")
        #expect(!list.output.contains("Nora"))
        let show = await cli.run("show", "City We Became")
        #expect(show.output.contains("by N. K. Jemisin"))
    }
}

/// `bookstrack edition add BOOK --isbn … --look-up`: an edition found by its ISBN.
@Suite struct EditionLookUpCommandTests {
    @Test func anEditionIsFoundByItsISBNAndAddedWithWhatTheCatalogKnows() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("The Hunger Games", "--author", "Suzanne Collins")
        let added = await cli.run("edition", "add", "hunger games", "--isbn", "0-439-02348-3", "--look-up", "--mine", "--offline")
        #expect(added.exitCode == 0, "\(added.error)")
        #expect(added.output.contains("from catalog"), "\(added.output)")
        #expect(added.output.contains("It is your copy."))
        let shown = try await cli.show("hunger games")
        #expect((shown["edition"] as? [String: Any])?["isbn13"] as? [String] == ["9780439023481"])

        let unknown = await cli.run("edition", "add", "hunger games", "--isbn", "9780441478125", "--look-up", "--offline")
        #expect(unknown.exitCode == 1)
        #expect(unknown.error.contains("no source knows ISBN 9780441478125"))
        let mixed = await cli.run("edition", "add", "hunger games", "--isbn", "9780441478125", "--pages", "3", "--look-up")
        #expect(mixed.exitCode == 2)
        #expect(mixed.error.contains("--look-up takes one --isbn"))
    }
}
