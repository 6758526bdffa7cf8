import Foundation
import Testing

@testable import BooksTrackImport

@Suite struct CSVReaderTests {
    func records(_ bytes: Data, delimiter: CSVReader.Delimiter? = nil, limits: ImportLimits = ImportLimits()) throws -> [CSVRecord] {
        var reader = try CSVReader(data: bytes, delimiter: delimiter, limits: limits)
        var all: [CSVRecord] = []
        while let record = try reader.next() { all.append(record) }
        return all
    }

    func records(_ text: String, delimiter: CSVReader.Delimiter? = nil, limits: ImportLimits = ImportLimits()) throws -> [CSVRecord] {
        try records(Data(text.utf8), delimiter: delimiter, limits: limits)
    }

    func temporaryFile(_ bytes: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("csv-reader-\(UUID().uuidString).csv")
        try bytes.write(to: url)
        return url
    }

    // MARK: Structure

    @Test func simpleRowsAreSplitIntoCellsNumberedLikeASpreadsheet() throws {
        let all = try records("Title,Author\nDune,Frank Herbert\nEmma,Jane Austen\n")

        #expect(all.map(\.fields) == [["Title", "Author"], ["Dune", "Frank Herbert"], ["Emma", "Jane Austen"]])
        #expect(all.map(\.row) == [1, 2, 3])
        #expect(all.map(\.line) == [1, 2, 3])
        #expect(all.allSatisfy { $0.problem == nil })
    }

    @Test func aQuotedCellKeepsItsCommas() throws {
        let all = try records("Title,Bookshelves\nDune,\"to-read, favourites, sci-fi\"\n")

        #expect(all[1].fields == ["Dune", "to-read, favourites, sci-fi"])
    }

    @Test func doubledQuotesInAQuotedCellStandForOneQuote() throws {
        let all = try records("ISBN,Title\n\"=\"\"0441172717\"\"\",\"The \"\"Best\"\" Book\"\n")

        #expect(all[1].fields == ["=\"0441172717\"", "The \"Best\" Book"])
    }

    @Test func quotedLineBreaksStayInTheCellAndPushLaterLineNumbers() throws {
        let text = "Title,Review\r\nDune,\"Spice.\r\nSand.\"\r\nEmma,\"One\nTwo\nThree\"\nKim,plain\n"

        let all = try records(text)

        #expect(all.map(\.fields) == [
            ["Title", "Review"], ["Dune", "Spice.\r\nSand."], ["Emma", "One\nTwo\nThree"], ["Kim", "plain"],
        ])
        #expect(all.map(\.row) == [1, 2, 3, 4])
        #expect(all.map(\.line) == [1, 2, 4, 7])
    }

    @Test func crlfAndLoneCRLineEndsEndRecords() throws {
        let crlf = try records("a,b\r\nc,d\r\n")
        let loneCR = try records("a,b\rc,d\r")

        #expect(crlf.map(\.fields) == [["a", "b"], ["c", "d"]])
        #expect(crlf.map(\.line) == [1, 2])
        #expect(loneCR.map(\.fields) == [["a", "b"], ["c", "d"]])
        #expect(loneCR.map(\.line) == [1, 2])
    }

    @Test func aByteOrderMarkAtTheStartIsDropped() throws {
        let all = try records(Data([0xEF, 0xBB, 0xBF]) + Data("Title,Author\nDune,Frank Herbert\n".utf8))

        #expect(all.first?.fields == ["Title", "Author"])
        #expect(all.count == 2)
    }

    @Test func blankLinesAreSkippedButCountAsLines() throws {
        let all = try records("\nTitle\n\r\n\nDune\n\n")

        #expect(all.map(\.fields) == [["Title"], ["Dune"]])
        #expect(all.map(\.row) == [1, 2])
        #expect(all.map(\.line) == [2, 5])
    }

    @Test func aLastRecordWithoutALineBreakIsRead() throws {
        let all = try records("Title,Shelf\nDune,read")
        let trailingDelimiter = try records("Title,Shelf\nDune,")
        let closedQuote = try records("Title,Shelf\nDune,\"read\"")

        #expect(all.last?.fields == ["Dune", "read"])
        #expect(trailingDelimiter.last?.fields == ["Dune", ""])
        #expect(closedQuote.last?.fields == ["Dune", "read"])
    }

    @Test func aQuoteAfterLeadingSpacesOpensAQuotedCellAndSpacesAfterTheClosingQuoteAreDropped() throws {
        let all = try records("Id  , Author   , Rating\n   10234, \"Doe, Jane\"   ,  4\n")

        #expect(all[1].fields == ["10234", "Doe, Jane", "4"])
        #expect(all[0].fields == ["Id  ", "Author   ", "Rating"])
    }

    @Test(arguments: [1, 2, 3, 5, 8])
    func paddedCellsReadTheSameAtEveryChunkSize(chunkSize: Int) throws {
        let text = "A , B\n  \"x, y\"   ,  \"z\"\"w\"  \n \"q\" ,r\n"
        var reader = try CSVReader(data: Data(text.utf8), delimiter: nil, limits: ImportLimits(), chunkSize: chunkSize)
        var all: [CSVRecord] = []
        while let record = try reader.next() { all.append(record) }

        #expect(all.map(\.fields) == [["A ", "B"], ["x, y", "z\"w"], ["q", "r"]])
    }

    @Test func countingRefusesAValueBeyondTheHeaderButNotAnEmptyTrailingCell() throws {
        var trailing = try CSVReader(data: Data("A,B\n1,2,\n3,4, \n".utf8))
        var shifted = try CSVReader(data: Data("A,B\n1,2\n3,4,5\n".utf8))

        #expect(try trailing.countDataRows() == 2)
        #expect(throws: ImportError.malformedRow(
            row: 3, line: 3, column: 3, columnName: nil, reason: "the row has a value in column 3 but the header names only 2 columns"
        )) { try shifted.countDataRows() }
    }

    @Test func countingRefusesTextAfterAClosingQuoteInACommaFileOnly() throws {
        var comma = try CSVReader(data: Data("A,B\n\"x\" y,2\n".utf8))
        var tab = try CSVReader(data: Data("A\tB\n\"x\" y\t2\n".utf8))

        #expect(throws: ImportError.malformedRow(
            row: 2, line: 2, column: 1, columnName: "A", reason: "text follows the closing quote of a quoted cell"
        )) { try comma.countDataRows() }
        #expect(try tab.countDataRows() == 1)
    }

    @Test func aQuoteInsideAnUnquotedCellIsKeptAndTextAfterAClosingQuoteIsAppended() throws {
        let all = try records("Title,Note\nA 5\" ruler,\"bent\" badly\n")

        #expect(all[1].fields == ["A 5\" ruler", "bent badly"])
    }

    @Test func anEmptyFileHasNoRecords() throws {
        var empty = try CSVReader(data: Data())
        var blank = try CSVReader(data: Data([0xEF, 0xBB, 0xBF, 0x0A, 0x0D, 0x0A]))

        #expect(try empty.next() == nil)
        #expect(try blank.next() == nil)
        #expect(try CSVReader(data: Data("\n\n".utf8)).countDataRowsOnce() == 0)
    }

    // MARK: Broken files

    @Test func anUnclosedQuoteIsReportedWithTheLineWhereItOpened() throws {
        let text = "Title,Review\nDune,fine\nEmma,\"never closed\nmore text\n"

        #expect(throws: ImportError.unclosedQuote(line: 3)) { try records(text) }
        #expect(throws: ImportError.unclosedQuote(line: 3)) { try CSVReader(data: Data(text.utf8)).countDataRowsOnce() }
    }

    @Test func nulBytesNearTheStartMeanTheFileIsBinary() throws {
        let bytes = Data("Title\nDune\nEm".utf8) + Data([0x00, 0x61])

        #expect(throws: ImportError.binaryContent(line: 3)) { try records(bytes) }
        #expect(throws: ImportError.binaryContent(line: 3)) { try CSVReader(data: bytes).countDataRowsOnce() }
    }

    @Test func aNULByteFarIntoTheFileMarksOnlyItsRecord() throws {
        let padding = String(repeating: "Dune\n", count: 2_000)
        let bytes = Data(("Title\n" + padding).utf8) + Data([0x45, 0x00, 0x6D, 0x0A]) + Data("Kim\n".utf8)

        let all = try records(bytes)

        #expect(all.count == 2_003)
        #expect(all[2_001].problem == "holds binary data (NUL bytes)")
        #expect(all[2_002].fields == ["Kim"])
        #expect(all[2_002].problem == nil)
    }

    @Test func anOversizedCellMakesItsRecordAProblemAndLaterRecordsReadFine() throws {
        let limits = ImportLimits(maxCellBytes: 10)
        let text = "Title,Review\nHuge,\"\(String(repeating: "x", count: 50))\"\nDune,short\n"

        let url = try temporaryFile(Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: url) }

        let all = try records(text, limits: limits)
        var reader = try CSVReader(url: url, delimiter: nil, limits: limits, chunkSize: 7)
        let streamed = [try reader.next(), try reader.next(), try reader.next()]

        #expect(all[1].problem == "a cell is longer than 10 bytes")
        #expect(all[1].fields == ["Huge", ""])
        #expect(all[2].fields == ["Dune", "short"])
        #expect(all[2].problem == nil)
        #expect(streamed == all)
    }

    @Test func aRecordWithTensOfThousandsOfCellsIsAProblem() throws {
        let all = try records("Title\n" + String(repeating: ",", count: 20_000) + "\nDune\n")

        #expect(all[1].problem == "has more than 10000 cells")
        #expect(all[1].fields.count == 10_000)
        #expect(all[2].fields == ["Dune"])
    }

    // MARK: Delimiters and encodings

    @Test func aFirstLineWithTabsAndNoCommaIsReadAsTabSeparated() throws {
        var reader = try CSVReader(data: Data("Title\tPrimary Author\nRayuela\tCortázar, Julio\n".utf8))

        #expect(reader.delimiter == .tab)
        #expect(try reader.next()?.fields == ["Title", "Primary Author"])
        #expect(try reader.next()?.fields == ["Rayuela", "Cortázar, Julio"])
    }

    @Test func aCommaOutsideQuotesOnTheFirstLineMeansCommaSeparated() throws {
        let comma = try CSVReader(data: Data("\"A\tB\",C\n1,2\n".utf8))
        let tabsOnlyInQuotes = try CSVReader(data: Data("\"A\tB\"\n".utf8))
        let given = try CSVReader(data: Data("A\tB\n".utf8), delimiter: .comma)

        #expect(comma.delimiter == .comma)
        #expect(tabsOnlyInQuotes.delimiter == .comma)
        #expect(given.delimiter == .comma)
    }

    @Test func aLatin1CellIsDecoded() throws {
        let bytes = Data("Author\n".utf8) + Data([0x43, 0x6F, 0x72, 0x74, 0xE1, 0x7A, 0x61, 0x72, 0x0A])

        let all = try records(bytes)

        #expect(all[1].fields == ["Cortázar"])
    }

    @Test func utf8AndLatin1CellsMixInOneFile() throws {
        var bytes = Data("Title\tAuthor\n".utf8)
        bytes += Data("Cien años\t".utf8) + Data([0x4D, 0xE1, 0x72, 0x71, 0x75, 0x65, 0x7A, 0x0A])
        bytes += Data([0x93, 0x48, 0x69, 0x94, 0x09]) + Data("Brontë\n".utf8)

        let all = try records(bytes)

        #expect(all[1].fields == ["Cien años", "Márquez"])
        #expect(all[2].fields == ["\u{201C}Hi\u{201D}", "Brontë"])
    }

    // MARK: Counting

    @Test func countingDataRowsSkipsTheHeaderBlankLinesAndQuotedLineBreaks() throws {
        var reader = try CSVReader(data: Data("Title,Review\n\nDune,\"a\nb\"\r\nEmma,x\r\n\r\nKim,\"\"\"y\"\"\"".utf8))

        #expect(try reader.countDataRows() == 3)
    }

    @Test func moreDataRowsThanTheCapAreRefused() throws {
        let text = "Title\nDune\nEmma\nKim\n"
        let limits = ImportLimits(maxRows: 2)

        #expect(throws: ImportError.tooManyRows(limit: 2)) { try CSVReader(data: Data(text.utf8), limits: limits).countDataRowsOnce() }
        #expect(throws: ImportError.tooManyRows(limit: 2)) { try records(text, limits: limits) }
        #expect(try CSVReader(data: Data("Title\nDune\nEmma\n".utf8), limits: limits).countDataRowsOnce() == 2)
    }

    // MARK: Chunks and files

    @Test func aQuotedCellSpanningChunkBoundariesOfAFileIsRead() throws {
        let text = "Title,Review\r\nDune,\"Spice, \"\"sand\"\"\r\nand worms.\"\r\nEmma,fine\r\n"
        let url = try temporaryFile(Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: url) }

        var reader = try CSVReader(url: url, delimiter: nil, limits: ImportLimits(), chunkSize: 5)
        var all: [CSVRecord] = []
        while let record = try reader.next() { all.append(record) }

        #expect(all.map(\.fields) == [["Title", "Review"], ["Dune", "Spice, \"sand\"\r\nand worms."], ["Emma", "fine"]])
        #expect(all.map(\.line) == [1, 2, 4])
    }

    @Test(arguments: [1, 2, 3, 4, 5, 7, 11, 64])
    func everyChunkSizeGivesTheSameRecords(chunkSize: Int) throws {
        var generator = SeededGenerator(seed: 42)
        let pieces = ["a", "é", "\u{E1}", "\"", "\"\"", ",", "\n", "\r\n", "\r", " ", "x\"y", "\u{FEFF}"]
        // A header wide enough that no generated row outgrows it, so the checking pass counts every row.
        var text = (1...401).map { "H\($0)" }.joined(separator: ",") + "\n"
        for _ in 0..<400 {
            if Int.random(in: 0..<5, using: &generator) == 0 {
                text += "\"" + (0..<4).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined().replacingOccurrences(of: "\"", with: "\"\"") + "\""
            } else {
                text += ["abc", "Cortázar", "", "5\" ruler"].randomElement(using: &generator) ?? ""
            }
            text += [",", ",", "\n", "\r\n", "\r", "\n\n"].randomElement(using: &generator) ?? ","
        }
        var bytes = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
        bytes.append(contentsOf: [0x4D, 0xE1, 0x72, 0x0A])

        let whole = try records(bytes)
        var chunked = try CSVReader(data: bytes, delimiter: nil, limits: ImportLimits(), chunkSize: chunkSize)
        var pieced: [CSVRecord] = []
        while let record = try chunked.next() { pieced.append(record) }
        var counter = try CSVReader(data: bytes, delimiter: nil, limits: ImportLimits(), chunkSize: chunkSize)

        #expect(whole.count > 100)
        #expect(pieced == whole)
        #expect(try counter.countDataRows() == whole.count - 1)
    }

    @Test func aFileLargerThanTheByteCapIsRefusedBeforeReading() throws {
        let url = try temporaryFile(Data(String(repeating: "Dune,Frank Herbert\n", count: 10).utf8))
        defer { try? FileManager.default.removeItem(at: url) }

        #expect(throws: ImportError.fileTooLarge(bytes: 190, limit: 100)) {
            try CSVReader(url: url, limits: ImportLimits(maxBytes: 100))
        }
    }

    @Test func aMissingFileIsUnreadable() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).csv")

        #expect {
            try CSVReader(url: url)
        } throws: { error in
            guard case .unreadable(let path, _) = error as? ImportError else { return false }
            return path == url.path
        }
    }
}

extension CSVReader {
    /// Counts the data rows of a reader that is not kept afterwards.
    fileprivate func countDataRowsOnce() throws(ImportError) -> Int {
        var reader = self
        return try reader.countDataRows()
    }
}

/// A small deterministic generator (SplitMix64), so a failing case can be replayed.
private struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
