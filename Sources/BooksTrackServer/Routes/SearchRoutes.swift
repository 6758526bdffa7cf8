import BooksTrackCatalog
import BooksTrackConcurrency
import BooksTrackCore
import BooksTrackProviders
import BooksTrackServices
import Foundation
import Hummingbird

/// The seed's search contract: title, ISBN and advanced searches over the offline catalog, the
/// cache and the providers, answered in the envelope with the provider and whether it was cached.
enum SearchRoutes {
    static let routes: [APIRoute] = [
        APIRoute(.get, "/v1/search/title", .open, query: ["q"]) { request, context, services in
            try await answer(SearchQuestion(query: try required("q", in: request)), context, services)
        },
        APIRoute(.get, "/v1/search/isbn", .open, query: ["isbn"]) { request, context, services in
            try await answer(SearchQuestion(isbn: try required("isbn", in: request)), context, services)
        },
        // Decoding a photo costs the server a moment of a core: for accounts only.
        APIRoute(.post, "/v1/search/barcode", .account, takesUpload: true) { request, context, services in
            let limits = ImageLimits()
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: limits.maxBytes)
            } catch {
                throw APIError(.contentTooLarge, code: "IMAGE_TOO_LARGE", "a photo is at most \(ByteCountText.megabytes(limits.maxBytes))",
                               details: ["limit": "\(limits.maxBytes)"])
            }
            let isbn = try await services.barcodes.isbn(inPhoto: Data(body.readableBytesView))
            return try await answer(SearchQuestion(isbn: isbn.isbn13), context, services)
        },
        APIRoute(.get, "/v1/search/advanced", .open, query: ["title", "author"]) { request, context, services in
            let title = request.query("title").flatMap { $0.isEmpty ? nil : $0 }
            let author = request.query("author").flatMap { $0.isEmpty ? nil : $0 }
            guard let title else {
                // An author alone is asked as free words.
                guard let author else { throw APIError.invalid(field: "title", "give a title, an author or both", code: "MISSING_FIELD") }
                return try await answer(SearchQuestion(query: author), context, services)
            }
            return try await answer(SearchQuestion(title: title, author: author), context, services)
        },
        // Counting takes a moment on a catalog of millions: on a thread of its own, for accounts.
        APIRoute(.get, "/v1/catalog/stats", .account) { _, context, services in
            let statistics = try await services.catalog.statistics()
            return try JSONBody.success(CatalogStats(statistics, path: nil), context: context)
        },
        // The seed's first paths, kept with a sunset date.
        APIRoute(.get, "/search/title", .open, query: ["q"], deprecated: true) { request, context, services in
            try await answer(SearchQuestion(query: try required("q", in: request)), context, services)
        },
        APIRoute(.get, "/search/isbn", .open, query: ["isbn"], deprecated: true) { request, context, services in
            try await answer(SearchQuestion(isbn: try required("isbn", in: request)), context, services)
        },
    ]

    private static func answer(_ question: SearchQuestion, _ context: APIContext, _ services: ServerServices) async throws -> Response {
        let answer = try await services.search.answer(question)
        return try JSONBody.response(answer.envelope(timestamp: services.now()))
    }

    private static func required(_ name: String, in request: Request) throws -> String {
        guard let value = request.query(name), !value.isEmpty else {
            throw APIError.invalid(field: name, "the query parameter \(name) is required", code: name == "isbn" ? "INVALID_ISBN" : "MISSING_FIELD")
        }
        return value
    }
}
