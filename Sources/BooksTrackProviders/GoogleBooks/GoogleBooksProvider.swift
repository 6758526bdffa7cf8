import BooksTrackCore

/// Book metadata from the Google Books API: `volumes?q=isbn:`, `intitle:` and `inauthor:` searches,
/// with an optional API key.
public struct GoogleBooksProvider: MetadataProvider {
    /// "google".
    public var name: String { GoogleBooksMapping.provider }
    /// The pacing shared by every call of this provider.
    public let rateLimiter: RateLimiter
    /// The request builders, from the configured base URL and key.
    package let requests: GoogleBooksRequests
    private let session: ProviderSession
    private let isOffline: Bool

    /// Creates the provider; without a `rateLimiter` it paces itself by `RateLimitPolicy.googleBooks`.
    public init(configuration: ProviderConfiguration, transport: HTTPTransport, rateLimiter: RateLimiter? = nil) {
        let limiter = rateLimiter ?? RateLimiter(policy: .googleBooks)
        self.rateLimiter = limiter
        self.requests = GoogleBooksRequests(baseURL: configuration.googleBooksURL, key: configuration.googleBooksKey)
        self.session = ProviderSession(transport: transport, limiter: limiter, timeout: configuration.timeout)
        self.isOffline = configuration.isOffline
    }

    /// The volumes whose identifiers contain this ISBN, each as a synthetic work.
    public func lookup(isbn: ISBN) async throws(ProviderError) -> [WorkDTO] {
        try ensureOnline()
        let response = try await session.get(requests.volumes(isbn: isbn), within: session.startCall())
        if response.isNotFound { return [] }
        let answer = try response.decode(GoogleBooksVolumesResponse.self)
        return answer.items
            .filter { GoogleBooksMapping.volume($0, carries: isbn) }
            .compactMap(GoogleBooksMapping.work(from:))
    }

    /// Volumes whose title matches, in Google's relevance order.
    public func search(title: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try await search(title: title, author: nil, limit: limit)
    }

    /// Volumes whose title and author match, in Google's relevance order.
    public func search(title: String, author: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try await search(title: title, author: MappingSupport.nonBlank(author), limit: limit)
    }

    /// Volumes matching free words in any field, in Google's relevance order.
    public func search(text: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try ensureOnline()
        guard limit > 0, let text = MappingSupport.nonBlank(text) else { return [] }
        return try await volumes(requests.volumes(text: text, limit: limit), limit: limit)
    }

    private func search(title: String, author: String?, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try ensureOnline()
        guard limit > 0, let title = MappingSupport.nonBlank(title) else { return [] }
        return try await volumes(requests.volumes(title: title, author: author, limit: limit), limit: limit)
    }

    private func volumes(_ request: ProviderRequest, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        let answer = try await session.get(request, within: session.startCall()).decode(GoogleBooksVolumesResponse.self)
        return Array(answer.items.lazy.compactMap(GoogleBooksMapping.work(from:)).prefix(limit))
    }

    private func ensureOnline() throws(ProviderError) {
        if isOffline { throw .disabled("offline mode is on (BOOKSTRACK_OFFLINE)") }
    }
}
