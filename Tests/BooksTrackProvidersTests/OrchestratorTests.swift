import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackProviders

private let dune13 = "9780441172719"

private func duneFromCatalog(complete: Bool) -> WorkDTO {
    WorkDTO(
        title: "Dune",
        authors: [AuthorDTO(name: "Frank Herbert")],
        firstPublicationYear: 1965,
        coverImageURL: complete ? "https://images.example/dune.jpg" : nil,
        editions: [
            EditionDTO(
                isbn13: [dune13], isbn10: ["0441172717"], publisher: complete ? "Ace" : nil, pageCount: complete ? 412 : nil,
                primaryProvider: "catalog"
            )
        ],
        primaryProvider: "catalog",
        popularity: 500_000
    )
}

private let duneFromOpenLibrary = WorkDTO(
    title: "Dune",
    authors: [AuthorDTO(name: "Frank Herbert", birthYear: 1920, deathYear: 1986, openLibraryID: "OL79034A")],
    description: "Set on the desert planet Arrakis...",
    coverImageURL: "https://covers.openlibrary.org/b/id/11481354-L.jpg",
    openLibraryWorkID: "OL893415W",
    editions: [
        EditionDTO(
            isbn13: [dune13], isbn10: ["0441172717"], publisher: "Ace", publicationDate: "1990-09", pageCount: 535,
            openLibraryEditionID: "OL22950466M", primaryProvider: "openlibrary"
        )
    ],
    primaryProvider: "openlibrary"
)

private let duneFromGoogle = WorkDTO(
    title: "Dune",
    authors: [AuthorDTO(name: "Frank Herbert")],
    googleBooksVolumeIDs: ["B1hSG45JCX4C"],
    editions: [EditionDTO(isbn13: [dune13], pageCount: 896, language: "en", googleBooksVolumeID: "B1hSG45JCX4C", primaryProvider: "google")],
    primaryProvider: "google",
    synthetic: true
)

@Suite struct ISBNLookups {
    let isbn = ISBN(dune13)!

    @Test func aCompleteCatalogAnswerSkipsTheOnlineProviders() async {
        let orchestrator = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog", byISBN: [dune13: [duneFromCatalog(complete: true)]]),
            online: [StaticMetadataProvider(name: "openlibrary", failure: .unreachable("must not be asked"))],
            cache: nil
        )
        let answer = await orchestrator.lookup(isbn: isbn)
        #expect(answer.works.count == 1)
        #expect(answer.provider == "catalog")
        #expect(answer.reports.map(\.outcome) == [.found, .skipped])
    }

    @Test func anIncompleteCatalogAnswerIsFilledByTheProvidersInPriorityOrder() async throws {
        let orchestrator = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog", byISBN: [dune13: [duneFromCatalog(complete: false)]]),
            online: [
                StaticMetadataProvider(name: "openlibrary", byISBN: [dune13: [duneFromOpenLibrary]]),
                StaticMetadataProvider(name: "google", byISBN: [dune13: [duneFromGoogle]]),
            ],
            cache: nil
        )
        let work = try #require(await orchestrator.lookup(isbn: isbn).works.first)
        #expect(work.primaryProvider == "orchestrated:catalog+openlibrary+google")
        #expect(work.contributors == ["catalog", "openlibrary", "google"])
        // The catalog's year stays; Open Library fills the cover and the page count before Google could.
        #expect(work.firstPublicationYear == 1965)
        #expect(work.coverImageURL == "https://covers.openlibrary.org/b/id/11481354-L.jpg")
        #expect(work.editions.first?.pageCount == 535)
        #expect(work.editions.first?.language == "en")
        #expect(work.authors.first?.openLibraryID == "OL79034A")
        #expect(work.googleBooksVolumeIDs == ["B1hSG45JCX4C"])
        #expect(!work.synthetic)
    }

    @Test func aWorkKnownOnlyFromEditionDataIsSynthetic() async {
        let orchestrator = SearchOrchestrator(catalog: nil, online: [StaticMetadataProvider(name: "google", byISBN: [dune13: [duneFromGoogle]])], cache: nil)
        let answer = await orchestrator.lookup(isbn: isbn)
        #expect(answer.works.first?.synthetic == true)
        #expect(answer.provider == "google")
    }

    @Test func aFailingProviderDegradesTheAnswerAndIsReported() async {
        let orchestrator = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog"),
            online: [
                StaticMetadataProvider(name: "openlibrary", failure: .timedOut(seconds: 5)),
                StaticMetadataProvider(name: "google", byISBN: [dune13: [duneFromGoogle]]),
            ],
            cache: nil
        )
        let answer = await orchestrator.lookup(isbn: isbn)
        #expect(answer.works.count == 1)
        #expect(answer.reports.map(\.outcome) == [.notFound, .timedOut, .found])
        #expect(answer.reports[1].message == "no answer within 5.0 s")
    }

    @Test func nothingFoundAnywhereIsAnEmptyAnswerNotAFailure() async {
        let orchestrator = SearchOrchestrator(catalog: StaticMetadataProvider(name: "catalog"), online: [StaticMetadataProvider(name: "google", failure: .httpStatus(500))], cache: nil)
        let answer = await orchestrator.lookup(isbn: isbn)
        #expect(answer.works.isEmpty)
        #expect(answer.provider == nil)
    }
}

@Suite struct TitleSearches {
    @Test func resultsAreMergedByTitleAndAuthorAndExactMatchesComeFirst() async {
        let messiah = WorkDTO(title: "Dune Messiah", authors: [AuthorDTO(name: "Frank Herbert")], primaryProvider: "catalog", popularity: 900_000)
        let orchestrator = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog", catalog: [messiah, duneFromCatalog(complete: false)]),
            online: [StaticMetadataProvider(name: "openlibrary", catalog: [duneFromOpenLibrary])],
            cache: nil
        )
        let answer = await orchestrator.search(title: "dune")
        #expect(answer.works.map(\.title) == ["Dune", "Dune Messiah"])
        #expect(answer.works[0].contributors == ["catalog", "openlibrary"])
    }

    @Test func titleAndAuthorSearchesRankTheAuthorsBooksFirst() {
        let other = WorkDTO(title: "Dune", authors: [AuthorDTO(name: "Someone Else")], primaryProvider: "google")
        let ranked = SearchOrchestrator.rank([[other, duneFromOpenLibrary]], query: "Dune", author: "Herbert, Frank", limit: 20)
        #expect(ranked.first?.authors.first?.name == "Frank Herbert")
    }

    @Test func answersAreCappedAtTheLimit() {
        let works = (1...50).map { WorkDTO(title: "Book \($0)", primaryProvider: "catalog") }
        #expect(SearchOrchestrator.rank([works], query: "book", author: nil, limit: 20).count == 20)
    }
}

@Suite struct Caching {
    let isbn = ISBN(dune13)!

    @Test func aSecondLookupIsAnsweredFromTheCacheUntilItExpires() async throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteSearchCache(path: directory.url.appendingPathComponent("cache.sqlite").path)
        let clock = SettableClock(start: Date(timeIntervalSince1970: 1_800_000_000))
        let orchestrator = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog", byISBN: [dune13: [duneFromCatalog(complete: true)]]),
            online: [], cache: cache, now: { clock.now }
        )
        #expect(await orchestrator.lookup(isbn: isbn).cached == false)
        let second = await orchestrator.lookup(isbn: isbn)
        #expect(second.cached)
        #expect(second.works.first?.title == "Dune")

        clock.advance(by: 7 * 86_400 + 1)
        #expect(await orchestrator.lookup(isbn: isbn).cached == false)
        let stats = try cache.statistics(now: clock.now)
        #expect(stats.hits == 1)
        #expect(stats.misses == 2)
    }

    @Test func notFoundAnswersLiveOneHour() async throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteSearchCache(path: directory.url.appendingPathComponent("cache.sqlite").path)
        let clock = SettableClock(start: Date(timeIntervalSince1970: 1_800_000_000))
        let orchestrator = SearchOrchestrator(catalog: StaticMetadataProvider(name: "catalog"), online: [], cache: cache, now: { clock.now })
        _ = await orchestrator.lookup(isbn: isbn)
        clock.advance(by: 3_599)
        #expect(await orchestrator.lookup(isbn: isbn).cached)
        clock.advance(by: 2)
        #expect(await orchestrator.lookup(isbn: isbn).cached == false)
    }

    @Test func aCatalogThatCouldNotBeReadIsNotCachedAsNotFound() async throws {
        // Given a catalog that fails to open and a cache
        let directory = try TemporaryDirectory()
        let cache = try SQLiteSearchCache(path: directory.url.appendingPathComponent("cache.sqlite").path)
        let broken = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog", failure: .unreachable("local catalog: disk I/O error")), online: [], cache: cache
        )

        // When a search and a lookup fail in it
        let search = await broken.search(text: "dune")
        let lookup = await broken.lookup(isbn: isbn)

        // Then nothing is remembered, and the repaired catalog answers at once
        #expect(search.works.isEmpty && lookup.works.isEmpty)
        #expect(try cache.statistics(now: Date()).entries == 0)
        let repaired = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog", byISBN: [dune13: [duneFromCatalog(complete: true)]], catalog: [duneFromCatalog(complete: true)]),
            online: [], cache: cache
        )
        let again = await repaired.search(text: "dune")
        #expect(again.cached == false)
        #expect(again.works.map(\.title) == ["Dune"])
        #expect(await repaired.lookup(isbn: isbn).works.map(\.title) == ["Dune"])
    }

    @Test(arguments: [ProviderError.timedOut(seconds: 5), .unreachable("connection refused"), .httpStatus(503), .rateLimited(retryAfter: 30)])
    func anAnswerAProviderFailedInIsNotCached(failure: ProviderError) async throws {
        // Given a catalog that knows Dune and an online provider that fails
        let directory = try TemporaryDirectory()
        let cache = try SQLiteSearchCache(path: directory.url.appendingPathComponent("cache.sqlite").path)
        let orchestrator = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog", catalog: [duneFromCatalog(complete: false)]),
            online: [StaticMetadataProvider(name: "openlibrary", failure: failure)], cache: cache
        )

        // When searching twice
        _ = await orchestrator.search(title: "dune")
        let second = await orchestrator.search(title: "dune")

        // Then the second search asks again
        #expect(second.cached == false)
        #expect(second.reports.map(\.outcome) == [.found, failure.outcome])
        #expect(try cache.statistics(now: Date()).entries == 0)
    }

    @Test func aRealNotFoundFromAServiceIsCachedForItsHour() async throws {
        // Given a catalog and a service that both answer, with nothing
        let directory = try TemporaryDirectory()
        let cache = try SQLiteSearchCache(path: directory.url.appendingPathComponent("cache.sqlite").path)
        let clock = SettableClock(start: Date(timeIntervalSince1970: 1_800_000_000))
        let orchestrator = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog"), online: [StaticMetadataProvider(name: "openlibrary")], cache: cache, now: { clock.now }
        )

        // When searching, then again within the hour, then after it
        _ = await orchestrator.search(text: "no such book")
        clock.advance(by: 3_599)
        let within = await orchestrator.search(text: "no such book")
        clock.advance(by: 2)
        let after = await orchestrator.search(text: "no such book")

        // Then only the search within the hour is answered from the cache
        #expect(within.cached)
        #expect(within.reports.map(\.outcome) == [.notFound, .notFound])
        #expect(after.cached == false)
    }

    @Test func cacheKeysComeFromNormalizedInputs() async throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteSearchCache(path: directory.url.appendingPathComponent("cache.sqlite").path)
        let orchestrator = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog", catalog: [duneFromCatalog(complete: true)]), online: [], cache: cache
        )
        _ = await orchestrator.search(title: "The Dune")
        #expect(await orchestrator.search(title: "  dune!! ").cached)
        #expect(SearchCacheKey.titleAndAuthor("Dune", "Herbert, Frank") == SearchCacheKey.titleAndAuthor("dune", "Frank Herbert"))
    }
}

@Suite struct FreeWordSearches {
    @Test func freeWordsReachEachProviderInItsAllFieldsForm() async throws {
        // Given Open Library answering only its all-fields `q=` search, Google nothing, and
        // ISBNdb only a search over every column
        let routes: [LoopbackRoute] = [
            LoopbackRoute(.custom { $0.path == "/search.json" && $0.queryValue("q") != nil && $0.queryValue("title") == nil }) { _ in
                (try? .fixture("openlibrary/search-time-war.json")) ?? .status(500)
            },
            .get("/books/v1/volumes", try .fixture("googlebooks/volumes-empty.json")),
            LoopbackRoute(.custom { $0.path.hasPrefix("/books/") && !$0.path.hasPrefix("/books/v1") && $0.queryValue("column") == nil }) { _ in
                (try? .fixture("isbndb/books-search-harry-potter.json")) ?? .status(500)
            },
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            let orchestrator = SearchOrchestrator(catalog: nil, online: [harness.openLibrary(), harness.googleBooks(), harness.isbndb()], cache: nil)

            // When searching for words of a title and an author's name
            let answer = await orchestrator.search(text: "time war el-mohtar")

            // Then every provider answered from the words as they were typed
            #expect(answer.reports.map(\.outcome) == [.found, .notFound, .found])
            #expect(harness.server.requests(toPath: "/search.json").first?.queryValue("q") == "time war el-mohtar")
            #expect(harness.server.requests(toPath: "/books/v1/volumes").first?.queryValue("q") == "time war el-mohtar")
            #expect(harness.server.requests(toPath: "/books/time%20war%20el-mohtar").count == 1)
            // and Open Library's work by the named author is in the answer
            #expect(answer.works.contains { $0.title == "This Is How You Lose the Time War" && $0.authors.first?.name == "Amal El-Mohtar" })
        }
    }

    @Test func freeWordsMatchTheAuthorAndAreCachedUnderTheirOwnKey() async throws {
        // Given a catalog holding Dune by Frank Herbert and a cache
        let directory = try TemporaryDirectory()
        let cache = try SQLiteSearchCache(path: directory.url.appendingPathComponent("cache.sqlite").path)
        let orchestrator = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog", catalog: [duneFromCatalog(complete: true)]), online: [], cache: cache
        )

        // When searching "dune herbert" twice, then "dune" as a title
        let first = await orchestrator.search(text: "Dune  Herbert")
        let second = await orchestrator.search(text: "dune herbert")
        let byTitle = await orchestrator.search(title: "dune herbert")

        // Then the free words find Dune, the second time from the cache, while a title search does not
        #expect(first.works.map(\.title) == ["Dune"])
        #expect(second.cached)
        #expect(byTitle.works.isEmpty)
        #expect(SearchCacheKey.text("dune herbert") != SearchCacheKey.title("dune herbert"))
    }
}

@Suite struct TransportFailureWording {
    @Test func anHTTPClientErrorReadsAsWordsNotItsCodeName() {
        #expect(HTTPTransport.codeNameInWords("HTTPClientError.bodyLengthMismatch") == "body length mismatch")
        #expect(HTTPTransport.codeNameInWords("HTTPClientError.invalidHeaderFieldNames([\"x\"])") == "invalid header field names")
        #expect(HTTPTransport.codeNameInWords("connection reset (error set): Connection refused (errno: 111)") == nil)
    }
}
