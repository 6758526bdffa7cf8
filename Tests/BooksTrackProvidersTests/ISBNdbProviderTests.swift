import BooksTrackCore
import BooksTrackProviders
import BooksTrackTesting
import Testing

@Suite struct ISBNdbProviderTests {
    static let isbn = "9781338878929"

    @Test func anISBNLookupSendsTheKeyInTheAuthorizationHeader() async throws {
        // Given the recorded book
        let isbn = try TestISBN.make(Self.isbn)
        let routes: [LoopbackRoute] = [.get("/book/\(Self.isbn)", try .fixture("isbndb/book-9781338878929.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking it up
            _ = try await harness.isbndb().lookup(isbn: isbn)

            // Then the key went in the Authorization header, never in the URL
            let request = try #require(harness.server.requests.first)
            #expect(request.header("Authorization") == ProviderHarness.isbndbKey)
            #expect(!request.uri.contains(ProviderHarness.isbndbKey))
        }
    }

    @Test func anISBNLookupMapsTheBook() async throws {
        // Given the recorded book
        let isbn = try TestISBN.make(Self.isbn)
        let routes: [LoopbackRoute] = [.get("/book/\(Self.isbn)", try .fixture("isbndb/book-9781338878929.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking it up
            let work = try #require(try await harness.isbndb().lookup(isbn: isbn).first)

            // Then the fields are mapped, the synopsis without its HTML
            #expect(work.title == "Harry Potter and the Sorcerer's Stone")
            #expect(work.authors.map(\.name) == ["J.K. Rowling"])
            #expect(work.synthetic)
            #expect(work.primaryProvider == "isbndb")
            #expect(work.description?.contains("<br/>") == false)
            #expect(work.description?.hasPrefix("Harry Potter has never been the star of a Quidditch team") == true)
            #expect(work.description?.contains("eleven years.\n\nBut all that") == true)
            let edition = try #require(work.editions.first)
            #expect(edition.isbn13 == ["9781338878929"])
            #expect(edition.isbn10 == ["1338878921"])
            #expect(edition.pageCount == 309)
            #expect(edition.publicationDate == "1998-09")
            #expect(edition.format == "paperback")
            #expect(edition.language == "en")
            #expect(edition.coverImageURL == "https://images.isbndb.com/covers/19044733482664.jpg")
            #expect(edition.isbndbID == "9781338878929")
        }
    }

    @Test func withoutAKeyISBNdbIsDisabledAndAsksNothing() async throws {
        // Given no ISBNdb key
        let isbn = try TestISBN.make(Self.isbn)
        let routes: [LoopbackRoute] = [.get("/book/\(Self.isbn)", try .fixture("isbndb/book-9781338878929.json"))]
        try await ProviderHarness.run(routes: routes, configure: { $0.isbndbKey = nil }) { harness in
            // When / Then lookups and searches report why, and nothing is sent
            await #expect(throws: ProviderError.disabled("no ISBNdb API key configured; set BOOKSTRACK_ISBNDB_KEY to use ISBNdb")) {
                try await harness.isbndb().lookup(isbn: isbn)
            }
            await #expect(throws: ProviderError.disabled("no ISBNdb API key configured; set BOOKSTRACK_ISBNDB_KEY to use ISBNdb")) {
                try await harness.isbndb().search(title: "Harry Potter", limit: 5)
            }
            #expect(harness.server.requests.isEmpty)
        }
    }

    @Test func aBlankKeyCountsAsNoKey() async throws {
        // Given a key of spaces
        let isbn = try TestISBN.make(Self.isbn)
        try await ProviderHarness.run(routes: [], configure: { $0.isbndbKey = "  " }) { harness in
            // When / Then ISBNdb is disabled
            await #expect(throws: ProviderError.self) {
                try await harness.isbndb().lookup(isbn: isbn)
            }
            #expect(harness.server.requests.isEmpty)
        }
    }

    @Test func anUnknownISBNIsNotFound() async throws {
        // Given ISBNdb answers 404
        let isbn = try TestISBN.make(Self.isbn)
        let routes: [LoopbackRoute] = [.get("/book/\(Self.isbn)", .json(#"{"errorMessage": "Not Found"}"#, status: 404))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking it up
            let works = try await harness.isbndb().lookup(isbn: isbn)

            // Then nothing is found
            #expect(works.isEmpty)
        }
    }

    @Test func aTitleAndAuthorSearchKeepsOnlyBooksByThatAuthor() async throws {
        // Given a title search answering the novel and a study guide by someone else
        let routes: [LoopbackRoute] = [.get("/books/Harry%20Potter", try .fixture("isbndb/books-search-harry-potter.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When searching by title and the author written the other way round
            let works = try await harness.isbndb().search(title: "Harry Potter", author: "J. K. Rowling", limit: 10)

            // Then only the novel remains
            #expect(works.map(\.title) == ["Harry Potter and the Sorcerer's Stone"])
            #expect(harness.server.requests.first?.queryValue("column") == "title")
        }
    }

    @Test func aTitleSearchReadsPagesWrittenAsTextAndTimestampDates() async throws {
        // Given a title search answer with "pages": "64" and a timestamp date
        let routes: [LoopbackRoute] = [.get("/books/Harry%20Potter", try .fixture("isbndb/books-search-harry-potter.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When searching by title only
            let works = try await harness.isbndb().search(title: "Harry Potter", limit: 10)

            // Then both books come back, the second with its page count, date and format read
            #expect(works.count == 2)
            let guide = try #require(works.last?.editions.first)
            #expect(guide.pageCount == 64)
            #expect(guide.publicationDate == "2016-01-01")
            #expect(guide.format == "massMarket")
            #expect(guide.language == "en-US")
        }
    }
}
