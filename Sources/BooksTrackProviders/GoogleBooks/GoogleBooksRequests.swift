import BooksTrackCore

/// Builds Google Books requests from the configured base URL and optional key; pure, no I/O.
package struct GoogleBooksRequests: Sendable {
    /// `maxResults` may not exceed 40.
    package static let largestPage = 40

    /// The API root, e.g. "https://www.googleapis.com/books/v1".
    package var baseURL: String
    /// The API key, sent as `key=` when present.
    package var key: String?

    /// Creates the builder.
    package init(baseURL: String, key: String?) {
        self.baseURL = baseURL
        self.key = key
    }

    /// `/volumes?q=isbn:{isbn13}`.
    package func volumes(isbn: ISBN) -> ProviderRequest {
        request(query: [("q", "isbn:\(isbn.isbn13)")])
    }

    /// `/volumes?q=intitle:"…"[ inauthor:"…"]&maxResults=…&printType=books`.
    package func volumes(title: String, author: String? = nil, limit: Int) -> ProviderRequest {
        var terms = "intitle:\"\(Self.phrase(title))\""
        if let author { terms += " inauthor:\"\(Self.phrase(author))\"" }
        return request(query: [
            ("q", terms), ("maxResults", String(min(max(limit, 1), Self.largestPage))), ("printType", "books"),
        ])
    }

    /// `/volumes?q=…&maxResults=…&printType=books` with the words as plain terms, which Google
    /// matches against every field (title, authors, description…).
    package func volumes(text: String, limit: Int) -> ProviderRequest {
        request(query: [("q", text), ("maxResults", String(min(max(limit, 1), Self.largestPage))), ("printType", "books")])
    }

    private func request(query: [(String, String)]) -> ProviderRequest {
        var query = query
        if let key { query.append(("key", key)) }
        return ProviderRequest(url: ProviderRequest.url(base: baseURL, path: "/volumes", query: query))
    }

    // A double quote inside a phrase would end it early.
    private static func phrase(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: " ")
    }
}
