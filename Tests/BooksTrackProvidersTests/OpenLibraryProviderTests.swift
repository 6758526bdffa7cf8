import BooksTrackCore
import BooksTrackProviders
import BooksTrackTesting
import Testing

@Suite struct OpenLibraryProviderTests {
    static let sabrielISBN = "9780060273224"

    /// The real chain: /isbn/ answers 302 to the edition, which links the work and the author.
    static func sabrielRoutes() throws -> [LoopbackRoute] {
        [
            .get("/isbn/\(sabrielISBN).json", .redirect(to: "/books/OL22951843M.json")),
            .get("/books/OL22951843M.json", try .fixture("openlibrary/edition-sabriel.json")),
            .get("/works/OL15832982W.json", try .fixture("openlibrary/work-sabriel.json")),
            .get("/authors/OL382982A.json", try .fixture("openlibrary/author-garth-nix.json")),
        ]
    }

    @Test func anISBNLookupFollowsTheRedirectToTheEditionThenReadsTheWorkAndTheAuthor() async throws {
        // Given the edition → work → author chain
        let isbn = try TestISBN.make(Self.sabrielISBN)
        try await ProviderHarness.run(routes: try Self.sabrielRoutes()) { harness in
            // When looking up the ISBN
            let works = try await harness.openLibrary().lookup(isbn: isbn)

            // Then every record of the chain was asked for, and the work is the real one
            #expect(harness.server.requests.map(\.path) .contains("/isbn/9780060273224.json"))
            #expect(Set(harness.server.requests.map(\.path)).isSuperset(of: [
                "/books/OL22951843M.json", "/works/OL15832982W.json", "/authors/OL382982A.json",
            ]))
            let work = try #require(works.first)
            #expect(works.count == 1)
            #expect(work.title == "Sabriel")
            #expect(work.openLibraryWorkID == "OL15832982W")
            #expect(work.synthetic == false)
            #expect(work.primaryProvider == "openlibrary")
        }
    }

    @Test func anISBNLookupMapsTheWorkTheAuthorAndTheEdition() async throws {
        // Given the Sabriel chain
        let isbn = try TestISBN.make(Self.sabrielISBN)
        try await ProviderHarness.run(routes: try Self.sabrielRoutes()) { harness in
            // When looking it up
            let work = try #require(try await harness.openLibrary().lookup(isbn: isbn).first)

            // Then the work's fields come from the work record, typed values parsed
            #expect(work.firstPublicationYear == 1995)
            #expect(work.description == "First in the Old Kingdom/Abhorsen series.")
            #expect(work.subjects.first == "Fantasy")
            #expect(work.coverImageURL == "https://covers.openlibrary.org/b/id/6796986-L.jpg")
            // and the author from the author record, its free-text birth date read as a year
            #expect(work.authors == [AuthorDTO(name: "Garth Nix", birthYear: 1963, openLibraryID: "OL382982A")])
            // and the edition from the edition record
            let edition = try #require(work.editions.first)
            #expect(edition.isbn13 == ["9780060273224"])
            #expect(edition.isbn10 == ["0060273224"])
            #expect(edition.pageCount == 491)
            #expect(edition.publicationDate == "1996-10-01")
            #expect(edition.publisher == "Harper Trophy")
            #expect(edition.format == "hardcover")
            #expect(edition.language == "en")
            #expect(edition.coverImageURL == "https://covers.openlibrary.org/b/id/3843137-L.jpg")
            #expect(edition.openLibraryEditionID == "OL22951843M")
        }
    }

    @Test func anEditionWithoutAWorkLinkGivesASyntheticWork() async throws {
        // Given an edition that links no work and no author, with its page count as a string
        let isbn = try TestISBN.make("207042779X")
        let routes: [LoopbackRoute] = [
            .get("/isbn/9782070427796.json", .redirect(to: "/books/OL9999001M.json")),
            .get("/books/OL9999001M.json", try .fixture("openlibrary/edition-without-work.json")),
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking it up
            let work = try #require(try await harness.openLibrary().lookup(isbn: isbn).first)

            // Then the work is built from the edition and says so
            #expect(work.synthetic)
            #expect(work.title == "Les ombres errantes")
            #expect(work.openLibraryWorkID == nil)
            #expect(work.editions.first?.pageCount == 187)
            #expect(work.editions.first?.language == "fr")
            #expect(work.editions.first?.isbn13 == ["9782070427796"])
            #expect(harness.server.requests.count == 2)
        }
    }

    @Test func anUnknownISBNIsNotFoundRatherThanAnError() async throws {
        // Given Open Library answers 404 for the ISBN
        let isbn = try TestISBN.make(Self.sabrielISBN)
        try await ProviderHarness.run(routes: [.get("/isbn/\(Self.sabrielISBN).json", .json(#"{"error": "notfound"}"#, status: 404))]) { harness in
            // When looking it up
            let works = try await harness.openLibrary().lookup(isbn: isbn)

            // Then the answer is empty
            #expect(works.isEmpty)
        }
    }

    @Test func anAuthorMissingAtTheSourceLeavesTheLookupWithoutThatAuthor() async throws {
        // Given the author record is gone (404) but the rest of the chain is there
        let isbn = try TestISBN.make(Self.sabrielISBN)
        var routes = try Self.sabrielRoutes()
        routes.removeLast()
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking up the ISBN
            let work = try #require(try await harness.openLibrary().lookup(isbn: isbn).first)

            // Then the work is still found, without authors
            #expect(work.title == "Sabriel")
            #expect(work.authors.isEmpty)
        }
    }

    @Test func aWorkRecordThatFailsFailsTheLookup() async throws {
        // Given the work record answers 500
        let isbn = try TestISBN.make(Self.sabrielISBN)
        var routes = try Self.sabrielRoutes()
        routes[2] = .get("/works/OL15832982W.json", .status(500))
        try await ProviderHarness.run(routes: routes) { harness in
            // When / Then the lookup reports the failure instead of a half answer
            await #expect(throws: ProviderError.httpStatus(500)) {
                try await harness.openLibrary().lookup(isbn: isbn)
            }
        }
    }

    @Test func anAuthorBioMayBeAPlainStringAndRemoteIDsGiveWikidata() async throws {
        // Given an edition whose author record has a string bio and remote ids (real shape)
        let isbn = try TestISBN.make(Self.sabrielISBN)
        let edition = """
            {"key": "/books/OL1M", "title": "Matilda", "authors": [{"key": "/authors/OL34184A"}], "isbn_13": ["9780060273224"]}
            """
        let routes: [LoopbackRoute] = [
            .get("/isbn/\(Self.sabrielISBN).json", .json(edition)),
            .get("/authors/OL34184A.json", try .fixture("openlibrary/author-roald-dahl.json")),
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking it up
            let work = try #require(try await harness.openLibrary().lookup(isbn: isbn).first)

            // Then the author carries the years and the Wikidata id
            #expect(work.authors == [AuthorDTO(name: "Roald Dahl", birthYear: 1916, deathYear: 1990, openLibraryID: "OL34184A", wikidataID: "Q25161")])
        }
    }

    @Test func aTitleSearchMapsEachDocWithHTTPSCovers() async throws {
        // Given the recorded search answer
        let routes: [LoopbackRoute] = [.get("/search.json", try .fixture("openlibrary/search-time-war.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When searching by title and author
            let works = try await harness.openLibrary().search(title: "This Is How You Lose the Time War", author: "Amal El-Mohtar", limit: 10)

            // Then both docs come back in order, with their authors, years and covers
            #expect(works.map(\.openLibraryWorkID) == ["OL20639540W", "OL19859295W"])
            #expect(works[0].authors.map(\.name) == ["Amal El-Mohtar", "Max Gladstone"])
            #expect(works[0].authors.map(\.openLibraryID) == ["OL7313207A", "OL7129451A"])
            #expect(works[0].firstPublicationYear == 2019)
            #expect(works[0].coverImageURL == nil)
            #expect(works[1].coverImageURL == "https://covers.openlibrary.org/b/id/8665647-L.jpg")
            // and the request carried both terms
            let request = try #require(harness.server.requests.first)
            #expect(request.queryValue("title") == "This Is How You Lose the Time War")
            #expect(request.queryValue("author") == "Amal El-Mohtar")
        }
    }

    @Test func aSearchReturnsAtMostTheLimit() async throws {
        // Given an answer with two docs
        let routes: [LoopbackRoute] = [.get("/search.json", try .fixture("openlibrary/search-time-war.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When asking for one
            let works = try await harness.openLibrary().search(title: "time war", limit: 1)

            // Then one comes back, and the limit was sent
            #expect(works.count == 1)
            #expect(harness.server.requests.first?.queryValue("limit") == "1")
        }
    }

    @Test func aBatchedLookupMapsEachKnownISBNAndLeavesOutTheUnknown() async throws {
        // Given an /api/books answer that knows two of three ISBNs
        let known = try [TestISBN.make("9782070427796"), TestISBN.make(Self.sabrielISBN)]
        let unknown = try TestISBN.make("9780306406157")
        let routes: [LoopbackRoute] = [.get("/api/books", try .fixture("openlibrary/api-books-batch.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking all three up at once
            let works = try await harness.openLibrary().lookup(isbns: known + [unknown])

            // Then one call was made, and the two known ISBNs are mapped
            #expect(harness.server.requests.count == 1)
            #expect(harness.server.requests.first?.queryValue("bibkeys") == "ISBN:9782070427796,ISBN:9780060273224,ISBN:9780306406157")
            #expect(harness.server.requests.first?.queryValue("jscmd") == "data")
            #expect(Set(works.keys) == ["9782070427796", "9780060273224"])
            let sabriel = try #require(works["9780060273224"])
            #expect(sabriel.synthetic)
            #expect(sabriel.authors == [AuthorDTO(name: "Garth Nix", openLibraryID: "OL382982A")])
            #expect(sabriel.coverImageURL == "https://covers.openlibrary.org/b/id/3843137-L.jpg")
            #expect(sabriel.editions.first?.pageCount == 491)
            #expect(sabriel.editions.first?.publicationDate == "1996-10-01")
            let ombres = try #require(works["9782070427796"])
            #expect(ombres.editions.first?.isbn10 == ["207042779X"])
            #expect(ombres.editions.first?.publisher == "Gallimard")
        }
    }

    @Test func sixtyISBNsAreLookedUpInThreeCallsOfAtMostTwentyFive() async throws {
        // Given sixty ISBNs, Open Library knowing none of them
        let isbns = try TestISBN.sequence(count: 60)
        let routes: [LoopbackRoute] = [.get("/api/books", try .fixture("openlibrary/api-books-empty.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When looking them all up
            let works = try await harness.openLibrary().lookup(isbns: isbns)

            // Then three calls carried 25, 25 and 10 bibkeys, every ISBN once
            let batches = harness.server.requests(toPath: "/api/books").map { $0.queryValue("bibkeys")?.split(separator: ",") ?? [] }
            #expect(batches.map(\.count) == [25, 25, 10])
            #expect(Set(batches.joined().map(String.init)) == Set(isbns.map { "ISBN:\($0.isbn13)" }))
            #expect(works.isEmpty)
        }
    }

    @Test func anISBNLookupWaitsForTheRateLimiterBetweenItsRequests() async throws {
        // Given Open Library's pacing with a contact (3 a second), on a manual clock
        let isbn = try TestISBN.make(Self.sabrielISBN)
        let clock = ManualClock()
        let limiter = RateLimiter(policy: .openLibrary(hasContact: true), clock: clock.rateLimiterClock)
        try await ProviderHarness.run(routes: try Self.sabrielRoutes()) { harness in
            // When looking up the ISBN (edition, then work and author)
            _ = try await harness.openLibrary(rateLimiter: limiter).lookup(isbn: isbn)

            // Then the work and the author requests each waited at least one interval for a slot
            #expect(clock.sleeps.count == 2)
            #expect(clock.sleeps.allSatisfy { $0 >= limiter.policy.interval })
        }
    }

    @Test func offlineModeAsksNothing() async throws {
        // Given offline mode
        let isbn = try TestISBN.make(Self.sabrielISBN)
        try await ProviderHarness.run(routes: try Self.sabrielRoutes(), configure: { $0.isOffline = true }) { harness in
            // When / Then every call reports the provider disabled without a request
            await #expect(throws: ProviderError.disabled("offline mode is on (BOOKSTRACK_OFFLINE)")) {
                try await harness.openLibrary().lookup(isbn: isbn)
            }
            await #expect(throws: ProviderError.self) {
                try await harness.openLibrary().search(title: "Sabriel", limit: 5)
            }
            #expect(harness.server.requests.isEmpty)
        }
    }
}
