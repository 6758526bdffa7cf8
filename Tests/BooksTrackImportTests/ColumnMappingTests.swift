import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// A spreadsheet someone kept by hand, whose header no importer knows: the mapping proposed from
/// its names and first rows, checked against the values, and a mapping the reader gives.
@Suite struct ColumnMappingTests {
    /// The shape of a home-made reading list: padded cells, a BOM-less header in the reader's own
    /// words, dates as the spreadsheet wrote them, a "Read?" column that is not a date.
    static let sheet = """
        Book Name,Writer,Read?,Finished On,My Stars,EAN,Thoughts
        The Dispossessed , Ursula K. Le Guin,yes,2024-03-02,5,9780061054884,"Anarres, and walls"
        Piranesi,Susanna Clarke,yes,2024/05/19,4.5,9781635575637,
        Circe,Madeline Miller,no,,,9780316556347,on the pile
        """

    static func rows(_ text: String) -> (header: [String], rows: [[String]]) {
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        return (lines[0], Array(lines.dropFirst()))
    }

    @Test func aMappingIsProposedFromTheNamesAndKeptOnlyWhereTheValuesFit() throws {
        let (header, rows) = Self.rows(Self.sheet)
        let proposal = try #require(ColumnMapping.propose(header: header, rows: rows))
        #expect(proposal.columns[.title] == "Book Name")
        #expect(proposal.columns[.author] == "Writer")
        #expect(proposal.columns[.dateRead] == "Finished On", "its values are dates")
        #expect(proposal.columns[.rating] == "My Stars")
        #expect(proposal.columns[.isbn] == "EAN")
        #expect(!proposal.columns.values.contains("Read?"), "“Read?” holds yes and no, not dates")
        #expect(proposal.text == "title=Book Name,author=Writer,isbn=EAN,rating=My Stars,dateRead=Finished On")
        // A column named like a date whose values are not dates is not proposed as one.
        let words = ColumnMapping.propose(header: ["Title", "Finished"], rows: [["Dune", "yes"], ["Emma", "no"]])
        #expect(words?.columns[.dateRead] == nil)
        // Without a column named like a title, the first column of text is the title.
        let guessed = ColumnMapping.propose(header: ["#", "What", "When"], rows: [["1", "Dune", "2024-01-01"], ["2", "Emma", "2023-05-02"]])
        #expect(guessed?.columns[.title] == "What")
        #expect(ColumnMapping.propose(header: ["#", "When"], rows: [["1", "2024-01-01"]]) == nil, "nothing looks like a title")
    }

    @Test func anUnknownFileSaysWhatMappingWouldReadItAndTheMappingImportsIt() throws {
        let harness = try ImportHarness()
        let file = try harness.file("reading-list.csv", Self.sheet)
        #expect {
            try harness.importer().importFile(at: file)
        } throws: { error in
            "\(error)".contains(#"this mapping is proposed: title=Book Name,author=Writer,isbn=EAN,rating=My Stars,dateRead=Finished On"#)
        }
        #expect(try harness.count() == 0)

        let mapping = try ColumnMapping(parsing: "title=Book Name, author=Writer, dateRead=Finished On, rating=My Stars, isbn=EAN, notes=Thoughts")
        let summary = try harness.importer().importFile(at: file, options: ImportOptions(mapping: mapping))
        #expect(summary.format == .generic)
        #expect(summary.added == 3)
        #expect(summary.ignoredColumns == ["Read?"])
        let books = try harness.snapshot()
        let dispossessed = try #require(books.first { $0.title == "The Dispossessed" })
        #expect(dispossessed.authors == ["Ursula K. Le Guin"])
        #expect(dispossessed.status == .read)
        #expect(dispossessed.rating == 5)
        #expect(dispossessed.notes == "Anarres, and walls")
        #expect(dispossessed.isbns == [["9780061054884"]])
        #expect(try #require(books.first { $0.title == "Circe" }).status != .read)
    }

    @Test func aMappingThatCannotBeUsedSaysWhy() throws {
        #expect(throws: ImportError.self) { try ColumnMapping(parsing: "name=Book Name") }
        #expect(throws: ImportError.self) { try ColumnMapping(parsing: "author=Writer") }
        #expect(throws: ImportError.self) { try ColumnMapping(parsing: "title=A,title=B") }
        #expect(throws: ImportError.self) { try ColumnMapping(parsing: "title") }
        let harness = try ImportHarness()
        let file = try harness.file("reading-list.csv", Self.sheet)
        let wrongColumn = try ColumnMapping(parsing: "title=Book Title")
        #expect {
            try harness.importer().importFile(at: file, options: ImportOptions(mapping: wrongColumn))
        } throws: { error in
            "\(error)".contains("the header has no column “Book Title”")
        }
        #expect {
            try harness.importer().importFile(at: file, options: ImportOptions(format: .goodreads, mapping: try ColumnMapping(parsing: "title=Book Name")))
        } throws: { error in
            "\(error)".contains("a mapping is for a CSV no importer knows")
        }
        #expect(try harness.count() == 0)
    }

    /// A sheet whose column names say nothing (a spreadsheet's own letters): only an advisor
    /// reading the values can map it.
    static let lettered = """
        Column A,Column B,Column C,Column D
        The Dispossessed,Ursula K. Le Guin,2024-03-02,5
        Piranesi,Susanna Clarke,2024-05-19,4
        """

    @Test func anAdvisorsSuggestionIsKeptOnlyWhereTheValuesFit() throws {
        let (header, rows) = Self.rows(Self.lettered)
        let good = try #require(ColumnMapping.checked([.title: 0, .author: 1, .dateRead: 2, .rating: 3], header: header, rows: rows))
        #expect(good.text == "title=Column A,author=Column B,rating=Column D,dateRead=Column C")
        // Wrong guesses are dropped: names are not dates, dates are not ratings, a column out of
        // range or taken twice is ignored.
        let wrong = try #require(ColumnMapping.checked([.title: 0, .dateRead: 1, .rating: 2, .pages: 9, .author: 0], header: header, rows: rows))
        #expect(wrong.text == "title=Column A")
        #expect(ColumnMapping.checked([.title: 3], header: header, rows: rows) == nil, "numbers are not titles")
        #expect(ColumnMapping.checked([.author: 1], header: header, rows: rows) == nil, "no title, no mapping")
    }

    @Test func anUnknownFileAsksTheAdvisorAndFallsBackToTheNames() async throws {
        let (header, rows) = Self.rows(Self.lettered)
        let unknown = ImportError.unknownFormat(header: header, proposal: "title=Column A", firstRows: rows)
        let advised = await unknown.advised(by: FixedAdvisor(answer: [.title: 0, .author: 1, .dateRead: 2, .rating: 3]))
        guard case .unknownFormat(_, let proposal, _) = advised else { Issue.record("\(advised)"); return }
        #expect(proposal == "title=Column A,author=Column B,rating=Column D,dateRead=Column C")
        #expect(advised.description.contains("dateRead=Column C"))
        // An advisor that fails, or says nothing that survives the check, leaves the names' proposal.
        #expect(await unknown.advised(by: FixedAdvisor(answer: nil)) == unknown)
        #expect(await unknown.advised(by: FixedAdvisor(answer: [.title: 3])) == unknown)
        #expect(await unknown.advised(by: nil) == unknown)
    }

    @Test func thePreviewShowsTheFirstRowsAsTheMappingReadsThem() throws {
        let (header, rows) = Self.rows(Self.sheet)
        let mapping = try ColumnMapping(parsing: "title=book name,author=Writer,dateRead=Finished On")
        let preview = mapping.preview(header: header, rows: rows + [["Short row"]])
        #expect(preview.fields == [.title, .author, .dateRead])
        #expect(preview.rows.first == ["The Dispossessed", "Ursula K. Le Guin", "2024-03-02"], "cells are trimmed; names match whatever their case")
        #expect(preview.rows.last == ["Short row", "", ""])
    }
}

/// An advisor answering what it was given, or failing.
private struct FixedAdvisor: ColumnMappingAdvisor {
    struct Failure: Error {}
    let answer: [ColumnMapping.Field: Int]?

    func suggest(header: [String], rows: [[String]]) async throws -> [ColumnMapping.Field: Int] {
        guard let answer else { throw Failure() }
        return answer
    }
}
