import BooksTrackCore

/// Book metadata from Open Library: ISBN lookups through the edition, work and author records,
/// title searches through `/search.json`, and batched ISBN lookups through `/api/books`.
public struct OpenLibraryProvider: MetadataProvider {
    /// The most author records fetched for one lookup; anthologies list dozens.
    static let maximumAuthors = 5

    /// "openlibrary".
    public var name: String { OpenLibraryMapping.provider }
    /// The pacing shared by every call of this provider.
    public let rateLimiter: RateLimiter
    /// The request builders, from the configured base URL.
    package let requests: OpenLibraryRequests
    private let session: ProviderSession
    private let isOffline: Bool

    /// Creates the provider; without a `rateLimiter` it paces itself at Open Library's published
    /// rate (3 requests a second with a contact in the User-Agent, 1 without).
    public init(configuration: ProviderConfiguration, transport: HTTPTransport, rateLimiter: RateLimiter? = nil) {
        let limiter = rateLimiter ?? RateLimiter(policy: .openLibrary(hasContact: configuration.hasContact))
        self.rateLimiter = limiter
        self.requests = OpenLibraryRequests(baseURL: configuration.openLibraryURL)
        self.session = ProviderSession(transport: transport, limiter: limiter, timeout: configuration.timeout)
        self.isOffline = configuration.isOffline
    }

    /// The work of the edition with this ISBN, with its authors; empty when Open Library does not know it.
    public func lookup(isbn: ISBN) async throws(ProviderError) -> [WorkDTO] {
        try ensureOnline()
        let budget = session.startCall()
        // /isbn/{isbn}.json answers 302 to /books/OL…M.json; the transport follows it.
        let response = try await session.get(requests.edition(isbn: isbn), within: budget)
        if response.isNotFound { return [] }
        let edition = try response.decode(OpenLibraryEdition.self)
        let (work, authors) = try await workAndAuthors(of: edition, budget: budget)
        return OpenLibraryMapping.work(edition: edition, work: work, authors: authors, askedISBN: isbn).map { [$0] } ?? []
    }

    /// Works whose title matches, in Open Library's relevance order.
    public func search(title: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try await search(title: title, author: nil, limit: limit)
    }

    /// Works whose title and author match, in Open Library's relevance order.
    public func search(title: String, author: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try await search(title: title, author: MappingSupport.nonBlank(author), limit: limit)
    }

    /// Looks up many ISBNs with `/api/books`, `OpenLibraryRequests.batchSize` per call, keyed by
    /// ISBN-13; ISBNs Open Library does not know are absent. The works are synthetic: that API
    /// answers edition data without the work record. Each call gets the full timeout; the first
    /// failing call ends the lookup with its error.
    public func lookup(isbns: [ISBN]) async throws(ProviderError) -> [String: WorkDTO] {
        try ensureOnline()
        var seen = Set<ISBN>()
        let unique = isbns.filter { seen.insert($0).inserted }
        var works: [String: WorkDTO] = [:]
        for start in stride(from: 0, to: unique.count, by: OpenLibraryRequests.batchSize) {
            let chunk = unique[start..<min(start + OpenLibraryRequests.batchSize, unique.count)]
            let response = try await session.get(requests.books(isbns: chunk), within: session.startCall())
            // Not-found ISBNs are simply missing from the object; nothing found at all is `{}`.
            let records = try response.decode([String: OpenLibraryBooksAPIRecord].self)
            let asked = Set(chunk)
            for (bibkey, record) in records {
                guard let isbn = ISBN(bibkey.dropFirst(bibkey.lowercased().hasPrefix("isbn:") ? 5 : 0)), asked.contains(isbn),
                    let work = OpenLibraryMapping.work(from: record, isbn: isbn)
                else { continue }
                works[isbn.isbn13] = work
            }
        }
        return works
    }

    /// The author record `/authors/{id}.json` ("OL34184A"), with its Wikidata id from `remote_ids`;
    /// nil when Open Library does not know it or `id` is no author identifier.
    public func author(openLibraryID id: String) async throws(ProviderError) -> AuthorDTO? {
        try ensureOnline()
        guard let id = MappingSupport.openLibraryID(from: id), id.hasSuffix("A") else { return nil }
        guard let author = try await record(OpenLibraryAuthor.self, key: "/authors/\(id)", budget: session.startCall()) else {
            return nil
        }
        return OpenLibraryMapping.author(from: author)
    }

    /// Works matching free words in any field (title, author, subject…), in Open Library's relevance order.
    public func search(text: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try ensureOnline()
        guard limit > 0, let text = MappingSupport.nonBlank(text) else { return [] }
        return try await search(requests.search(text: text, limit: limit), limit: limit)
    }

    private func search(title: String, author: String?, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try ensureOnline()
        guard limit > 0, let title = MappingSupport.nonBlank(title) else { return [] }
        return try await search(requests.search(title: title, author: author, limit: limit), limit: limit)
    }

    private func search(_ request: ProviderRequest, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        let response = try await session.get(request, within: session.startCall())
        let answer = try response.decode(OpenLibrarySearchResponse.self)
        return Array(answer.docs.lazy.compactMap(OpenLibraryMapping.work(from:)).prefix(limit))
    }

    private func ensureOnline() throws(ProviderError) {
        if isOffline { throw .disabled("offline mode is on (BOOKSTRACK_OFFLINE)") }
    }

    // MARK: Work and authors

    private enum Fetched: Sendable {
        case work(OpenLibraryWork?)
        case author(position: Int, AuthorDTO?)
    }

    /// The edition's work record and author records, fetched concurrently when the edition names
    /// its authors, else the work first and then the work's authors.
    private func workAndAuthors(of edition: OpenLibraryEdition, budget: CallBudget) async throws(ProviderError) -> (OpenLibraryWork?, [AuthorDTO]) {
        let editionAuthorKeys = Self.authorKeys(edition.authorKeys)
        var (work, authors) = try await fetch(workKey: edition.workKeys.first, authorKeys: editionAuthorKeys, budget: budget)
        if editionAuthorKeys.isEmpty, let work {
            (_, authors) = try await fetch(workKey: nil, authorKeys: Self.authorKeys(work.authorKeys), budget: budget)
        }
        return (work, authors)
    }

    private func fetch(workKey: String?, authorKeys: [String], budget: CallBudget) async throws(ProviderError) -> (OpenLibraryWork?, [AuthorDTO]) {
        do {
            return try await withThrowingTaskGroup(of: Fetched.self) { group in
                if let workKey {
                    group.addTask { .work(try await self.record(OpenLibraryWork.self, key: workKey, budget: budget)) }
                }
                for (position, key) in authorKeys.enumerated() {
                    group.addTask {
                        let author = try await self.record(OpenLibraryAuthor.self, key: key, budget: budget)
                        return .author(position: position, author.flatMap(OpenLibraryMapping.author(from:)))
                    }
                }
                var work: OpenLibraryWork?
                var authors: [Int: AuthorDTO] = [:]
                for try await fetched in group {
                    switch fetched {
                    case .work(let record): work = record
                    case .author(let position, let author): authors[position] = author
                    }
                }
                return (work, authors.sorted { $0.key < $1.key }.map(\.value))
            }
        } catch let error as ProviderError {
            throw error
        } catch {
            throw .unreachable("the lookup was cancelled")
        }
    }

    /// A work or author record; nil for a key that is no Open Library identifier or a 404
    /// (a dangling link in the data, not a failure of the service).
    private func record<Record: Decodable>(_ type: Record.Type, key: String, budget: CallBudget) async throws(ProviderError) -> Record? {
        guard let request = requests.record(key: key) else { return nil }
        let response = try await session.get(request, within: budget)
        if response.isNotFound { return nil }
        return try response.decode(Record.self)
    }

    private static func authorKeys(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return Array(keys.filter { seen.insert($0).inserted }.prefix(maximumAuthors))
    }
}
