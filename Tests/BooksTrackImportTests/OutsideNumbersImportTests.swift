import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// Random digit strings and the edges of `Int` and `Double` in every cell of every format's real
/// rows: a row is read without a crash, and every number it keeps lies within its bounds.
struct OutsideNumbersImportTests {
    private static let now = Date(timeIntervalSince1970: 1_795_338_000)

    /// Each CSV format's fixture and its mapper.
    private static let formats: [(fixture: String, mapper: @Sendable (CSVHeader) -> (any RowMapper)?)] = [
        ("goodreads-2024.csv", { GoodreadsRowMapper(header: $0) }),
        ("storygraph-export.csv", { StoryGraphRowMapper(header: $0) }),
        ("librarything-export.tsv", { LibraryThingRowMapper(header: $0) }),
        ("hardcover-export.csv", { HardcoverRowMapper(header: $0) }),
        ("bookwyrm-export.csv", { BookWyrmRowMapper(header: $0) }),
        ("openlibrary-readinglog.csv", { OpenLibraryRowMapper(header: $0) }),
        ("calibre-catalog.csv", { CalibreRowMapper(header: $0) }),
        ("openreads-export.csv", { OpenreadsRowMapper(header: $0) }),
        ("generic-export.csv", { GenericRowMapper(header: $0) }),
    ]

    @Test(arguments: formats.indices)
    func everyCellOfACSVRowTakesHostileDigitsWithoutACrash(format: Int) throws {
        // Given a format's header and first real row
        let (fixture, makeMapper) = Self.formats[format]
        var reader = try CSVReader(url: try MappedFixture.url(fixture))
        let header = CSVHeader(try #require(try reader.next()).fields)
        let original = try #require(try reader.next())
        let mapper = try #require(makeMapper(header))
        var checked = 0

        // When each cell in turn holds each value
        for column in original.fields.indices {
            for value in OutsideNumbers.values(count: 12, seed: UInt64(format * 1_000 + column)) {
                var record = original
                record.fields[column] = value
                var problems: [ImportProblem] = []
                guard let book = mapper.book(from: CSVRow(record: record, header: header), problems: &problems) else { continue }

                // Then what the import keeps of the row is within its bounds
                let kept = book.fittingLimits(now: Self.now, problems: &problems)
                Self.expectWithinBounds(kept, "\(fixture), column \(header.names[column]) = \(value)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    @Test func everyNumberOfALibraryThingJSONBookTakesHostileDigitsWithoutACrash() throws {
        // Given a LibraryThing book whose numbers and dates are each written as a hostile value
        let fields = ["pages", "rating", "date", "entrydate", "datestarted", "dateread", "series", "publication", "workcode"]
        var books = 0
        var refused = 0
        for (index, value) in OutsideNumbers.values(count: 60, seed: 43).enumerated() {
            let json = OutsideNumbers.isJSONNumber(value) ? value : "\"\(value)\""
            let members = fields.map { "\"\($0)\": \(json)" }.joined(separator: ", ")
            let document = "{\"\(index + 1)\": {\"title\": \"Hostile \(index)\", \"books_id\": \"\(index + 1)\", \(members)}}"

            // When the export is read
            var problems: [ImportProblem] = []
            let read: [ImportedBook]
            do {
                read = try LibraryThingJSONReader.books(from: Data(document.utf8), limits: ImportLimits(), problems: &problems)
            } catch {
                // Then a number JSON itself cannot hold (1e309) refuses the file, naming the book
                #expect("\(error)".contains("book \"\(index + 1)\""), "\(value): \(error)")
                refused += 1
                continue
            }

            // and any other book comes in with its numbers within bounds
            let book = try #require(read.first)
            Self.expectWithinBounds(book.fittingLimits(now: Self.now, problems: &problems), "LibraryThing JSON = \(value)")
            books += read.count
        }
        #expect(books + refused == OutsideNumbers.extremes.count + 60)
        #expect(books > refused)
    }

    /// Every number an `ImportedBook` may carry into the library is nil or within its bounds.
    private static func expectWithinBounds(_ book: ImportedBook, _ what: String) {
        let latest = LibraryEntry.latestDate(now: now)
        #expect(book.pageCount.map(Bounds.pageCount.contains) ?? true, "\(what): pageCount \(String(describing: book.pageCount))")
        #expect(book.firstPublicationYear.map(Bounds.year.contains) ?? true, "\(what): year \(String(describing: book.firstPublicationYear))")
        #expect(book.publicationDate.map { Bounds.year.contains($0.year) } ?? true, "\(what): date \(String(describing: book.publicationDate))")
        #expect(book.audioDurationMinutes.map(Bounds.audioMinutes.contains) ?? true, "\(what): minutes")
        #expect(book.rating.map { (try? Validation.rating($0)) != nil } ?? true, "\(what): rating \(String(describing: book.rating))")
        #expect(book.seriesPosition.map { $0.isFinite && $0 >= 0 } ?? true, "\(what): series position \(String(describing: book.seriesPosition))")
        for date in [book.dateAdded, book.dateStarted, book.dateCompleted, book.dateStopped].compactMap({ $0 }) {
            #expect(date <= latest, "\(what): date \(date)")
        }
    }
}
