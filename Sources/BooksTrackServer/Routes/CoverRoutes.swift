import BooksTrackProviders
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /images/proxy?url=`: a book cover fetched through `CoverProxy`, which refuses anything
/// but an image from an allowed cover host at a public address; every refusal is a 4xx. Only a
/// signed-in reader (a session, as the web app's pages have, or a token) is served: on the open
/// internet the server would otherwise fetch and keep covers for anyone.
enum CoverRoutes {
    static let routes: [APIRoute] = [
        APIRoute(.get, "/images/proxy", .account, query: ["url", "w"]) { request, _, services in
            guard let url = request.query("url"), !url.isEmpty else {
                throw APIError.invalid(field: "url", "the query parameter url is required", code: "MISSING_FIELD")
            }
            let width = try request.query("w").map { text in
                guard let width = Int(text), (1...4_096).contains(width) else {
                    throw APIError.invalid(field: "w", "w is a width in pixels from 1 to 4096", code: "OUT_OF_RANGE")
                }
                return width
            }
            let image: CoverProxy.Image
            do {
                if let width {
                    image = try await services.covers.image(at: url, width: width)
                } else {
                    image = try await services.covers.image(at: url)
                }
            } catch let error as OutboundRefusal {
                throw refusal(error)
            }
            return ImageAnswer.response(image.data, contentType: image.contentType, cacheControl: "private, max-age=604800")
        },
    ]

    /// The status and code of a refusal: the URL is wrong (400), not allowed (403), the cover is not
    /// there (404), too slow (408), too large (413) or not an image (415).
    static func refusal(_ refusal: OutboundRefusal) -> APIError {
        let (status, code): (HTTPResponse.Status, String) = switch refusal {
        case .malformed, .scheme, .port: (.badRequest, "URL_REFUSED")
        case .address, .hostNotAllowed, .privateAddress: (.forbidden, "HOST_NOT_ALLOWED")
        case .tooManyRedirects: (.forbidden, "TOO_MANY_REDIRECTS")
        case .unresolvable, .upstream, .unreachable: (.notFound, "COVER_NOT_FOUND")
        case .tooSlow: (.requestTimeout, "COVER_TOO_SLOW")
        case .tooLarge: (.contentTooLarge, "COVER_TOO_LARGE")
        case .notAnImage: (.unsupportedMediaType, "NOT_AN_IMAGE")
        }
        return APIError(status, code: code, refusal.description, details: ["field": "url"])
    }
}
