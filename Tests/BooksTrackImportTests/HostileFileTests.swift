import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// Malformed, hostile and oversized files: a clear error or a per-row report, never a crash and
/// never a partial silent import.
@Suite struct HostileFileTests {
    static let good = GoodreadsText.row(id: 1, title: "Dune", author: "Frank Herbert", isbn13: "9780441172719", shelf: "read")

    func expectNothingWritten(_ harness: ImportHarness) throws {
        #expect(try harness.count() == 0)
    }

    @Test func anEmptyFileIsRefused() throws {
        let harness = try ImportHarness()
        let file = try harness.file("empty.csv", "")

        #expect(throws: ImportError.emptyFile) { try harness.importer().importFile(at: file) }
        try expectNothingWritten(harness)
    }

    @Test func aFileWithOnlyAByteOrderMarkAndBlankLinesIsEmpty() throws {
        let harness = try ImportHarness()
        let file = try harness.file("bom.csv", bytes: Data([0xEF, 0xBB, 0xBF, 0x0A, 0x0D, 0x0A]))

        #expect(throws: ImportError.emptyFile) { try harness.importer().importFile(at: file) }
    }

    @Test func aHeaderWithoutRowsIsRefused() throws {
        let harness = try ImportHarness()
        let file = try harness.file("header.csv", GoodreadsText.header + "\n")

        #expect(throws: ImportError.headerOnly) { try harness.importer().importFile(at: file) }
    }

    @Test func anUnclosedQuoteStopsTheImportBeforeAnyRowIsWritten() throws {
        let harness = try ImportHarness()
        let broken = GoodreadsText.row(id: 2, title: "Emma", author: "Jane Austen", shelf: "read") + ",\"never closed"
        let file = try harness.file("broken.csv", GoodreadsText.file([Self.good, Self.good, broken]))

        #expect(throws: ImportError.unclosedQuote(line: 4)) { try harness.importer().importFile(at: file) }
        try expectNothingWritten(harness)
    }

    @Test func binaryGarbageIsRefused() throws {
        let harness = try ImportHarness()
        var random = SystemRandomNumberGenerator()
        let bytes = Data((0..<4_096).map { _ in UInt8.random(in: 0...255, using: &random) } + [0, 0, 0])
        let file = try harness.file("photo.jpg", bytes: Data([0xFF, 0xD8, 0xFF, 0x00]) + bytes)

        #expect(throws: ImportError.self) { try harness.importer().importFile(at: file) }
        try expectNothingWritten(harness)
    }

    @Test func moreRowsThanTheCapAreRefusedBeforeWriting() throws {
        let harness = try ImportHarness()
        let file = try harness.file("big.csv", GoodreadsText.file([Self.good, Self.good, Self.good]))

        #expect(throws: ImportError.overLimits(bytes: nil, byteLimit: ImportLimits().maxBytes, rows: 3, rowLimit: 2)) {
            try harness.importer().importFile(at: file, options: ImportOptions(limits: ImportLimits(maxRows: 2)))
        }
        try expectNothingWritten(harness)
    }

    @Test func aFileLargerThanTheByteCapIsRefused() throws {
        let harness = try ImportHarness()
        let file = try harness.file("big.csv", GoodreadsText.file([Self.good]))

        #expect(throws: ImportError.self) {
            try harness.importer().importFile(at: file, options: ImportOptions(limits: ImportLimits(maxBytes: 100)))
        }
        try expectNothingWritten(harness)
    }

    @Test func aByteOrderMarkCRLFAndQuotedNewlinesAreRead() throws {
        let harness = try ImportHarness()
        let row = GoodreadsText.row(id: 1, title: "Dune", author: "Frank Herbert", shelf: "read", review: "Spice.\r\nSand.")
        let text = (GoodreadsText.header + "\r\n" + row + "\r\n")
        let file = try harness.file("crlf.csv", bytes: Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8))

        let summary = try harness.importer().importFile(at: file)

        #expect(summary.format == .goodreads)
        #expect(summary.added == 1)
        #expect(try harness.snapshot().first?.review?.contains("Sand.") == true)
    }

    @Test func aLatin1CellInAUTF8FileIsDecoded() throws {
        let harness = try ImportHarness()
        let before = GoodreadsText.header + "\n" + GoodreadsText.row(id: 1, title: "Rayuela", author: "Julio Cort", shelf: "read")
        var bytes = Data(before.utf8)
        // "Julio Cortázar" where the á is the single ISO-8859-1 byte 0xE1.
        let marker = Data("Julio Cort".utf8)
        let range = try #require(bytes.range(of: marker))
        bytes.replaceSubrange(range, with: marker + Data([0xE1]) + Data("zar".utf8))
        let file = try harness.file("latin1.csv", bytes: bytes + Data("\n".utf8))

        _ = try harness.importer().importFile(at: file)

        #expect(try harness.snapshot().first?.authors == ["Julio Cortázar"])
    }

    @Test func aShortRowIsImportedWithItsMissingCellsEmpty() throws {
        let harness = try ImportHarness()
        let file = try harness.file("short.csv", GoodreadsText.header + "\n1,Dune,Frank Herbert\n")

        let summary = try harness.importer().importFile(at: file)

        #expect(summary.added == 1)
        #expect(try harness.snapshot().first?.title == "Dune")
    }

    @Test func aRowWithAnOversizedCellIsSkippedAndTheOthersImported() throws {
        let harness = try ImportHarness()
        let huge = GoodreadsText.row(id: 2, title: "Huge", author: "Someone", review: String(repeating: "x", count: 5_000))
        let file = try harness.file("huge.csv", GoodreadsText.file([Self.good, huge]))

        let summary = try harness.importer().importFile(at: file, options: ImportOptions(limits: ImportLimits(maxCellBytes: 1_000)))

        #expect(summary.added == 1)
        #expect(summary.skipped == 1)
        #expect(summary.problems.contains { $0.row == 3 && $0.action == .skipped })
    }

    @Test func aHeaderNobodyKnowsWithoutATitleColumnIsRefused() throws {
        let harness = try ImportHarness()
        let file = try harness.file("odd.csv", "foo,bar,baz\n1,2,3\n")

        #expect(throws: ImportError.unknownFormat(header: ["foo", "bar", "baz"], firstRows: [["1", "2", "3"]])) {
            try harness.importer().importFile(at: file)
        }
    }

    @Test func aRequestedFormatWhoseColumnsAreMissingIsRefused() throws {
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file([Self.good]))

        #expect(throws: ImportError.self) {
            try harness.importer().importFile(at: file, options: ImportOptions(format: .storygraph))
        }
        try expectNothingWritten(harness)
    }

    @Test func aGenericCSVSaysWhichColumnsItUsedAndIgnored() throws {
        let harness = try ImportHarness()
        let file = try harness.file("mine.csv", "Title,Author,Shelf,Mood\nDune,Frank Herbert,read,happy\n")

        let summary = try harness.importer().importFile(at: file)

        #expect(summary.format == .generic)
        #expect(summary.usedColumns == ["Title", "Author", "Shelf"])
        #expect(summary.ignoredColumns == ["Mood"])
        #expect(try harness.snapshot().first?.status == .read)
    }

    @Test func aJSONFileThatIsNoKnownExportIsRefused() throws {
        let harness = try ImportHarness()
        let file = try harness.file("data.json", "{\"hello\": [1, 2, ")

        #expect(throws: ImportError.self) { try harness.importer().importFile(at: file) }
        try expectNothingWritten(harness)
    }
}
