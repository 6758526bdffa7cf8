import Foundation
import Testing

/// People with roles other than author, from StoryGraph's Contributors column, through the library.
@Suite struct ContributorRolesTests {
    static let storygraph = """
        Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?
        "Saga, Volume One",Brian K. Vaughan,"Fiona Staples (Illustrator), Neil Gaiman (Contributor)",9781607066019,paperback,read,2021/05/10,2021/06/01,2021/06/01,1,"",,,,,,,4.5,,"",,"",No
        Ficciones,Jorge Luis Borges,"Anthony Kerrigan (Translator), Anthony Bonner (Translator), Sam Reader (Narrator)",9780802130303,audio,to-read,2021/05/11,"","",0,"",,,,,,,,,"",,"",No

        """

    @Test func onlyAuthorsAreAuthorsAndEveryoneKeepsTheirRoleThroughAnExport() async throws {
        // Given a StoryGraph export with an illustrator, a contributor, two translators and a narrator
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory.appendingPathComponent("storygraph.csv")
        try Self.storygraph.write(to: file, atomically: true, encoding: .utf8)
        #expect(await cli.run("import", file.path).exitCode == 0)

        // When the books are shown, the authors listed, and the library exported and restored elsewhere
        let saga = await cli.run("show", "saga")
        let ficciones = await cli.run("show", "ficciones", "--json")
        let authors = await cli.run("author", "list")
        let json = cli.dataDirectory.appendingPathComponent("library.json")
        #expect(await cli.run("export", "-o", json.path).exitCode == 0)
        let restored = try CLIHarness()
        #expect(await restored.run("import", json.path).exitCode == 0)
        let restoredSaga = await restored.run("show", "saga")

        // Then only the writers are authors; the illustrator and contributor are kept with their
        // roles, translators and the narrator are on the edition, and the restore keeps all of it
        #expect(saga.output.contains("by Brian K. Vaughan\n"))
        #expect(saga.output.contains("With Fiona Staples (illustrator), Neil Gaiman (contributor)"))
        #expect(!authors.output.contains("Fiona Staples"))
        #expect(!authors.output.contains("Anthony Kerrigan"))
        #expect(authors.output.contains("Jorge Luis Borges"))
        #expect(ficciones.output.contains("Anthony Kerrigan, Anthony Bonner"))
        #expect(ficciones.output.contains("Sam Reader"))
        #expect(restoredSaga.output.contains("With Fiona Staples (illustrator), Neil Gaiman (contributor)"))
        #expect(restoredSaga.output.contains("by Brian K. Vaughan\n"))
    }
}
