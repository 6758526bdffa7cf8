import BooksTrackCore
import BooksTrackProviders
import BooksTrackTesting
import Foundation
import Testing

/// Random digit strings and the edges of `Int` and `Double` in every number of every provider's
/// answer: the answer is mapped without a crash, and each number it keeps lies within its bounds.
struct OutsideNumbersMappingTests {
    private static let values = OutsideNumbers.values(count: 80, seed: 4_343)
    private static let isbn = "9780441172719"

    /// The value as it stands in a JSON answer: a number when JSON can write it so, else a string.
    private static func json(_ value: String) -> String {
        OutsideNumbers.isJSONNumber(value) ? value : "\"\(value)\""
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test(arguments: values)
    func googleBooksNumbersAreKeptOnlyWithinBounds(value: String) throws {
        let number = Self.json(value)
        let volume = try Self.decode(GoogleBooksVolume.self, """
            {"id": "x", "volumeInfo": {"title": "Dune", "publishedDate": "\(value)", "pageCount": \(number),
             "ratingsCount": \(number), "industryIdentifiers": [{"type": "ISBN_13", "identifier": "\(Self.isbn)"}]}}
            """)
        let work = try #require(GoogleBooksMapping.work(from: volume))
        Self.expectWithinBounds(work, value)
    }

    @Test(arguments: values)
    func openLibraryNumbersAreKeptOnlyWithinBounds(value: String) throws {
        let number = Self.json(value)
        let doc = try Self.decode(OpenLibrarySearchDoc.self, """
            {"key": "/works/OL1W", "title": "Dune", "first_publish_year": \(number), "edition_count": \(number),
             "cover_i": \(number), "ratings_count": \(number)}
            """)
        let edition = try Self.decode(OpenLibraryEdition.self, """
            {"key": "/books/OL1M", "title": "Dune", "publish_date": "\(value)", "number_of_pages": \(number),
             "covers": [\(number)], "isbn_13": ["\(Self.isbn)"]}
            """)
        let openWork = try Self.decode(OpenLibraryWork.self, """
            {"key": "/works/OL1W", "title": "Dune", "first_publish_date": "\(value)", "covers": [\(number)]}
            """)
        let author = try Self.decode(OpenLibraryAuthor.self, """
            {"key": "/authors/OL1A", "name": "Frank Herbert", "birth_date": "\(value)", "death_date": "c. \(value)"}
            """)
        let record = try Self.decode(OpenLibraryBooksAPIRecord.self, """
            {"key": "/books/OL1M", "title": "Dune", "publish_date": "\(value)", "number_of_pages": \(number)}
            """)
        let authors = [try #require(OpenLibraryMapping.author(from: author))]
        let asked = try TestISBN.make(Self.isbn)

        for work in [
            try #require(OpenLibraryMapping.work(from: doc)),
            try #require(OpenLibraryMapping.work(edition: edition, work: openWork, authors: authors, askedISBN: asked)),
            try #require(OpenLibraryMapping.work(edition: edition, work: nil, authors: authors, askedISBN: asked)),
            try #require(OpenLibraryMapping.work(from: record, isbn: asked)),
        ] {
            Self.expectWithinBounds(work, value)
        }
    }

    @Test(arguments: values)
    func isbndbNumbersAreKeptOnlyWithinBounds(value: String) throws {
        let number = Self.json(value)
        let book = try Self.decode(ISBNdbBook.self, """
            {"title": "Dune", "isbn13": "\(Self.isbn)", "pages": \(number), "date_published": "\(value)"}
            """)
        let work = try #require(ISBNdbMapping.work(from: book))
        Self.expectWithinBounds(work, value)
    }

    @Test(arguments: values)
    func wikidataYearsAreKeptOnlyWithinBounds(value: String) {
        for time in ["+\(value)-01-01T00:00:00Z", "-\(value)-06-22T00:00:00Z", value] {
            let year = WikidataMapping.year(.time(time, precision: 9))
            #expect(year.map(Bounds.year.contains) ?? true, "\(time) gave \(String(describing: year))")
        }
    }

    private static func expectWithinBounds(_ work: WorkDTO, _ value: String) {
        #expect(work.firstPublicationYear.map(Bounds.year.contains) ?? true, "\(value): year \(String(describing: work.firstPublicationYear))")
        for author in work.authors {
            #expect(author.birthYear.map(Bounds.year.contains) ?? true, "\(value): birth \(String(describing: author.birthYear))")
            #expect(author.deathYear.map(Bounds.year.contains) ?? true, "\(value): death \(String(describing: author.deathYear))")
        }
        for edition in work.editions {
            #expect(edition.pageCount.map(Bounds.pageCount.contains) ?? true, "\(value): pages \(String(describing: edition.pageCount))")
            if let date = edition.publicationDate {
                #expect(PartialDate(parsing: date).map { Bounds.year.contains($0.year) } ?? false, "\(value): date \(date)")
            }
        }
    }
}
