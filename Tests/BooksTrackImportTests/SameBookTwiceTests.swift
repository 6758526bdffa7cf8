import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// One book on two rows, as people's exports have it: two editions each read on another date, the
/// same book listed twice with a rating on one row only, and a title with and without its subtitle.
@Suite struct SameBookTwiceTests {
    static let hobbitPaperback = GoodreadsText.row(
        id: 5907, title: "The Hobbit", author: "J.R.R. Tolkien", isbn13: "9780547928227", rating: 4,
        pages: "300", dateRead: "2019/03/02", dateAdded: "2019/01/10", shelf: "read", readCount: 1
    )
    static let hobbitAnnotated = GoodreadsText.row(
        id: 15_881, title: "The Hobbit", author: "J.R.R. Tolkien", isbn13: "9780618134700",
        pages: "432", dateRead: "2021/05/01", dateAdded: "2021/04/02", shelf: "read", readCount: 1
    )

    private static func day(_ year: Int, _ month: Int, _ day: Int) -> Date? {
        PartialDate(year: year, month: month, day: day)?.date()
    }

    @Test func twoEditionsReadOnDifferentDatesBecomeOneBookWithBothReads() throws {
        // Given a file with two editions of one book, each read once
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file([Self.hobbitPaperback, Self.hobbitAnnotated]))

        // When it is imported
        let summary = try harness.importer().importFile(at: file)

        // Then there is one book whose latest read is the later one and whose history holds the other
        #expect(summary.added == 1)
        #expect(summary.merged == 1)
        let book = try #require(try harness.store.books(EntryQuery()).first)
        #expect(try harness.count() == 1)
        #expect(book.entry.dateCompleted == Self.day(2021, 5, 1))
        #expect(book.entry.readHistory.map(\.ended) == [Self.day(2019, 3, 2)])
        #expect(book.entry.readHistory.map(\.outcome) == [.read])
        #expect(book.entry.rating == 4)
        #expect(summary.problems.contains { $0.row == 3 && $0.message.contains("same book as row 2") })
    }

    @Test func aBookReadBeforeAnyRowGaveItsPageCountIsAtItsLastPageOnceOneDoes() throws {
        // Given a book imported as read from a file without page counts
        let harness = try ImportHarness()
        let first = GoodreadsText.row(
            id: 28_694_510, title: "Patisserie at Home", author: "Mélanie Dupuis", isbn13: "9780062445315", rating: 2,
            pages: "", dateRead: "2021/11/11", dateAdded: "2021/11/10", shelf: "read")
        _ = try harness.importer().importFile(at: try harness.file("generic.csv", GoodreadsText.file([first])))
        let before = try #require(try harness.store.books(EntryQuery()).first)
        #expect(before.entry.currentPage == 0)
        #expect(before.entry.progress == 1)
        // When a second export gives its 288 pages
        let second = GoodreadsText.row(
            id: 28_694_510, title: "Patisserie at Home", author: "Mélanie Dupuis", isbn13: "9780062445315", rating: 2,
            pages: "288", dateRead: "2021/11/11", dateAdded: "2021/11/10", shelf: "read")
        let summary = try harness.importer().importFile(at: try harness.file("goodreads.csv", GoodreadsText.file([second])))
        // Then the one book is read to its last page, not "page 0 of 288"
        #expect(summary.merged == 1)
        #expect(try harness.count() == 1)
        let after = try #require(try harness.store.books(EntryQuery()).first)
        #expect(after.pageCount == 288)
        #expect(after.entry.currentPage == 288)
        #expect(after.entry.progress == 1)
    }

    @Test func theLaterReadWinsWhicheverRowComesFirst() throws {
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file([Self.hobbitAnnotated, Self.hobbitPaperback]))

        _ = try harness.importer().importFile(at: file)

        let book = try #require(try harness.store.books(EntryQuery()).first)
        #expect(book.entry.dateCompleted == Self.day(2021, 5, 1))
        #expect(book.entry.readHistory.map(\.ended) == [Self.day(2019, 3, 2)])
    }

    @Test func eachReadOfTheTwoRowsCountsInItsYearsInsights() throws {
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file([Self.hobbitPaperback, Self.hobbitAnnotated]))

        _ = try harness.importer().importFile(at: file)

        #expect(try harness.store.insights(year: 2019, now: ImportHarness.now).reading.booksFinished == 1)
        #expect(try harness.store.insights(year: 2021, now: ImportHarness.now).reading.booksFinished == 1)
        #expect(try harness.store.insights(year: nil, now: ImportHarness.now).reading.booksFinished == 2)
    }

    @Test func importingTheFileAgainChangesNothing() throws {
        let harness = try ImportHarness()
        let file = try harness.file("goodreads.csv", GoodreadsText.file([Self.hobbitPaperback, Self.hobbitAnnotated]))
        _ = try harness.importer().importFile(at: file)
        let before = try harness.store.books(EntryQuery())

        let again = try harness.importer().importFile(at: file)

        #expect(again.unchanged == 2)
        #expect(again.merged == 0)
        #expect(try harness.store.books(EntryQuery()).map(\.entry) == before.map(\.entry))
    }

    @Test func aReadADayApartInAnotherExportIsTheSameRead() throws {
        // Given the library's read finished on 2 March 2019
        let harness = try ImportHarness()
        _ = try harness.importer().importFile(at: try harness.file("a.csv", GoodreadsText.file([Self.hobbitPaperback])))
        // When another tracker's export, at midnight of another time zone, says 3 March
        let shifted = GoodreadsText.row(
            id: 5907, title: "The Hobbit", author: "J.R.R. Tolkien", isbn13: "9780547928227", dateRead: "2019/03/03",
            shelf: "read", readCount: 1
        )
        _ = try harness.importer().importFile(at: try harness.file("b.csv", GoodreadsText.file([shifted])))

        // Then it is one read
        let book = try #require(try harness.store.books(EntryQuery()).first)
        #expect(book.entry.readHistory.isEmpty)
        #expect(book.entry.dateCompleted == Self.day(2019, 3, 2))
    }

    @Test(arguments: [(4, 0), (0, 4)])
    func theRatingOfTheRowThatHasOneIsKept(first: Int, second: Int) throws {
        // Given the same book listed twice, rated on one row only
        let harness = try ImportHarness()
        let rows = [first, second].enumerated().map { position, rating in
            GoodreadsText.row(
                id: 40 + position, title: "Piranesi", author: "Susanna Clarke", isbn13: "9781635575637", rating: rating,
                dateRead: "2021/01/0\(position + 1)", shelf: "read"
            )
        }

        _ = try harness.importer().importFile(at: try harness.file("goodreads.csv", GoodreadsText.file(rows)))

        let book = try #require(try harness.store.books(EntryQuery()).first)
        #expect(try harness.count() == 1)
        #expect(book.entry.rating == 4)
    }

    @Test func theSameReadOnTwoRowsIsOneRead() throws {
        let harness = try ImportHarness()
        let twice = GoodreadsText.file([Self.hobbitPaperback, Self.hobbitPaperback])

        _ = try harness.importer().importFile(at: try harness.file("goodreads.csv", twice))

        let book = try #require(try harness.store.books(EntryQuery()).first)
        #expect(book.entry.readHistory.isEmpty)
        #expect(book.entry.dateCompleted == Self.day(2019, 3, 2))
    }
}

/// An import is not reading: only the dates a file carries count.
@Suite struct ImportReadingDayTests {
    @Test func aBookAnImportMovesToReadMakesNoReadingDay() throws {
        // Given a to-read book in the library
        let harness = try ImportHarness()
        let toRead = GoodreadsText.row(id: 1, title: "Kindred", author: "Octavia E. Butler", isbn13: "9780807083697")
        _ = try harness.importer().importFile(at: try harness.file("a.csv", GoodreadsText.file([toRead])))

        // When a second export says it was read
        let read = GoodreadsText.row(
            id: 1, title: "Kindred", author: "Octavia E. Butler", isbn13: "9780807083697", dateRead: "2020/02/03", shelf: "read"
        )
        let summary = try harness.importer().importFile(at: try harness.file("b.csv", GoodreadsText.file([read])))

        // Then the book is read, and today is not a day of reading
        #expect(summary.merged == 1)
        let streaks = try harness.store.insights(year: nil, now: ImportHarness.now).streaks
        #expect(streaks.lastReadingDay == nil)
        #expect(streaks.current == 0)
    }
}

/// "Sapiens" and "Sapiens: A Brief History of Humankind" by one author are one book.
@Suite struct TitleBeforeSubtitleTests {
    static let short = GoodreadsText.row(id: 1, title: "Sapiens", author: "Yuval Noah Harari", dateRead: "2018/06/01", shelf: "read")
    static let long = GoodreadsText.row(
        id: 2, title: "Sapiens: A Brief History of Humankind", author: "Yuval Noah Harari", isbn13: "9780062316097", rating: 5,
        shelf: "to-read"
    )

    @Test func rowsWithAndWithoutTheSubtitleInOneFileAreOneBook() throws {
        let harness = try ImportHarness()

        let summary = try harness.importer().importFile(at: try harness.file("g.csv", GoodreadsText.file([Self.short, Self.long])))

        #expect(try harness.count() == 1)
        let book = try #require(try harness.store.books(EntryQuery()).first)
        #expect(book.work.title == "Sapiens")
        #expect(book.work.subtitle == "A Brief History of Humankind")
        #expect(book.entry.rating == 5)
        #expect(book.entry.status == .read)
        #expect(summary.problems.contains { $0.row == 3 && $0.message.contains("before its subtitle") })
    }

    @Test func aShortTitleInALaterFileFindsTheLibrarysBookWithItsSubtitle() throws {
        let harness = try ImportHarness()
        _ = try harness.importer().importFile(at: try harness.file("a.csv", GoodreadsText.file([Self.long])))

        let summary = try harness.importer().importFile(at: try harness.file("b.csv", GoodreadsText.file([Self.short])))

        #expect(try harness.count() == 1)
        #expect(summary.merged == 1)
        #expect(summary.problems.contains { $0.message.contains("the same title before its subtitle") })
        let book = try #require(try harness.store.books(EntryQuery()).first)
        #expect(book.entry.status == .read)
    }

    @Test func aLongTitleInALaterFileFindsTheLibrarysShortTitle() throws {
        let harness = try ImportHarness()
        _ = try harness.importer().importFile(at: try harness.file("a.csv", GoodreadsText.file([Self.short])))

        _ = try harness.importer().importFile(at: try harness.file("b.csv", GoodreadsText.file([Self.long])))

        #expect(try harness.count() == 1)
        let again = try harness.importer().importFile(at: try harness.file("b.csv", GoodreadsText.file([Self.long])))
        #expect(again.unchanged == 1)
    }

    @Test func anotherAuthorsBookWithTheSameTitleIsAnotherBook() throws {
        let harness = try ImportHarness()
        let other = GoodreadsText.row(id: 3, title: "Sapiens", author: "Someone Else", shelf: "to-read")

        _ = try harness.importer().importFile(at: try harness.file("g.csv", GoodreadsText.file([Self.long, other])))

        #expect(try harness.count() == 2)
    }

    @Test func twoSubtitledBooksOfOneSeriesAreNotMerged() throws {
        // Given two volumes that share a title before their subtitles, both with ISBNs
        let harness = try ImportHarness()
        let rows = [
            GoodreadsText.row(id: 4, title: "Discworld: Mort", author: "Terry Pratchett", isbn13: "9780062225719"),
            GoodreadsText.row(id: 5, title: "Discworld: Sourcery", author: "Terry Pratchett", isbn13: "9780062225726"),
            GoodreadsText.row(id: 6, title: "Discworld", author: "Terry Pratchett"),
        ]

        _ = try harness.importer().importFile(at: try harness.file("g.csv", GoodreadsText.file(rows)))

        // Then each stays its own book, and a bare "Discworld" matches neither of two candidates
        #expect(try harness.count() == 3)
    }

    @Test func twoEditionsWithDifferentISBNsAndTitlesAreNotMergedBySubtitle() throws {
        let harness = try ImportHarness()
        let rows = [
            GoodreadsText.row(id: 7, title: "Dune", author: "Frank Herbert", isbn13: "9780441172719"),
            GoodreadsText.row(id: 8, title: "Dune: Deluxe Edition", author: "Frank Herbert", isbn13: "9780593099322"),
        ]

        _ = try harness.importer().importFile(at: try harness.file("g.csv", GoodreadsText.file(rows)))

        #expect(try harness.count() == 2)
    }
}
