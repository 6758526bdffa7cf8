import BooksTrackCore
import Foundation
import Hummingbird

/// `GET /openapi.json`: the API's OpenAPI 3.1 document, kept in `Resources/openapi.json` and
/// checked against `APIRoute.all` by the tests.
enum OpenAPIRoutes {
    /// The document's bytes, read once.
    static let document: Data? = (try? InstalledResources.url(of: "Resources/openapi.json", in: "BooksTrackServer"))
        .flatMap { try? Data(contentsOf: $0) }

    static let routes: [APIRoute] = [
        APIRoute(.get, "/openapi.json", .open) { _, _, _ in
            guard let document else { throw APIError(.internalServerError, code: "INTERNAL", "the OpenAPI document is missing from this build") }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: document)))
        },
    ]
}
