import BooksTrackCore
import Foundation

/// Answers searches from the local catalog and the online providers: ISBN lookups ask the catalog
/// first and the online providers only when its answer is missing or incomplete; title searches
/// ask everyone at once. Answers are merged, ranked, capped and cached. A provider that fails or
/// times out is reported in the answer's provenance; it never fails the answer, and such an answer
/// is not cached.
public struct SearchOrchestrator: Sendable {
    /// The embedded catalog, asked first.
    public let catalog: (any MetadataProvider)?
    /// Online providers in priority order (missing fields are filled in this order).
    public let online: [any MetadataProvider]
    public let cache: (any SearchCache)?
    /// Most works in a title answer.
    public let resultLimit: Int
    public let now: @Sendable () -> Date

    /// Creates an orchestrator.
    public init(
        catalog: (any MetadataProvider)?,
        online: [any MetadataProvider],
        cache: (any SearchCache)?,
        resultLimit: Int = 20,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.catalog = catalog
        self.online = online
        self.cache = cache
        self.resultLimit = resultLimit
        self.now = now
    }

    /// The works carrying `isbn`, merged across providers (usually one).
    public func lookup(isbn: ISBN) async -> SearchAnswer {
        let started = ContinuousClock.now
        let key = SearchCacheKey.isbn(isbn)
        if let cached = cachedAnswer(key, started: started) { return cached }

        var answers: [(provider: String, works: [WorkDTO])] = []
        var reports: [ProviderReport] = []
        if let catalog {
            let (works, report) = await Self.ask(catalog) { provider throws(ProviderError) in try await provider.lookup(isbn: isbn) }
            reports.append(report)
            if !works.isEmpty { answers.append((catalog.name, works)) }
        }
        let localIsComplete = answers.first.map { $0.works.contains(where: WorkMerger.isComplete) } ?? false
        if localIsComplete {
            reports += online.map { ProviderReport(provider: $0.name, outcome: .skipped, message: "the local catalog answered fully") }
        } else {
            let results = await Self.askAll(online) { provider throws(ProviderError) in try await provider.lookup(isbn: isbn) }
            reports += results.map(\.report)
            answers += results.filter { !$0.works.isEmpty }.map { ($0.provider, $0.works) }
        }
        // Everyone's first work is about this ISBN; merge them into one, in priority order.
        let merged = WorkMerger.merge(answers.compactMap { $0.works.first }).map { [$0] } ?? []
        return finish(merged, key: key, lifetime: SearchCacheKey.isbnLifetime, reports: reports, started: started)
    }

    /// Works whose title matches, best first.
    public func search(title: String) async -> SearchAnswer {
        let started = ContinuousClock.now
        let key = SearchCacheKey.title(title)
        if let cached = cachedAnswer(key, started: started) { return cached }
        let limit = resultLimit
        let results = await Self.askAll(providers) { provider throws(ProviderError) in try await provider.search(title: title, limit: limit) }
        let works = Self.rank(results.map(\.works), query: title, author: nil, limit: limit)
        return finish(works, key: key, lifetime: SearchCacheKey.searchLifetime, reports: results.map(\.report), started: started)
    }

    /// Works matching free words that may name the title, the author or both ("dune herbert",
    /// "orwell"), best first; each provider reads them with its own all-fields search.
    public func search(text: String) async -> SearchAnswer {
        let started = ContinuousClock.now
        let key = SearchCacheKey.text(text)
        if let cached = cachedAnswer(key, started: started) { return cached }
        let limit = resultLimit
        let results = await Self.askAll(providers) { provider throws(ProviderError) in try await provider.search(text: text, limit: limit) }
        let works = Self.rank(results.map(\.works), query: text, author: nil, limit: limit)
        return finish(works, key: key, lifetime: SearchCacheKey.searchLifetime, reports: results.map(\.report), started: started)
    }

    /// Works whose title and author match, best first.
    public func search(title: String, author: String) async -> SearchAnswer {
        let started = ContinuousClock.now
        let key = SearchCacheKey.titleAndAuthor(title, author)
        if let cached = cachedAnswer(key, started: started) { return cached }
        let limit = resultLimit
        let results = await Self.askAll(providers) { provider throws(ProviderError) in try await provider.search(title: title, author: author, limit: limit) }
        let works = Self.rank(results.map(\.works), query: title, author: author, limit: limit)
        return finish(works, key: key, lifetime: SearchCacheKey.searchLifetime, reports: results.map(\.report), started: started)
    }

    private var providers: [any MetadataProvider] { (catalog.map { [$0] } ?? []) + online }

    // MARK: Asking

    private static func ask(
        _ provider: any MetadataProvider, _ question: @Sendable (any MetadataProvider) async throws(ProviderError) -> [WorkDTO]
    ) async -> ([WorkDTO], ProviderReport) {
        let started = ContinuousClock.now
        do {
            let works = try await question(provider)
            let report = ProviderReport(provider: provider.name, outcome: works.isEmpty ? .notFound : .found, duration: milliseconds(since: started))
            return (works, report)
        } catch {
            return ([], ProviderReport(provider: provider.name, outcome: error.outcome, message: error.description, duration: milliseconds(since: started)))
        }
    }

    /// Asks every provider concurrently; answers come back in the providers' priority order.
    private static func askAll(
        _ providers: [any MetadataProvider], _ question: @escaping @Sendable (any MetadataProvider) async throws(ProviderError) -> [WorkDTO]
    ) async -> [(provider: String, works: [WorkDTO], report: ProviderReport)] {
        await withTaskGroup(of: (Int, [WorkDTO], ProviderReport).self) { group in
            for (index, provider) in providers.enumerated() {
                group.addTask {
                    let (works, report) = await ask(provider, question)
                    return (index, works, report)
                }
            }
            var results: [(Int, [WorkDTO], ProviderReport)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map { (providers[$0.0].name, $0.1, $0.2) }
        }
    }

    // MARK: Ranking

    /// Merges works from all providers by normalized title + primary author, then ranks: exact
    /// title (and author) matches first, then works more providers agree on, then popularity, then
    /// the providers' own order.
    static func rank(_ answers: [[WorkDTO]], query: String, author: String?, limit: Int) -> [WorkDTO] {
        var groups: [String: (order: Int, works: [(provider: Int, work: WorkDTO)])] = [:]
        var order = 0
        // Interleave by rank so a provider's best answer is ordered before another's tenth.
        let depth = answers.map(\.count).max() ?? 0
        for position in 0..<depth {
            for (provider, works) in answers.enumerated() where position < works.count {
                let work = works[position]
                let key = TextNormalization.dedupeKey(title: work.title, primaryAuthor: work.authors.first?.name)
                if groups[key] == nil {
                    groups[key] = (order, [])
                    order += 1
                }
                groups[key]?.works.append((provider, work))
            }
        }
        let wantedTitle = TextNormalization.normalizeTitle(query)
        let wantedAuthor = author.map { TextNormalization.normalizeAuthor($0) }
        let ranked = groups.values.compactMap { group -> (WorkDTO, Int, Int, Int, Int)? in
            // Fields are filled in provider priority order, whoever answered first.
            let byPriority = group.works.sorted { $0.provider < $1.provider }.map(\.work)
            guard let merged = WorkMerger.merge(byPriority) else { return nil }
            let titleMatches = TextNormalization.normalizeTitle(merged.title) == wantedTitle
            let authorMatches = wantedAuthor.map { wanted in merged.authors.contains { TextNormalization.normalizeAuthor($0.name) == wanted } } ?? true
            let exactness = (titleMatches ? 2 : 0) + (authorMatches ? 1 : 0)
            return (merged, exactness, group.works.count, merged.popularity ?? 0, group.order)
        }
        return ranked.sorted { lhs, rhs in
            if lhs.1 != rhs.1 { return lhs.1 > rhs.1 }
            if lhs.2 != rhs.2 { return lhs.2 > rhs.2 }
            if lhs.3 != rhs.3 { return lhs.3 > rhs.3 }
            return lhs.4 < rhs.4
        }
        .prefix(limit)
        .map(\.0)
    }

    // MARK: Cache

    private func cachedAnswer(_ key: String, started: ContinuousClock.Instant) -> SearchAnswer? {
        guard let cache, let cached = try? cache.answer(for: key, now: now()) else { return nil }
        return SearchAnswer(works: cached.works, provider: cached.provider, cached: true, reports: cached.reports, processingTime: Self.milliseconds(since: started))
    }

    private func finish(_ works: [WorkDTO], key: String, lifetime: TimeInterval, reports: [ProviderReport], started: ContinuousClock.Instant) -> SearchAnswer {
        let provider = Self.providerTag(works)
        // Only answers are remembered: when a provider (the local catalog included) failed, timed
        // out or was rate limited, "nothing" or "less" may be our failure, not the services' answer,
        // so the next question asks again.
        let failed = reports.contains { [.failed, .timedOut, .rateLimited].contains($0.outcome) }
        if let cache, !failed {
            // A real not-found is kept briefly, so a book added to a service is found soon.
            let life = works.isEmpty ? SearchCacheKey.notFoundLifetime : lifetime
            let stamp = now()
            try? cache.store(CachedAnswer(works: works, provider: provider, reports: reports, storedAt: stamp), for: key, expiresAt: stamp.addingTimeInterval(life))
        }
        return SearchAnswer(works: works, provider: provider, cached: false, reports: reports, processingTime: Self.milliseconds(since: started))
    }

    private static func providerTag(_ works: [WorkDTO]) -> String? {
        guard let first = works.first else { return nil }
        if works.count == 1 { return first.primaryProvider }
        var names: [String] = []
        for work in works {
            for name in work.contributors where !names.contains(name) { names.append(name) }
        }
        return names.count == 1 ? names[0] : "orchestrated:" + names.joined(separator: "+")
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// An orchestrated answer: the works, where they came from, and how each provider fared.
public struct SearchAnswer: Sendable, Hashable {
    public var works: [WorkDTO]
    /// The provider tag of the answer.
    public var provider: String?
    /// True when the answer came from the cache.
    public var cached: Bool
    public var reports: [ProviderReport]
    /// Milliseconds spent.
    public var processingTime: Int

    /// Creates an answer.
    public init(works: [WorkDTO], provider: String?, cached: Bool, reports: [ProviderReport], processingTime: Int) {
        self.works = works
        self.provider = provider
        self.cached = cached
        self.reports = reports
        self.processingTime = processingTime
    }

    /// The API envelope for this answer.
    public func envelope(timestamp: Date) -> ResponseEnvelope<SearchResultsDTO> {
        .success(
            SearchResultsDTO(works: works),
            meta: ResponseMeta(timestamp: timestamp, processingTime: processingTime, provider: provider, cached: cached, providers: reports)
        )
    }
}
