import BooksTrackCore
import BooksTrackProviders
import BooksTrackTesting
import Testing

@Suite struct GoogleBooksProviderTests {
    @Test func anISBNLookupMapsTheVolumeWithHTTPSCovers() async throws {
        // Given the recorded answer for 0804720991
        let isbn = try TestISBN.make("0804720991")
        let routes: [LoopbackRoute] = [.get("/books/v1/volumes", try .fixture("googlebooks/volumes-isbn-0804720991.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking it up
            let works = try await harness.googleBooks().lookup(isbn: isbn)

            // Then the volume is one synthetic work with one edition
            let work = try #require(works.first)
            #expect(works.count == 1)
            #expect(work.title == "Discourse Networks 1800/1900")
            #expect(work.authors.map(\.name) == ["Friedrich A. Kittler"])
            #expect(work.synthetic)
            #expect(work.primaryProvider == "google")
            #expect(work.googleBooksVolumeIDs == ["nRo0Pk8djjoC"])
            #expect(work.subjects == ["Literary Criticism"])
            #expect(work.coverImageURL?.hasPrefix("https://books.google.co.uk/books/content?id=nRo0Pk8djjoC") == true)
            let edition = try #require(work.editions.first)
            #expect(edition.isbn13 == ["9780804720991"])
            #expect(edition.isbn10 == ["0804720991"])
            #expect(edition.pageCount == 459)
            #expect(edition.publicationDate == "1992")
            #expect(edition.publisher == "Stanford University Press")
            #expect(edition.language == "en")
            #expect(edition.googleBooksVolumeID == "nRo0Pk8djjoC")
            #expect(edition.coverImageURL == work.coverImageURL)
        }
    }

    @Test func aFuzzyAnswerWithoutTheAskedISBNIsDropped() async throws {
        // Given Google answers an unrelated book, as it does for ISBNs it does not know
        let isbn = try TestISBN.make("9780306406157")
        let routes: [LoopbackRoute] = [.get("/books/v1/volumes", try .fixture("googlebooks/volumes-isbn-invalid-fuzzy.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking up the ISBN
            let works = try await harness.googleBooks().lookup(isbn: isbn)

            // Then nothing is found
            #expect(works.isEmpty)
            #expect(harness.server.requests.first?.queryValue("q") == "isbn:9780306406157")
        }
    }

    @Test func theISBNMatchesWhicheverFormTheVolumeLists() async throws {
        // Given the fuzzy answer's book, looked up by its own ISBN-13 (the volume lists both forms)
        let isbn = try TestISBN.make("9781856870405")
        let routes: [LoopbackRoute] = [.get("/books/v1/volumes", try .fixture("googlebooks/volumes-isbn-invalid-fuzzy.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking it up
            let works = try await harness.googleBooks().lookup(isbn: isbn)

            // Then it is kept, its year-month date intact
            #expect(works.map(\.title) == ["Invalid Isbn"])
            #expect(works.first?.editions.first?.publicationDate == "1996-06")
        }
    }

    @Test func anAnswerWithoutItemsIsNotFound() async throws {
        // Given Google answers totalItems 0 and no items
        let isbn = try TestISBN.make("9780306406157")
        let routes: [LoopbackRoute] = [.get("/books/v1/volumes", try .fixture("googlebooks/volumes-empty.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking it up
            let works = try await harness.googleBooks().lookup(isbn: isbn)

            // Then nothing is found
            #expect(works.isEmpty)
        }
    }

    @Test func theAPIKeyIsSentWhenConfiguredAndOnlyThen() async throws {
        // Given the recorded answer
        let isbn = try TestISBN.make("0804720991")
        let routes: [LoopbackRoute] = [.get("/books/v1/volumes", try .fixture("googlebooks/volumes-isbn-0804720991.json"))]
        try await ProviderHarness.run(routes: routes, configure: { $0.googleBooksKey = "google-key" }) { harness in
            // When looking up with a key
            _ = try await harness.googleBooks().lookup(isbn: isbn)

            // Then the key travels as `key=`
            #expect(harness.server.requests.first?.queryValue("key") == "google-key")
        }
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking up without one
            _ = try await harness.googleBooks().lookup(isbn: isbn)

            // Then no key parameter is sent
            #expect(harness.server.requests.first?.queryValue("key") == nil)
        }
    }

    @Test func aTitleAndAuthorSearchAsksForBothAsPhrases() async throws {
        // Given the recorded answer
        let routes: [LoopbackRoute] = [.get("/books/v1/volumes", try .fixture("googlebooks/volumes-isbn-0804720991.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When searching by title and author
            let works = try await harness.googleBooks().search(title: "Discourse Networks", author: "Kittler", limit: 5)

            // Then the query names both, and the volume comes back
            let request = try #require(harness.server.requests.first)
            #expect(request.queryValue("q") == #"intitle:"Discourse Networks" inauthor:"Kittler""#)
            #expect(request.queryValue("maxResults") == "5")
            #expect(works.map(\.title) == ["Discourse Networks 1800/1900"])
        }
    }
}

/// A provider answer with a page count no book has: the edition comes without it.
@Suite struct ProviderPageBoundsTests {
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "-1", "1e308", "100001"])
    func anImpossiblePageCountIsDropped(value: String) async throws {
        // Given the recorded answer for 0804720991 with its page count replaced
        let isbn = try TestISBN.make("0804720991")
        let text = try LoopbackFixtures.text("googlebooks/volumes-isbn-0804720991.json")
        #expect(text.contains("\"pageCount\": 459"))
        let routes: [LoopbackRoute] = [.get("/books/v1/volumes", .json(text.replacingOccurrences(of: "\"pageCount\": 459", with: "\"pageCount\": \(value)")))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking it up
            let works = try await harness.googleBooks().lookup(isbn: isbn)

            // Then the book is found, without a page count
            let edition = try #require(works.first?.editions.first)
            #expect(edition.pageCount == nil)
            #expect(edition.isbn13 == ["9780804720991"])
        }
    }
}
