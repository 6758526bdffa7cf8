import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// Files whose cells were padded with spaces by an editor's "align columns" or a spreadsheet, and
/// files whose rows do not fit their header, which the import refuses before writing.
@Suite struct PaddedCSVTests {
    static let rows = [
        GoodreadsText.row(
            id: 10234, title: "Some Title", author: "Jane Doe", isbn13: "9780140236668", rating: 4, pages: "312",
            dateRead: "2021/05/01", dateAdded: "2021/01/02", shelves: "favorites, sci-fi", shelf: "read",
            review: "Sharp, and funny.", readCount: 1
        ),
        GoodreadsText.row(id: 77, title: "Kindred", author: "Octavia E. Butler", rating: 5, dateRead: "2019/03/02", shelf: "read"),
        GoodreadsText.row(id: 5, title: "Dune", author: "Frank Herbert", shelves: "owned", shelf: "to-read", owned: 1),
    ]

    @Test func anAlignedGoodreadsExportImportsExactlyLikeTheUnpaddedOne() throws {
        // Given the same export as written and as an "align columns" command leaves it: numbers
        // right-aligned, text left-aligned, quoted cells with spaces before and after the quotes
        let plain = GoodreadsText.file(Self.rows)
        let aligned = AlignedCSV.align(plain)
        #expect(aligned.contains("  10234, \"Some Title\", \"Jane Doe\"         ,"))
        #expect(aligned.contains(", \"=\"\"\"\"\"             ,         5,"))
        let plainHarness = try ImportHarness()
        let alignedHarness = try ImportHarness()

        // When importing each into its own library
        let plainSummary = try plainHarness.importer().importFile(at: try plainHarness.file("plain.csv", plain))
        let alignedSummary = try alignedHarness.importer().importFile(at: try alignedHarness.file("aligned.csv", aligned))

        // Then both libraries hold the same books, field by field, with nothing shifted
        #expect(alignedSummary.problems == plainSummary.problems)
        #expect(try alignedHarness.snapshot() == plainHarness.snapshot())
        let book = try #require(try alignedHarness.snapshot().first { $0.title == "Some Title" })
        #expect(book.authors == ["Jane Doe"])
        #expect(book.rating == 4)
        #expect(book.tags.sorted() == ["favorites", "sci-fi"])
        #expect(book.isbns == [["9780140236668"]])
        #expect(book.review == "Sharp, and funny.")
        #expect(book.dateCompleted == PaddedCSVTests.day(2021, 5, 1))
        #expect(book.pages == [312])
    }

    @Test func aRowWithAValueBeyondTheHeaderIsRefusedNamingRowAndColumnAndNothingIsWritten() throws {
        // Given a Goodreads export whose third row has an unquoted "Doe, Jane": one cell too many
        let harness = try ImportHarness()
        let broken = GoodreadsText.row(id: 9, title: "Broken", author: "x").replacingOccurrences(of: ",\"x\",", with: ",Doe, Jane,")
        let file = try harness.file("broken.csv", GoodreadsText.file([Self.rows[0], Self.rows[1], broken]))

        // When importing it
        // Then the import is refused at row 4 (the header is row 1), column 25, and the library stays empty
        #expect(throws: ImportError.malformedRow(
            row: 4, line: 4, column: 25, columnName: nil,
            reason: "the row has a value in column 25 but the header names only 24 columns"
        )) {
            try harness.importer().importFile(at: file)
        }
        #expect(try harness.count() == 0)
    }

    @Test func textAfterAClosingQuoteIsRefusedNamingTheColumn() throws {
        // Given a row whose author cell was quoted wrongly: `"Doe, Jane" Smith`
        let harness = try ImportHarness()
        let broken = GoodreadsText.row(id: 9, title: "Broken", author: "Doe, Jane").replacingOccurrences(of: "\"Doe, Jane\"", with: "\"Doe, Jane\" Smith")
        let file = try harness.file("broken.csv", GoodreadsText.file([broken]))

        // When importing it
        let error = #expect(throws: ImportError.self) { try harness.importer().importFile(at: file) }

        // Then the message names the row, the column and its header, and nothing is written
        guard case let .malformedRow(row, _, column, columnName, _)? = error else {
            Issue.record("expected a malformed row, got \(String(describing: error))")
            return
        }
        #expect(row == 2)
        #expect(column == 3)
        #expect(columnName == "Author")
        #expect(String(describing: error!).contains("row 2 (line 2), column 3 (Author)"))
        #expect(try harness.count() == 0)
    }

    @Test func anEmptyCellPastTheHeaderIsATrailingDelimiterAndImports() throws {
        // Given rows that end with a delimiter the header lacks, as some spreadsheets write them
        let harness = try ImportHarness()
        let file = try harness.file("trailing.csv", GoodreadsText.file(Self.rows.map { $0 + ",  " }))

        // When importing it
        let summary = try harness.importer().importFile(at: file)

        // Then every book comes in
        #expect(summary.added == 3)
    }

    @Test func aFileOverBothLimitsIsToldSoInOneRefusal() throws {
        // Given a file over both the row and the byte limit
        let harness = try ImportHarness()
        let text = GoodreadsText.file(Self.rows)
        let file = try harness.file("big.csv", text)
        let limits = ImportLimits(maxRows: 2, maxBytes: 100)

        // When checking it
        // Then both excesses are named, with the file's real figures
        #expect(throws: ImportError.overLimits(bytes: text.utf8.count, byteLimit: 100, rows: 3, rowLimit: 2)) {
            try LibraryImporter.check(file, options: ImportOptions(limits: limits))
        }
        // And raising only the rows leaves the byte limit, still named
        #expect(throws: ImportError.overLimits(bytes: text.utf8.count, byteLimit: 100, rows: nil, rowLimit: 3)) {
            try LibraryImporter.check(file, options: ImportOptions(limits: ImportLimits(maxRows: 3, maxBytes: 100)))
        }
        #expect(try harness.count() == 0)
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }
}

/// What an editor's "align columns" command makes of a CSV: every cell padded to its column's
/// width, numbers to the right, text (quoted or not) to the left, a space after each delimiter.
enum AlignedCSV {
    static func align(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { cells(of: String($0)) }
        let columns = lines.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in lines.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return lines.map { cells in
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                let isNumber = !cell.isEmpty && cell.allSatisfy(\.isNumber)
                return (column == 0 ? "" : " ") + (isNumber ? padding + cell : cell + padding)
            }.joined(separator: ",")
        }.joined(separator: "\n") + "\n"
    }

    /// The raw cells of one line, quotes kept.
    private static func cells(of line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" { quoted.toggle() }
            if character == ",", !quoted {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        cells.append(current)
        return cells
    }
}
