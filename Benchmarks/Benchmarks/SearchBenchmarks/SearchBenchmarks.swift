import Benchmark
import BooksTrackCore
import BooksTrackProviders
import BooksTrackStore
import BooksTrackTesting
import Foundation

/// A cached ISBN answer through the orchestrator: the cache file, the decode, the envelope's data.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))

    Benchmark("Cached ISBN answer through the orchestrator") { benchmark, context in
        for _ in benchmark.scaledIterations {
            let answer = await context.orchestrator.lookup(isbn: context.isbn)
            precondition(answer.cached, "the benchmark must measure cache hits")
            blackHole(answer)
        }
    } setup: {
        try await CachedLookupContext.make()
    }
}

/// An orchestrator whose cache already holds the answer.
struct CachedLookupContext: Sendable {
    let orchestrator: SearchOrchestrator
    let isbn: ISBN
    let directory: TemporaryDirectory

    static func make() async throws -> CachedLookupContext {
        let directory = try TemporaryDirectory(prefix: "bookstrack-bench-cache")
        let cache = try SQLiteSearchCache(path: directory.path("cache.sqlite"))
        guard let isbn = ISBN("9780441172719") else { throw CocoaError(.coderInvalidValue) }
        let work = WorkDTO(
            title: "Dune",
            authors: [AuthorDTO(name: "Frank Herbert", birthYear: 1920, deathYear: 1986, openLibraryID: "OL79034A")],
            firstPublicationYear: 1965,
            description: String(repeating: "Set on the desert planet Arrakis. ", count: 20),
            subjects: ["Science fiction", "Ecology", "Politics"],
            coverImageURL: "https://covers.openlibrary.org/b/id/11481354-L.jpg",
            openLibraryWorkID: "OL893415W",
            editions: [
                EditionDTO(
                    isbn13: [isbn.isbn13], isbn10: ["0441172717"], publisher: "Ace", publicationDate: "1990-09", pageCount: 535,
                    primaryProvider: "openlibrary"
                )
            ],
            primaryProvider: "openlibrary"
        )
        let orchestrator = SearchOrchestrator(
            catalog: StaticMetadataProvider(name: "catalog", byISBN: [isbn.isbn13: [work]]), online: [], cache: cache
        )
        _ = await orchestrator.lookup(isbn: isbn)
        return CachedLookupContext(orchestrator: orchestrator, isbn: isbn, directory: directory)
    }
}
