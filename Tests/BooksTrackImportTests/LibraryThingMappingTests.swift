import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// The books and problems a mapper reads from a fixture file of this test target.
enum MappedFixture {
    /// The URL of `Fixtures/name`.
    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    }

    /// Reads every row of `name` through the mapper `makeMapper` builds from its header.
    static func read(
        _ name: String, mapper makeMapper: (CSVHeader) -> any RowMapper
    ) throws -> (books: [ImportedBook], problems: [ImportProblem]) {
        var reader = try CSVReader(url: url(name))
        let header = CSVHeader(try #require(try reader.next()).fields)
        let mapper = makeMapper(header)
        var books: [ImportedBook] = []
        var problems: [ImportProblem] = []
        while let record = try reader.next() {
            if let book = mapper.book(from: CSVRow(record: record, header: header), problems: &problems) {
                books.append(book)
            }
        }
        return (books, problems)
    }
}

/// LibraryThing's TSV export, read from a fixture written in ISO-8859-1 as LibraryThing writes it.
struct LibraryThingMappingTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        (books, problems) = try MappedFixture.read("librarything-export.tsv") { LibraryThingRowMapper(header: $0) }
    }

    private func book(_ title: String) throws -> ImportedBook {
        try #require(books.first { $0.title == title })
    }

    @Test func latinOneNamesAreReadAndPutFirstNameFirst() throws {
        // given the Latin-1 row of Marelle, by "Cortázar, Julio"
        // when it is mapped
        let marelle = try book("Marelle")
        // then the author reads "Julio Cortázar"
        #expect(marelle.authors == ["Julio Cortázar"])
    }

    @Test func surnameParticlesStayWithTheSurname() throws {
        // given "Le Guin, Ursula K."
        // when the row is mapped
        let book = try book("The Left Hand of Darkness")
        // then the particle stays in the surname
        #expect(book.authors == ["Ursula K. Le Guin"])
    }

    @Test func secondaryAuthorRolesPutTranslatorsOnTheEdition() throws {
        // given secondary authors "Rabassa, Gregory|Vargas Llosa, Mario" with roles "Translator|Foreword"
        // when the row is mapped
        let book = try book("Cien años de soledad")
        // then the translator goes to the edition and the foreword's author is a contributor, not an author
        #expect(book.translator == "Gregory Rabassa")
        #expect(book.authors == ["Gabriel García Márquez"])
        #expect(book.contributors == [Contributor(name: "Mario Vargas Llosa", role: "foreword")])
    }

    @Test func publicationGivesThePublisherAndABindingHint() throws {
        // given the publication "Gallimard (1979), Poche" and no media
        // when the row is mapped
        let marelle = try book("Marelle")
        // then the publisher and the pocket binding are read
        #expect(marelle.publisher == "Gallimard")
        #expect(marelle.format == .massMarket)
    }

    @Test func mediaWinsOverThePublicationBinding() throws {
        // given media "Hardcover" and a publication naming a paperback
        // when the row is mapped
        let book = try book("Cien años de soledad")
        // then the reader's media choice is the format
        #expect(book.format == .hardcover)
    }

    @Test func unknownBindingGivesNoFormat() throws {
        // given the publication "Pocket (1994), Unknown Binding" and no media
        // when the row is mapped
        let book = try book("Le Maître et Marguerite")
        // then the format stays unknown
        #expect(book.format == nil)
    }

    @Test func pageCountWithATrailingSpaceIsRead() throws {
        // given the page count "590 "
        // when the row is mapped
        let marelle = try book("Marelle")
        // then it is 590
        #expect(marelle.pageCount == 590)
    }

    @Test func pagesFallBackToThePublicationDetails() throws {
        // given no page count and a publication ending "417 pages"
        // when the row is mapped
        let book = try book("Cien años de soledad")
        // then the pages come from the publication
        #expect(book.pageCount == 417)
    }

    @Test func publicationYearFallsBackToThePublication() throws {
        // given the date "?" and the publication "Ace (1987)"
        // when the row is mapped
        let book = try book("The Left Hand of Darkness")
        // then the year comes from the publication and the "?" is not reported
        #expect(book.publicationDate == PartialDate(year: 1987))
        #expect(!problems.contains { $0.row == 4 })
    }

    @Test func bracketedDatesAreRead() throws {
        // given [2007-04-16], [2007-05-08] and the entry date [2006-08-09]
        // when the row is mapped
        let marelle = try book("Marelle")
        // then the dates are the days written
        #expect(marelle.dateStarted == PartialDate(year: 2007, month: 4, day: 16)?.date())
        #expect(marelle.dateCompleted == PartialDate(year: 2007, month: 5, day: 8)?.date())
        #expect(marelle.dateAdded == PartialDate(year: 2006, month: 8, day: 9)?.date())
    }

    @Test func halfStarRatingsAreKept() throws {
        // given the rating 4.5
        // when the row is mapped
        let marelle = try book("Marelle")
        // then the rating is 4.5 stars
        #expect(marelle.rating == 4.5)
    }

    @Test func commentAndPrivateCommentJoinIntoNotes() throws {
        // given a comment and a private comment
        // when the row is mapped
        let marelle = try book("Marelle")
        // then both are in the notes, a blank line between them
        #expect(marelle.notes == "Prêté à Paul\n\nAcheté d'occasion")
    }

    @Test func returnMarkersBecomeLineBreaks() throws {
        // given a review with LibraryThing's "[Return]" paragraph marker
        // when the row is mapped
        let marelle = try book("Marelle")
        // then the marker is a line break
        #expect(marelle.review == "Chef d'oeuvre.\nÀ relire.")
    }

    @Test func bracketedISBNAndTheISBNListAreMerged() throws {
        // given ISBN [2070291340] and ISBNs "2070291340, 9782070291342"
        // when the row is mapped
        let marelle = try book("Marelle")
        // then the edition has that one ISBN
        #expect(marelle.isbns.map(\.isbn13) == ["9782070291342"])
    }

    @Test func badISBNIsReportedAndTheValidOneKept() throws {
        // given ISBN [0802130305] and ISBNs "0802130306" (bad check digit)
        // when the row is mapped
        let ficciones = try book("Ficciones")
        // then the valid ISBN is kept and the bad one reported with its row
        #expect(ficciones.isbns.map(\.isbn13) == ["9780802130303"])
        #expect(problems.contains { $0.row == 8 && $0.message.contains("0802130306") && $0.action == .kept })
    }

    @Test func libraryThingIDsGoToTheEditionAndTheWork() throws {
        // given Book Id 5498194 and Work id 57814
        // when the row is mapped
        let marelle = try book("Marelle")
        // then the book id names the edition and the work id the work
        #expect(marelle.editionExternalIDs.librarythingIDs == ["5498194"])
        #expect(marelle.workExternalIDs.librarythingIDs == ["57814"])
    }

    @Test func languageNamesBecomeLanguageTags() throws {
        // given Languages "French" and Original Languages "Spanish"
        // when the row is mapped
        let marelle = try book("Marelle")
        // then they are BCP 47 tags
        #expect(marelle.language == "fr")
        #expect(marelle.originalLanguage == "es")
    }

    @Test func tagsAreSplitOnCommas() throws {
        // given the tags "roman, espagnol, expérimental"
        // when the row is mapped
        let marelle = try book("Marelle")
        // then there are three tags
        #expect(marelle.tags == ["roman", "espagnol", "expérimental"])
    }

    @Test func readingDatesImplyTheStatus() throws {
        // given a finished book and a started one, neither in a status collection
        // when the rows are mapped
        let finished = try book("Marelle")
        let started = try book("The Left Hand of Darkness")
        // then the first is read and the second being read
        #expect(finished.status == .read)
        #expect(started.status == .reading)
    }

    @Test func aCollectionNamingAStatusWinsOverTheDates() throws {
        // given a book with a read date in the "Currently reading" collection
        // when the row is mapped
        let book = try book("Le Maître et Marguerite")
        // then it is being read
        #expect(book.status == .reading)
    }

    @Test func yourLibraryMeansOwned() throws {
        // given a book in "Your library"
        // when the row is mapped
        let marelle = try book("Marelle")
        // then the reader owns it
        #expect(marelle.isOwned == true)
    }

    @Test func wishlistIsAWishNotACopy() throws {
        // given a book in the "Wishlist" collection
        // when the row is mapped
        let book = try book("Cien años de soledad")
        // then it is wished for and not owned
        #expect(book.status == .wishlist)
        #expect(book.isOwned == false)
    }

    @Test func readButUnownedIsReadWithoutACopy() throws {
        // given a book in "Read but unowned"
        // when the row is mapped
        let rayuela = try book("Rayuela")
        // then it is read and not owned
        #expect(rayuela.status == .read)
        #expect(rayuela.isOwned == false)
    }

    @Test func favoritesMarkTheFavouriteAndOtherCollectionsBecomeTags() throws {
        // given a book in "Your library, Favorites, Hainish shelf"
        // when the row is mapped
        let book = try book("The Left Hand of Darkness")
        // then it is a favourite and the custom collection is a tag
        #expect(book.isFavorite == true)
        #expect(book.tags == ["Hainish shelf"])
    }

    @Test func rowWithoutATitleIsSkippedAndReported() {
        // given row 7, which has an author but no title
        // when the file is mapped
        // then no book comes from it and the skip is reported
        #expect(books.allSatisfy { $0.row != 7 })
        #expect(problems.contains { $0.row == 7 && $0.action == .skipped })
    }

    @Test func badRatingIsReportedAndLeftOut() throws {
        // given the rating "seven"
        // when the row is mapped
        let ficciones = try book("Ficciones")
        // then the book is unrated and the value reported
        #expect(ficciones.rating == nil)
        #expect(problems.contains { $0.row == 8 && $0.message.contains("\"seven\"") })
    }
}

/// LibraryThing's JSON export.
struct LibraryThingJSONTests {
    private let books: [ImportedBook]
    private let problems: [ImportProblem]

    init() throws {
        let data = try Data(contentsOf: MappedFixture.url("librarything-export.json"))
        var problems: [ImportProblem] = []
        books = try LibraryThingJSONReader.books(from: data, limits: ImportLimits(), problems: &problems)
        self.problems = problems
    }

    private func book(_ title: String) throws -> ImportedBook {
        try #require(books.first { $0.title == title })
    }

    @Test func booksKeepTheOrderOfTheFile() {
        // given a file whose first book has the larger id
        // when it is read
        // then the books come in file order, numbered by position
        #expect(books.map(\.title) == ["Saga, Vol. 1", "Le Petit Prince", "Transmetropolitan, Vol. 3"])
        #expect(books.map(\.row) == [1, 2, 4])
    }

    @Test func isbnObjectGivesBothISBNsOfTheEdition() throws {
        // given isbn {"0": "1607066017", "2": "9781607066019"}
        // when the book is read
        let saga = try book("Saga, Vol. 1")
        // then the edition has the one ISBN they both write
        #expect(saga.isbns.map(\.isbn13) == ["9781607066019"])
    }

    @Test func isbnAsAListOrAStringIsRead() throws {
        // given isbn ["0156012197"] on one book and "1401223125" on another
        // when the books are read
        let prince = try book("Le Petit Prince")
        let transmetropolitan = try book("Transmetropolitan, Vol. 3")
        // then both ISBNs are read
        #expect(prince.isbns.map(\.isbn13) == ["9780156012195"])
        #expect(transmetropolitan.isbns.map(\.isbn13) == ["9781401223120"])
    }

    @Test func asinHoldingTheISBNIsNotAnAmazonID() throws {
        // given asin "1607066017", the ISBN-10 LibraryThing copies there
        // when the book is read
        let saga = try book("Saga, Vol. 1")
        // then no Amazon ID is recorded
        #expect(saga.editionExternalIDs.amazonASINs.isEmpty)
    }

    @Test func authorsUseTheirFirstLastFormAndTranslatorsGoToTheEdition() throws {
        // given authors with fl forms and a second one in the role "Translator"
        // when the book is read
        let prince = try book("Le Petit Prince")
        // then the author reads first name first and the translator is on the edition
        #expect(prince.authors == ["Antoine de Saint-Exupéry"])
        #expect(prince.translator == "Katherine Woods")
    }

    @Test func illustratorsAreContributorsNotAuthors() throws {
        // given a second author in the role "Illustrator"
        // when the book is read
        let saga = try book("Saga, Vol. 1")
        // then the writer is the author and the illustrator is kept with her role
        #expect(saga.authors == ["Brian K. Vaughan"])
        #expect(saga.contributors == [Contributor(name: "Fiona Staples", role: "illustrator")])
    }

    @Test func pagesWithATrailingSpaceAreRead() throws {
        // given pages "160 "
        // when the book is read
        let saga = try book("Saga, Vol. 1")
        // then it has 160 pages
        #expect(saga.pageCount == 160)
    }

    @Test func severalPaginationsGiveTheLargest() throws {
        // given pages "xii; 144"
        // when the book is read
        let book = try book("Transmetropolitan, Vol. 3")
        // then it has 144 pages
        #expect(book.pageCount == 144)
    }

    @Test func seriesWithANumberGivesItsPosition() throws {
        // given series ["Saga (1)"]
        // when the book is read
        let saga = try book("Saga, Vol. 1")
        // then the series is Saga, first volume
        #expect(saga.seriesName == "Saga")
        #expect(saga.seriesPosition == 1)
    }

    @Test func seriesWithoutANumberHasNoPosition() throws {
        // given series "Transmetropolitan"
        // when the book is read
        let book = try book("Transmetropolitan, Vol. 3")
        // then the series has no position
        #expect(book.seriesName == "Transmetropolitan")
        #expect(book.seriesPosition == nil)
    }

    @Test func collectionsGiveStatusAndOwnership() throws {
        // given a book in "Your library" and "Currently reading"
        // when the book is read
        let saga = try book("Saga, Vol. 1")
        // then it is owned and being read
        #expect(saga.isOwned == true)
        #expect(saga.status == .reading)
    }

    @Test func aReadDateMakesTheBookRead() throws {
        // given a book only in "Your library" with a read date
        // when the book is read
        let prince = try book("Le Petit Prince")
        // then it is read, with both dates
        #expect(prince.status == .read)
        #expect(prince.dateCompleted == PartialDate(year: 2023, month: 12, day: 24)?.date())
        #expect(prince.dateStarted == PartialDate(year: 2023, month: 12, day: 20)?.date())
    }

    @Test func ratingsWrittenAsNumbersOrTextAreRead() throws {
        // given the rating 4.5 as a number and "5" as text
        // when the books are read
        // then both are read
        #expect(try book("Saga, Vol. 1").rating == 4.5)
        #expect(try book("Le Petit Prince").rating == 5)
    }

    @Test func reviewHTMLBecomesTextAndCommentsBecomeNotes() throws {
        // given a review with <br> and a comment and a private comment
        // when the book is read
        let prince = try book("Le Petit Prince")
        // then the review is plain text and the notes hold both comments
        #expect(prince.review == "A gentle book.\nRead it aloud.")
        #expect(prince.notes == "Bought in Lyon\n\nGift for Léa")
    }

    @Test func workcodeAndBookIDAreKept() throws {
        // given workcode 12833547 and books_id 105446550
        // when the book is read
        let saga = try book("Saga, Vol. 1")
        // then they name the work and the edition
        #expect(saga.workExternalIDs.librarythingIDs == ["12833547"])
        #expect(saga.editionExternalIDs.librarythingIDs == ["105446550"])
    }

    @Test func publicationAndLanguageAreRead() throws {
        // given "Image Comics (2012), Edition: 0, Paperback, 160 pages" and the language "English"
        // when the book is read
        let saga = try book("Saga, Vol. 1")
        // then the publisher, year, format and language are set
        #expect(saga.publisher == "Image Comics")
        #expect(saga.publicationDate == PartialDate(year: 2012))
        #expect(saga.format == .paperback)
        #expect(saga.language == "en")
    }

    @Test func publisherUnknownIsNoPublisher() throws {
        // given the publication "Publisher Unknown"
        // when the book is read
        let book = try book("Transmetropolitan, Vol. 3")
        // then the edition has no publisher
        #expect(book.publisher == nil)
    }

    @Test func bookWithoutATitleIsSkippedAndNamed() {
        // given the third book, which has no title
        // when the file is read
        // then it is skipped and the report names its book id
        #expect(problems.contains { $0.row == 3 && $0.action == .skipped && $0.message.contains("105446600") })
    }

    @Test func invalidJSONIsRefused() {
        // given text that is not JSON
        let data = Data("{\"1\": {\"title\": ".utf8)
        var problems: [ImportProblem] = []
        // when it is read
        // then the file is refused as invalid JSON
        let error = #expect(throws: ImportError.self) {
            try LibraryThingJSONReader.books(from: data, limits: ImportLimits(), problems: &problems)
        }
        #expect(isInvalidJSON(error))
    }

    @Test func jsonWithoutBookObjectsIsRefused() {
        // given a JSON list of numbers
        let data = Data("[1, 2, 3]".utf8)
        var problems: [ImportProblem] = []
        // when it is read
        // then the file is refused as invalid JSON
        let error = #expect(throws: ImportError.self) {
            try LibraryThingJSONReader.books(from: data, limits: ImportLimits(), problems: &problems)
        }
        #expect(isInvalidJSON(error))
    }

    private func isInvalidJSON(_ error: ImportError?) -> Bool {
        if case .invalidJSON = error { true } else { false }
    }

    @Test func moreBooksThanTheLimitAreRefused() throws {
        // given the four-book fixture and a limit of two rows
        let data = try Data(contentsOf: MappedFixture.url("librarything-export.json"))
        var problems: [ImportProblem] = []
        // when it is read
        // then the file is refused
        #expect(throws: ImportError.tooManyRows(limit: 2)) {
            _ = try LibraryThingJSONReader.books(from: data, limits: ImportLimits(maxRows: 2), problems: &problems)
        }
    }
}
