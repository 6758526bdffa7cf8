import BooksTrackCatalog
import BooksTrackCore
import Foundation
import Testing

@Suite("Catalog search")
struct CatalogSearchTests {
    private let directory: CatalogTestDirectory
    private let catalog: CatalogDatabase

    init() throws {
        directory = try CatalogTestDirectory()
        catalog = try directory.catalog()
        try catalog.loadSeedIfNeeded()
    }

    @Test(arguments: ["9780441172719", "0441172717", "978-0-441-17271-9", "0-441-17271-7"])
    func anISBNFindsItsWorkInEitherForm(isbn: String) throws {
        let works = try catalog.works(isbn: try ISBN(parsing: isbn))

        #expect(works.map(\.title) == ["Dune"])
        #expect(works.first?.editions.map(\.isbn13) == [["9780441172719"]])
        #expect(works.first?.editions.first?.primaryProvider == "catalog")
    }

    @Test func anUnknownISBNFindsNothing() throws {
        #expect(try catalog.works(isbn: try ISBN(parsing: "9780306406157")).isEmpty)
    }

    @Test func anExactTitleComesBeforeMorePopularPartialMatches() throws {
        let titles = try catalog.search(title: "Dune", limit: 10).map(\.title)

        #expect(titles == ["Dune", "Dune Messiah", "Children of Dune"])
    }

    @Test func aLeadingArticleDoesNotStopAnExactMatch() throws {
        #expect(try catalog.search(title: "Hunger Games", limit: 3).first?.title == "The Hunger Games")
        #expect(try catalog.search(title: "THE HUNGER GAMES!", limit: 3).first?.title == "The Hunger Games")
    }

    @Test func titleAndAuthorSearchKeepsOnlyThatAuthorsWorks() throws {
        let results = try catalog.search(title: "It", author: "Stephen King", limit: 10)

        #expect(results.map(\.title) == ["It"])
        #expect(results.first?.authors.map(\.name) == ["Stephen King"])
    }

    @Test func authorNamesMatchWhateverTheirSpelling() throws {
        let results = try catalog.search(title: "harry potter", author: "Rowling, J. K.", limit: 5)

        #expect(results.first?.title == "Harry Potter and the Sorcerer's Stone")
        #expect(results.first?.authors.map(\.name) == ["J.K. Rowling", "Mary GrandPré"])
    }

    @Test(arguments: ["les miserables", "LES MISÉRABLES", "Les Mise\u{301}rables", "misérables"])
    func searchIgnoresCaseAndDiacritics(query: String) throws {
        #expect(try catalog.search(title: query, limit: 3).first?.title == "Les Misérables")
    }

    @Test(arguments: ["ender's game", "enders game", "Ender’s Game"])
    func apostrophesDoNotSplitWords(query: String) throws {
        #expect(try catalog.search(title: query, limit: 3).first?.title == "Ender's Game")
    }

    @Test func anotherTitleTheWorkIsKnownByFindsIt() throws {
        let results = try catalog.search(title: "Harry Potter and the Philosopher's Stone", limit: 3)

        #expect(results.first?.title == "Harry Potter and the Sorcerer's Stone")
    }

    @Test func popularityBreaksTiesBetweenEquallyRelevantWorks() throws {
        let authors = try catalog.search(title: "collected poems", limit: 5).map { $0.authors.first?.name }

        #expect(authors == ["Sylvia Plath", "Philip Larkin"])
    }

    @Test func seriesNamesAreSearchable() throws {
        let titles = try catalog.search(title: "dune chronicles", limit: 5).map(\.title)

        #expect(Set(titles) == ["Dune", "Dune Messiah", "Children of Dune"])
    }

    @Test func freeTextSearchMatchesTitleAndAuthorWords() throws {
        let results = try catalog.search(text: "dune herbert messiah", limit: 5)

        #expect(results.map(\.title) == ["Dune Messiah"])
    }

    @Test func theLimitCapsTheResults() throws {
        #expect(try catalog.search(title: "dune", limit: 2).count == 2)
        #expect(try catalog.search(title: "dune", limit: 0).isEmpty)
    }

    @Test(arguments: [
        "", "   ", "\"", "\"\"\"", "AND", "dune OR it", "NOT dune", "NEAR(dune it)", "*", "dune*", "title:dune",
        "{title}: dune", "^dune", "\u{0}", "(", ")", String(repeating: "dune ", count: 5_000), "💥📚",
        String(repeating: "x", count: 100_000),
    ])
    func hostileQueriesNeverFail(query: String) throws {
        _ = try catalog.search(title: query, limit: 10)
        _ = try catalog.search(title: query, author: query, limit: 10)
        _ = try catalog.search(text: query, limit: 10)
    }

    @Test func operatorWordsAreSearchedAsWords() throws {
        // "OR" would be an FTS5 operator if it reached the query unquoted.
        #expect(try catalog.search(title: "dune OR it", limit: 5).isEmpty)
    }

    @Test func theProviderAnswersAsCatalog() async throws {
        let provider = LocalCatalogProvider(catalog: catalog)

        let byISBN = try await provider.lookup(isbn: try ISBN(parsing: "9780439023481"))
        let byTitle = try await provider.search(title: "dune messiah", limit: 1)
        let byAuthor = try await provider.search(title: "dune", author: "frank herbert", limit: 1)

        #expect(provider.name == "catalog")
        #expect(byISBN.map(\.title) == ["The Hunger Games"])
        #expect(byISBN.first?.primaryProvider == "catalog")
        #expect(byTitle.map(\.title) == ["Dune Messiah"])
        #expect(byAuthor.map(\.title) == ["Dune"])
    }

    @Test func theProviderLoadsTheSeedOnItsFirstQuestion() async throws {
        let directory = try CatalogTestDirectory()
        let provider = LocalCatalogProvider(catalog: try directory.catalog())

        let works = try await provider.search(title: "hunger games", limit: 1)

        #expect(works.map(\.title) == ["The Hunger Games"])
    }

    @Test func aProviderWithoutItsSeedReportsAFailureInsteadOfCrashing() async throws {
        let directory = try CatalogTestDirectory()
        let catalog = try CatalogDatabase(
            path: directory.file("catalog.sqlite").path, seedResource: directory.file("nowhere.tsv")
        )
        let provider = LocalCatalogProvider(catalog: catalog)

        await #expect(throws: ProviderError.self) { try await provider.search(title: "dune", limit: 1) }
    }
}
