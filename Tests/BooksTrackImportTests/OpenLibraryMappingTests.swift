import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// Open Library's current reading log, which has titles, authors and subjects.
struct OpenLibraryMappingTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        (books, problems) = try MappedFixture.read("openlibrary-readinglog.csv") { OpenLibraryRowMapper(header: $0) }
    }

    private func book(_ title: String) throws -> ImportedBook {
        try #require(books.first { $0.title == title })
    }

    @Test func bookshelvesNameTheStatus() throws {
        // given the shelves Already Read, Currently Reading and Want to Read
        // when the rows are mapped
        // then the statuses are read, reading and to-read
        #expect(try book("Dune").status == .read)
        #expect(try book("The Lord of the Rings").status == .reading)
        #expect(try book("Good Omens").status == .toRead)
    }

    @Test func authorsAreSplitOnBars() throws {
        // given "J.R.R. Tolkien | Christopher Tolkien"
        // when the row is mapped
        let book = try book("The Lord of the Rings")
        // then there are two authors
        #expect(book.authors == ["J.R.R. Tolkien", "Christopher Tolkien"])
    }

    @Test func subjectsBecomeTheFirstTenGenres() throws {
        // given twelve subjects joined by " | "
        // when the row is mapped
        let dune = try book("Dune")
        // then the first ten are the genres
        #expect(dune.genres.count == 10)
        #expect(dune.genres.first == "Science fiction")
        #expect(dune.genres.last == "Heroes")
    }

    @Test func workAndEditionIDsAreKept() throws {
        // given Work ID OL893415W and Edition ID OL1532643M
        // when the row is mapped
        let dune = try book("Dune")
        // then they name the work and the edition
        #expect(dune.workExternalIDs.openLibraryWorkID == "OL893415W")
        #expect(dune.editionExternalIDs.openLibraryEditionID == "OL1532643M")
    }

    @Test func firstPublishYearIsTheWorksYear() throws {
        // given First Publish Year 1965
        // when the row is mapped
        let dune = try book("Dune")
        // then the work was first published in 1965
        #expect(dune.firstPublicationYear == 1965)
    }

    @Test func myRatingIsTheRatingAndTheAverageIsIgnored() throws {
        // given My Ratings 4 (and a public average of 4.3) on one book, none on another
        // when the rows are mapped
        // then only the reader's rating is kept
        #expect(try book("Dune").rating == 4)
        #expect(try book("Good Omens").rating == nil)
    }

    @Test func unknownShelfBecomesATagAndToRead() throws {
        // given the shelf "Favourites"
        // when the row is mapped
        let book = try book("Shelved Oddly")
        // then it is a tag, the book is to-read, and the shelf is reported
        #expect(book.tags == ["Favourites"])
        #expect(book.status == .toRead)
        #expect(problems.contains { $0.row == 5 && $0.message.contains("\"Favourites\"") })
    }
}

/// Open Library's old reading log: `Work Id,Edition Id,Bookshelf`, no titles.
struct OpenLibraryOldExportTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        (books, problems) = try MappedFixture.read("openlibrary-readinglog-old.csv") { OpenLibraryRowMapper(header: $0) }
    }

    @Test func bookIsImportedUnderItsWorkIDAndReported() throws {
        // given row 2: OL102749W, no edition, Currently Reading
        // when it is mapped
        let book = try #require(books.first { $0.row == 2 })
        // then its title is the work ID, the ID is kept, and the report says how to fill the title
        #expect(book.title == "OL102749W")
        #expect(book.workExternalIDs.openLibraryWorkID == "OL102749W")
        #expect(book.status == .reading)
        let problem = try #require(problems.first { $0.row == 2 })
        #expect(problem.action == .kept)
        #expect(problem.message.contains("no titles") && problem.message.contains("bookstrack enrich"))
    }

    @Test func bothIDsAreKept() throws {
        // given row 3: OL361393W and OL7798182M, Want to Read
        // when it is mapped
        let book = try #require(books.first { $0.row == 3 })
        // then the work and the edition IDs are kept and the book is to-read
        #expect(book.workExternalIDs.openLibraryWorkID == "OL361393W")
        #expect(book.editionExternalIDs.openLibraryEditionID == "OL7798182M")
        #expect(book.status == .toRead)
    }

    @Test func editionIDStandsInWhenTheWorkIDIsMissing() throws {
        // given row 4: no work, edition OL25726365M
        // when it is mapped
        let book = try #require(books.first { $0.row == 4 })
        // then the edition ID is the placeholder title
        #expect(book.title == "OL25726365M")
        #expect(book.editionExternalIDs.openLibraryEditionID == "OL25726365M")
    }

    @Test func rowWithoutAnyIDIsSkipped() {
        // given row 5, which holds only a shelf
        // when the file is mapped
        // then no book comes from it and the skip is reported
        #expect(books.allSatisfy { $0.row != 5 })
        #expect(problems.contains { $0.row == 5 && $0.action == .skipped })
    }

    @Test func textThatIsNoOpenLibraryIDIsReported() {
        // given row 6 whose work ID is "not-an-id"
        // when the file is mapped
        // then the value is reported and, with no ID left, the row is skipped
        #expect(problems.contains { $0.row == 6 && $0.message.contains("\"not-an-id\"") })
        #expect(problems.contains { $0.row == 6 && $0.action == .skipped })
    }
}
