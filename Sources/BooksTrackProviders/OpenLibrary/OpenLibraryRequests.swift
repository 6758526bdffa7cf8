import BooksTrackCore

/// Builds Open Library requests from the configured base URL; pure, no I/O.
package struct OpenLibraryRequests: Sendable {
    /// The most ISBNs asked in one `/api/books` call: Open Library serves about 25 per call well,
    /// and the URL stays far below length limits.
    package static let batchSize = 25
    /// `/search.json` answers at most 100 docs per page.
    package static let largestSearchPage = 100
    // Only what the mapping reads, so search answers stay small (search docs carry every edition's ISBNs).
    private static let searchFields =
        "key,title,subtitle,author_name,author_key,first_publish_year,edition_count,cover_i,language,subject,ratings_count"

    /// The API root, e.g. "https://openlibrary.org".
    package var baseURL: String

    /// Creates the builder.
    package init(baseURL: String) {
        self.baseURL = baseURL
    }

    /// `/isbn/{isbn13}.json`, which answers 302 to the edition record.
    package func edition(isbn: ISBN) -> ProviderRequest {
        ProviderRequest(url: ProviderRequest.url(base: baseURL, path: "/isbn/\(isbn.isbn13).json"))
    }

    /// A work or author record by its key ("/works/OL45804W", "/authors/OL34184A"); nil for a key
    /// that is not an Open Library identifier, so nothing from the data reaches the URL unchecked.
    package func record(key: String) -> ProviderRequest? {
        guard let id = MappingSupport.openLibraryID(from: key) else { return nil }
        let folder =
            switch id.last {
            case "W": "works"
            case "A": "authors"
            default: "books"
            }
        return ProviderRequest(url: ProviderRequest.url(base: baseURL, path: "/\(folder)/\(id).json"))
    }

    /// `/search.json?title=…[&author=…]&limit=…&fields=…`.
    package func search(title: String, author: String? = nil, limit: Int) -> ProviderRequest {
        var query = [("title", title)]
        if let author { query.append(("author", author)) }
        query += [("limit", String(min(max(limit, 1), Self.largestSearchPage))), ("fields", Self.searchFields)]
        return ProviderRequest(url: ProviderRequest.url(base: baseURL, path: "/search.json", query: query))
    }

    /// `/search.json?q=…&limit=…&fields=…`: Open Library's all-fields search, so free words may
    /// name the title, the author or both.
    package func search(text: String, limit: Int) -> ProviderRequest {
        let query = [("q", text), ("limit", String(min(max(limit, 1), Self.largestSearchPage))), ("fields", Self.searchFields)]
        return ProviderRequest(url: ProviderRequest.url(base: baseURL, path: "/search.json", query: query))
    }

    /// `/api/books?bibkeys=ISBN:a,ISBN:b&format=json&jscmd=data` for at most `batchSize` ISBNs.
    package func books(isbns: some Collection<ISBN>) -> ProviderRequest {
        let bibkeys = isbns.map { "ISBN:\($0.isbn13)" }.joined(separator: ",")
        return ProviderRequest(
            url: ProviderRequest.url(
                base: baseURL, path: "/api/books", query: [("bibkeys", bibkeys), ("format", "json"), ("jscmd", "data")]
            )
        )
    }
}
