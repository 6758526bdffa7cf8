import BooksTrackCore
import BooksTrackProviders
import BooksTrackStore
import Foundation

extension Bootstrap {
    /// Opens (creating if needed) the search cache in `directory`.
    package static func openCache(in directory: URL) throws -> SQLiteSearchCache {
        try SQLiteSearchCache(path: directory.appendingPathComponent("cache.sqlite").path)
    }

    /// Opens (creating if needed) the offline catalog in `directory`; the bundled seed loads on first use.
    package static func openCatalog(in directory: URL, now: @escaping @Sendable () -> Date) throws -> CatalogDatabase {
        try CatalogDatabase(path: directory.appendingPathComponent("catalog.sqlite").path, now: now)
    }

    /// The provider configuration: the environment, then the command line's flags on top.
    package static func providerConfiguration(
        environment: [String: String], offline: Bool, timeout: Double?, providers: String?, contact: String?
    ) throws -> ProviderConfiguration {
        var configuration = try ProviderConfiguration.fromEnvironment(environment)
        if offline { configuration.isOffline = true }
        if let timeout { configuration.timeout = .milliseconds(Int((timeout * 1_000).rounded())) }
        if let providers { configuration.providerOrder = try ProviderConfiguration.parseProviderOrder(providers, setting: "--providers") }
        if let contact { configuration.contact = contact }
        return configuration
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
        let configuration = try Bootstrap.providerConfiguration(
            environment: context.environment, offline: search.offline, timeout: search.providerTimeout,
            providers: search.providers, contact: search.contact
        )
        let cache = try Bootstrap.openCache(in: directory)
        let catalog = try Bootstrap.openCatalog(in: directory, now: context.now)
        let transport = HTTPTransport(configuration: configuration)
        let orchestrator = SearchOrchestrator(
            catalog: LocalCatalogProvider(catalog: catalog),
            online: configuration.makeOnlineProviders(transport: transport),
            cache: cache,
            resultLimit: search.limit,
            now: context.now
        )
        return SearchSession(orchestrator: orchestrator, cache: cache, shutdown: { await transport.shutdown() })
    }

    /// Opens a session, asks one question, and closes the session whether or not it answered.
    static func ask(options: LibraryOptions, search: SearchOptions, query: String?, isbn: String?, title: String?, author: String?) async throws -> SearchAnswer {
        let session = try await open(options: options, search: search)
        do {
            let answer = try await session.answer(query: query, isbn: isbn, title: title, author: author)
            await session.close()
            return answer
        } catch {
            await session.close()
            throw error
        }
    }

    /// Answers one question: an ISBN, free words of the title and author, a title, or a title and an author.
    func answer(query: String?, isbn: String?, title: String?, author: String?) async throws -> SearchAnswer {
        if let isbn {
            return await orchestrator.lookup(isbn: try ArgumentText.isbn(isbn))
        }
        if let query, let parsed = ISBN(query) {
            return await orchestrator.lookup(isbn: parsed)
        }
        let words = (title ?? query ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty else { throw CommandFailure.invalid("give some words of the title or author") }
        guard words.count <= 512 else { throw CommandFailure.invalid("the search is \(words.count) characters long; the limit is 512") }
        if let author, !author.trimmingCharacters(in: .whitespaces).isEmpty {
            return await orchestrator.search(title: words, author: author)
        }
        // Free words may name the author ("dune herbert", "le guin"); --title holds only title words.
        return title == nil ? await orchestrator.search(text: words) : await orchestrator.search(title: words)
    }

    /// Saves the cache counters and releases the HTTP client.
    func close() async {
        try? cache.flushCounters()
        await shutdown()
    }
}
