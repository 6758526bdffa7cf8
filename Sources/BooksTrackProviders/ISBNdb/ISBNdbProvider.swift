import BooksTrackCore

/// Book metadata from ISBNdb (API v2), which needs a paid key; without one every call reports
/// the provider disabled and nothing is sent.
public struct ISBNdbProvider: MetadataProvider {
    /// "isbndb".
    public var name: String { ISBNdbMapping.provider }
    /// The pacing shared by every call of this provider.
    public let rateLimiter: RateLimiter
    /// The request builders; nil without a key.
    package let requests: ISBNdbRequests?
    private let session: ProviderSession
    private let isOffline: Bool

    /// Creates the provider; without a `rateLimiter` it paces itself by `RateLimitPolicy.isbndb`.
    public init(configuration: ProviderConfiguration, transport: HTTPTransport, rateLimiter: RateLimiter? = nil) {
        let limiter = rateLimiter ?? RateLimiter(policy: .isbndb)
        self.rateLimiter = limiter
        self.requests = configuration.isbndbKey.flatMap(MappingSupport.nonBlank).map {
            ISBNdbRequests(baseURL: configuration.isbndbURL, key: $0)
        }
        self.session = ProviderSession(transport: transport, limiter: limiter, timeout: configuration.timeout)
        self.isOffline = configuration.isOffline
    }

    /// The book with this ISBN as a synthetic work; empty when ISBNdb answers 404.
    public func lookup(isbn: ISBN) async throws(ProviderError) -> [WorkDTO] {
        let requests = try enabledRequests()
        let response = try await session.get(requests.book(isbn: isbn), within: session.startCall())
        if response.isNotFound { return [] }
        guard let book = try response.decode(ISBNdbBookResponse.self).book else {
            throw .malformedResponse("the answer has no \"book\" object")
        }
        return ISBNdbMapping.work(from: book, askedISBN: isbn).map { [$0] } ?? []
    }

    /// Books whose title matches, in ISBNdb's order.
    public func search(title: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try await search(title: title, author: nil, limit: limit)
    }

    /// Books whose title matches, keeping those by the asked author. ISBNdb's `/books` search
    /// matches one column, so the author is checked here.
    public func search(title: String, author: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try await search(title: title, author: MappingSupport.nonBlank(author), limit: limit)
    }

    /// Books matching free words in any column (title, author, subjects…).
    public func search(text: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        let requests = try enabledRequests()
        guard limit > 0, let text = MappingSupport.nonBlank(text) else { return [] }
        return try await books(requests.books(text: text, limit: limit), author: nil, limit: limit)
    }

    private func search(title: String, author: String?, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        let requests = try enabledRequests()
        guard limit > 0, let title = MappingSupport.nonBlank(title) else { return [] }
        // Filtering by author afterwards needs a wider page than `limit`.
        let page = author == nil ? limit : ISBNdbRequests.largestPage
        return try await books(requests.books(title: title, limit: page), author: author, limit: limit)
    }

    private func books(_ request: ProviderRequest, author: String?, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        let response = try await session.get(request, within: session.startCall())
        // ISBNdb answers 404 when no book matches.
        if response.isNotFound { return [] }
        let books = try response.decode(ISBNdbBooksResponse.self).books
        return Array(
            books.lazy
                .filter { book in author.map { ISBNdbMapping.book(book, isBy: $0) } ?? true }
                .compactMap { ISBNdbMapping.work(from: $0) }
                .prefix(limit)
        )
    }

    private func enabledRequests() throws(ProviderError) -> ISBNdbRequests {
        if isOffline { throw .disabled("offline mode is on (BOOKSTRACK_OFFLINE)") }
        guard let requests else {
            throw .disabled("no ISBNdb API key configured; set BOOKSTRACK_ISBNDB_KEY to use ISBNdb")
        }
        return requests
    }
}
