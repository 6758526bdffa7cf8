import BooksTrackCore

/// The embedded catalog as a `MetadataProvider` ("catalog"): always on, answers from SQLite in
/// microseconds, loads the bundled seed on its first question.
public struct LocalCatalogProvider: MetadataProvider {
    /// "catalog".
    public let name = CatalogDatabase.providerName
    private let catalog: CatalogDatabase

    /// Answers from `catalog`.
    public init(catalog: CatalogDatabase) {
        self.catalog = catalog
    }

    /// The catalog's works carrying this ISBN.
    public func lookup(isbn: ISBN) async throws(ProviderError) -> [WorkDTO] {
        try answer { try catalog.works(isbn: isbn) }
    }

    /// The catalog's works whose title matches, best first.
    public func search(title: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try answer { try catalog.search(title: title, limit: limit) }
    }

    /// The catalog's works whose title and author match, best first.
    public func search(title: String, author: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try answer { try catalog.search(title: title, author: author, limit: limit) }
    }

    /// The catalog's works holding every word in their title, subtitle, series or authors, best first.
    public func search(text: String, limit: Int) async throws(ProviderError) -> [WorkDTO] {
        try answer { try catalog.search(text: text, limit: limit) }
    }

    // The queries are synchronous SQLite reads of a few milliseconds at most, so they run inline
    // rather than hopping to another executor.
    private func answer(_ body: () throws -> [WorkDTO]) throws(ProviderError) -> [WorkDTO] {
        do {
            try catalog.loadSeedIfNeeded()
            return try body()
        } catch {
            throw .unreachable("local catalog: \(error)")
        }
    }
}
