import BooksTrackCore

/// Builds ISBNdb API v2 requests, with the key in the `Authorization` header; pure, no I/O.
package struct ISBNdbRequests: Sendable {
    /// The page size asked for title searches; ISBNdb allows up to 1000.
    package static let largestPage = 100

    /// The API root, e.g. "https://api2.isbndb.com".
    package var baseURL: String
    /// The API key.
    package var key: String

    /// Creates the builder.
    package init(baseURL: String, key: String) {
        self.baseURL = baseURL
        self.key = key
    }

    /// `/book/{isbn13}`.
    package func book(isbn: ISBN) -> ProviderRequest {
        request(path: "/book/\(isbn.isbn13)")
    }

    /// `/books/{title}?page=1&pageSize=…&column=title`: books whose title matches.
    package func books(title: String, limit: Int) -> ProviderRequest {
        books(matching: title, limit: limit, extra: [("column", "title")])
    }

    /// `/books/{words}?page=1&pageSize=…` without a column: books matching the words in any
    /// column (title, author, subjects…).
    package func books(text: String, limit: Int) -> ProviderRequest {
        books(matching: text, limit: limit, extra: [])
    }

    private func books(matching words: String, limit: Int, extra: [(String, String)]) -> ProviderRequest {
        request(
            path: "/books/" + ProviderRequest.percentEncoded(words),
            query: [("page", "1"), ("pageSize", String(min(max(limit, 1), Self.largestPage)))] + extra
        )
    }

    private func request(path: String, query: [(String, String)] = []) -> ProviderRequest {
        ProviderRequest(
            url: ProviderRequest.url(base: baseURL, path: path, query: query),
            headers: ["Accept": "application/json", "Authorization": key]
        )
    }
}
