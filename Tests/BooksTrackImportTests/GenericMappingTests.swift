import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// A CSV file no known tool wrote, read by its column names.
struct GenericMappingTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        // The fixture's header is `header` below; the mapper is made from it once, as the importer does.
        let mapper = try #require(GenericRowMapper(header: Self.header))
        (books, problems) = try MappedFixture.read("generic-export.csv") { _ in mapper }
    }

    private func book(_ title: String) throws -> ImportedBook {
        try #require(books.first { $0.title == title })
    }

    private static let header = CSVHeader([
        "ID", "Book Title", "Author Name", "ISBN-13", "EAN", "My Rating", "Bookshelf", "Date_Added", "Date Finished",
        "Num Pages", "Labels", "Comment", "Condition",
    ])

    @Test func synonymsAndSpellingsOfColumnNamesAreUsed() throws {
        // given columns named with synonyms, underscores and hyphens
        // when the mapper reads the header
        let mapper = try #require(GenericRowMapper(header: Self.header))
        // then it uses them, in header order
        #expect(
            mapper.usedColumns == [
                "Book Title", "Author Name", "ISBN-13", "EAN", "My Rating", "Bookshelf", "Date_Added", "Date Finished",
                "Num Pages", "Labels", "Comment",
            ])
    }

    @Test func columnsWithoutAFieldAreListedAsIgnored() throws {
        // given the columns ID and Condition
        // when the mapper reads the header
        let mapper = try #require(GenericRowMapper(header: Self.header))
        // then they are the ignored ones
        #expect(mapper.ignoredColumns == ["ID", "Condition"])
    }

    @Test func headerWithoutATitleColumnHasNoMapper() {
        // given a header naming authors and ISBNs but no title
        // when the mapper reads it
        let mapper = GenericRowMapper(header: CSVHeader(["author", "isbn", "rating"]))
        // then there is none
        #expect(mapper == nil)
    }

    @Test func titleColumnIsPreferredOverName() throws {
        // given both "Name" and "Title" columns
        // when the mapper reads the header
        let mapper = try #require(GenericRowMapper(header: CSVHeader(["Name", "Title"])))
        // then Title is used and Name ignored
        #expect(mapper.usedColumns == ["Title"])
        #expect(mapper.ignoredColumns == ["Name"])
    }

    @Test func rowIsReadIntoItsFields() throws {
        // given Gideon the Ninth with an ISBN, rating 4, read on 2021-11-11, 448 pages, labels and a comment
        // when the row is mapped
        let gideon = try book("Gideon the Ninth")
        // then every field is set
        #expect(gideon.authors == ["Tamsyn Muir"])
        #expect(gideon.isbns.map(\.isbn13) == ["9781250313195"])
        #expect(gideon.rating == 4)
        #expect(gideon.status == .read)
        #expect(gideon.dateAdded == PartialDate(year: 2021, month: 11, day: 10)?.date())
        #expect(gideon.dateCompleted == PartialDate(year: 2021, month: 11, day: 11)?.date())
        #expect(gideon.pageCount == 448)
        #expect(gideon.tags == ["sci-fi", "favorites"])
        #expect(gideon.notes == "Signed copy")
    }

    @Test func finishDateWithoutAStatusMeansRead() throws {
        // given Harrow the Ninth with no shelf and a finish date
        // when the row is mapped
        let harrow = try book("Harrow the Ninth")
        // then it is read on that date
        #expect(harrow.status == .read)
        #expect(harrow.dateCompleted == PartialDate(year: 2021, month: 12, day: 24)?.date())
    }

    @Test func eanColumnIsAnISBN() throws {
        // given the ISBN in a column named EAN
        // when the row is mapped
        // then it is read
        #expect(try book("Harrow the Ninth").isbns.map(\.isbn13) == ["9781250313225"])
    }

    @Test func ratingOutsideFiveStarsIsReportedAndLeftOut() throws {
        // given My Rating 8
        // when the row is mapped
        let book = try book("Subcutanean")
        // then the book is unrated and the value is reported
        #expect(book.rating == nil)
        #expect(problems.contains { $0.row == book.row && $0.message.contains("\"8\"") })
    }

    @Test func unknownShelfIsATagOfAToReadBook() throws {
        // given Bookshelf "owned"
        // when the row is mapped
        let book = try book("Patisserie at Home")
        // then the shelf is a tag and the book is to-read
        #expect(book.status == .toRead)
        #expect(book.tags == ["owned"])
    }

    @Test func severalAuthorsInOneCellAreSplit() throws {
        // given Author Name "Mélanie Dupuis, Anne Cazor"
        // when the row is mapped
        // then both are authors
        #expect(try book("Patisserie at Home").authors == ["Mélanie Dupuis", "Anne Cazor"])
    }

    @Test func pageCountThatIsNoNumberIsReported() throws {
        // given Num Pages "two hundred"
        // when the row is mapped
        let book = try book("Patisserie at Home")
        // then the book has no page count and the column and value are reported
        #expect(book.pageCount == nil)
        #expect(problems.contains { $0.row == book.row && $0.message.contains("Num Pages \"two hundred\"") })
    }

    @Test func rowWithoutATitleIsSkippedAndReported() throws {
        // given row 6 with an empty title
        // when the file is mapped
        // then four books are read and row 6 is reported as skipped
        #expect(books.count == 4)
        #expect(problems.contains { $0.row == 6 && $0.action == .skipped })
    }
}
