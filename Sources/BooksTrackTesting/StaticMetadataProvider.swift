import BooksTrackCore

/// A metadata provider that answers from fixed tables, or fails the way it is told to: for testing
/// what sits on top of the `MetadataProvider` port (the orchestrator, the cache) without a network.
/// The real providers are tested against recorded responses on a loopback server.
public struct StaticMetadataProvider: MetadataProvider {
    public let name: String
    /// ISBN-13 → works.
    public var byISBN: [String: [WorkDTO]]
    /// Every title search answers these, filtered by a case-insensitive substring of the title.
    public var catalog: [WorkDTO]
    /// When set, every call fails with this error.
    public var failure: ProviderError?

    /// Creates a provider with fixed answers.
    public init(name: String, byISBN: [String: [WorkDTO]] = [:], catalog: [WorkDTO] = [], failure: ProviderError? = nil) {
        self.name = name
        self.byISBN = byISBN
        self.catalog = catalog
        self.failure = failure
    }

    public func lookup(isbn: ISBN) async throws(ProviderError) -> [WorkDTO] {
        if let failure { throw failure }
        return byISBN[isbn.isbn13] ?? []
    }

    public func search(title: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        if let failure { throw failure }
        let words = title.lowercased()
        return Array(catalog.filter { $0.title.lowercased().contains(words) }.prefix(limit))
    }

    public func search(title: String, author: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        let byTitle = try await search(title: title, limit: Int.max)
        let name = author.lowercased()
        return Array(byTitle.filter { $0.authors.contains { $0.name.lowercased().contains(name) } }.prefix(limit))
    }

    /// Works holding every word, case-insensitively, in the title or an author's name.
    public func search(text: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        if let failure { throw failure }
        let words = text.lowercased().split(separator: " ")
        return Array(catalog.filter { work in
            let haystack = ([work.title] + work.authors.map(\.name)).joined(separator: " ").lowercased()
            return words.allSatisfy { haystack.contains($0) }
        }.prefix(limit))
    }
}
