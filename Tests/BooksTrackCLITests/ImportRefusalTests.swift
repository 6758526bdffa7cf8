import Foundation
import Testing

/// Imports refused for their size or shape: the message says what to do, and nothing is created.
@Suite struct ImportRefusalTests {
    static let header = "Book Id,Title,Author,My Rating,Exclusive Shelf"
    static let rows = ["1,Dune,Frank Herbert,4,read", "2,Kindred,Octavia E. Butler,5,read", "3,Emma,Jane Austen,0,to-read"]

    /// Writes `text` outside the data folder, so that the folder's absence can be checked.
    func outsideFile(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bookstrack-refusal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("export.csv")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func aFileOverBothLimitsNamesBothFlagsAndCreatesNothing() async throws {
        // Given a 3-row file of more than 100 bytes
        let cli = try CLIHarness()
        let file = try outsideFile(([Self.header] + Self.rows).joined(separator: "\n") + "\n")
        let bytes = try Data(contentsOf: file).count

        // When importing it with limits of 2 rows and 100 bytes
        let result = await cli.run("import", file.path, "--max-rows", "2", "--max-bytes", "100")

        // Then both limits are named with the flags and values that would let it in, and no
        // library (not even the data folder) was created
        #expect(result.exitCode == 2)
        #expect(result.error.contains("is \(bytes) bytes (the limit is 100 bytes) and has 3 rows (the limit is 2)"), "\(result.error)")
        #expect(result.error.contains("--max-bytes \(bytes) --max-rows 3"))
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory.path))

        // And with both raised as told, it imports
        let again = await cli.run("import", file.path, "--max-rows", "3", "--max-bytes", "\(bytes)")
        #expect(again.exitCode == 0)
        #expect(again.output.contains("added: 3"))
    }

    @Test func aFileWithShiftedCellsIsRefusedAndCreatesNothing() async throws {
        // Given a row whose unquoted "Herbert, Frank" adds a cell
        let cli = try CLIHarness()
        let file = try outsideFile([Self.header, "1,Dune,Herbert, Frank,4,read"].joined(separator: "\n") + "\n")

        // When importing it
        let result = await cli.run("import", file.path)

        // Then the row and column are named and nothing is created
        #expect(result.exitCode == 2)
        #expect(result.error.contains("row 2 (line 2), column 6"))
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory.path))
    }

    @Test func aFileNoImporterKnowsGetsAProposedMappingThatThenImportsIt() async throws {
        let cli = try CLIHarness()
        let file = try outsideFile("Book Name,Writer,Finished On,My Stars\nKindred,Octavia E. Butler,2024-02-03,5\nDune,Frank Herbert,,\n")
        let refused = await cli.run("import", file.path)
        #expect(refused.exitCode == 2)
        #expect(refused.error.contains("this mapping is proposed: title=Book Name,author=Writer,rating=My Stars,dateRead=Finished On"), "\(refused.error)")
        let preview = await cli.run("import", file.path, "--mapping", "title=Book Name,author=Writer,rating=My Stars,dateRead=Finished On", "--dry-run")
        #expect(preview.exitCode == 0, "\(preview.error)")
        let imported = await cli.run("import", file.path, "--mapping", "title=Book Name,author=Writer,rating=My Stars,dateRead=Finished On")
        #expect(imported.exitCode == 0, "\(imported.error)")
        let kindred = try await cli.show("kindred")
        #expect(kindred["status"] as? String == "read")
        #expect(kindred["rating"] as? Double == 5)
        // A later file with the same header is read with the mapping confirmed for it.
        let next = try outsideFile("Book Name,Writer,Finished On,My Stars\nEmma,Jane Austen,2024-06-01,3\n")
        let remembered = await cli.run("import", next.path)
        #expect(remembered.exitCode == 0, "\(remembered.error)")
        #expect(remembered.output.contains("Read with the column mapping you confirmed for this header before: title=Book Name,author=Writer,rating=My Stars,dateRead=Finished On"))
        #expect(try await cli.show("emma")["rating"] as? Double == 3)
        let typo = await cli.run("import", file.path, "--mapping", "titel=Book Name")
        #expect(typo.exitCode == 2)
        #expect(typo.error.contains("the fields are title, author"), "\(typo.error)")
    }

    @Test func importHelpStatesEachDefaultOnce() async throws {
        // Given the import command's help
        let cli = try CLIHarness()
        let help = await cli.run("import", "--help")

        // Then each limit's default appears once, in the parser's own words
        #expect(help.output.components(separatedBy: "200000").count - 1 == 1)
        #expect(help.output.contains("(default: 200000)"))
        #expect(!help.output.contains("(default 200000)"))
        #expect(!help.output.contains("(default 50000000)"))
    }
}
