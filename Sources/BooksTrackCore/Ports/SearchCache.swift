import Foundation

/// Remembers search answers so repeated questions cost nothing and providers are spared.
public protocol SearchCache: Sendable {
    /// The answer stored under `key` if it has not expired at `now`; counts a hit or a miss.
    func answer(for key: String, now: Date) throws -> CachedAnswer?
    /// Stores `answer` under `key` until `expiresAt`.
    func store(_ answer: CachedAnswer, for key: String, expiresAt: Date) throws
    /// Entries, hits and misses so far.
    func statistics(now: Date) throws -> CacheStatistics
    /// Removes every entry (and resets the counters); returns how many entries were removed.
    func clear() throws -> Int
}

/// A stored search answer.
public struct CachedAnswer: Codable, Hashable, Sendable {
    public var works: [WorkDTO]
    /// The provider tag of the answer.
    public var provider: String?
    /// What each provider did when the answer was made.
    public var reports: [ProviderReport]
    public var storedAt: Date

    /// Creates a stored answer.
    public init(works: [WorkDTO], provider: String?, reports: [ProviderReport], storedAt: Date) {
        self.works = works
        self.provider = provider
        self.reports = reports
        self.storedAt = storedAt
    }
}

/// How the cache is doing.
public struct CacheStatistics: Codable, Hashable, Sendable {
    /// Stored answers, expired ones included until they are swept.
    public var entries: Int
    /// Stored answers not yet expired.
    public var liveEntries: Int
    public var hits: Int
    public var misses: Int
    /// Bytes of stored answers.
    public var bytes: Int

    /// Creates statistics.
    public init(entries: Int, liveEntries: Int, hits: Int, misses: Int, bytes: Int) {
        self.entries = entries
        self.liveEntries = liveEntries
        self.hits = hits
        self.misses = misses
        self.bytes = bytes
    }

    /// Hits over all lookups, nil before the first lookup.
    public var hitRate: Double? { hits + misses == 0 ? nil : Double(hits) / Double(hits + misses) }
}

/// How cache keys are made and how long answers live (DESIGN §5).
public enum SearchCacheKey {
    /// ISBN answers live 7 days.
    public static let isbnLifetime: TimeInterval = 7 * 86_400
    /// Title and title+author answers live 6 hours.
    public static let searchLifetime: TimeInterval = 6 * 3_600
    /// Not-found answers live 1 hour. Answers a provider failed in are not cached at all.
    public static let notFoundLifetime: TimeInterval = 3_600

    /// "isbn:9780441172719".
    public static func isbn(_ isbn: ISBN) -> String { "isbn:" + isbn.isbn13 }

    /// "title:left hand of darkness".
    public static func title(_ title: String) -> String { "title:" + TextNormalization.normalizeTitle(title) }

    /// "text:dune herbert": free words matched against every field.
    public static func text(_ text: String) -> String { "text:" + TextNormalization.normalizeTitle(text) }

    /// "advanced:left hand of darkness|ursula k le guin".
    public static func titleAndAuthor(_ title: String, _ author: String) -> String {
        "advanced:" + TextNormalization.normalizeTitle(title) + "|" + TextNormalization.normalizeAuthor(author)
    }
}
