import BooksTrackCore
import BooksTrackProviders
import BooksTrackStore
import Foundation

extension Bootstrap {
    /// Opens (creating if needed) the search cache in `directory`.
    package static func openCache(in directory: URL) throws -> SQLiteSearchCache {
        try SQLiteSearchCache(path: directory.appendingPathComponent("cache.sqlite").path)
    }
}

/// Everything one search command needs, opened together and closed together.
struct SearchSession {
    let orchestrator: SearchOrchestrator
    let cache: SQLiteSearchCache
    let shutdown: @Sendable () async -> Void

    /// Opens the catalog, the cache and the configured providers.
    static func open(options: LibraryOptions, search: SearchOptions) async throws -> SearchSession {
        let context = CommandContext.current
        let directory = Bootstrap.dataDirectory(explicit: options.dataDirectory, environment: context.environment)
        let cache = try Bootstrap.openCache(in: directory)
        let orchestrator = SearchOrchestrator(catalog: nil, online: [], cache: cache, resultLimit: search.limit, now: context.now)
        return SearchSession(orchestrator: orchestrator, cache: cache, shutdown: {})
    }

    /// Answers one question: an ISBN, a title, or a title and an author.
    func answer(query: String?, isbn: String?, title: String?, author: String?) async throws -> SearchAnswer {
        if let isbn {
            return await orchestrator.lookup(isbn: try ArgumentText.isbn(isbn))
        }
        if let query, let parsed = ISBN(query) {
            return await orchestrator.lookup(isbn: parsed)
        }
        let words = (title ?? query ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty else { throw CommandFailure.invalid("give some words of the title") }
        guard words.count <= 512 else { throw CommandFailure.invalid("the search is \(words.count) characters long; the limit is 512") }
        if let author, !author.trimmingCharacters(in: .whitespaces).isEmpty {
            return await orchestrator.search(title: words, author: author)
        }
        return await orchestrator.search(title: words)
    }

    /// Saves the cache counters and releases the HTTP client.
    func close() async {
        try? cache.flushCounters()
        await shutdown()
    }
}
