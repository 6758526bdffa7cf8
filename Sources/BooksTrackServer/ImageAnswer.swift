import BooksTrackCore
import Foundation
import HTTPTypes
import Hummingbird

/// An image the server keeps (a page photo, a shelf photo, a crop, a cover), answered so that a
/// file that is an image and something else too (a JPEG that is also HTML) is only ever an image:
/// its type from its bytes, never sniffed, and sandboxed if a browser opens it as a document.
enum ImageAnswer {
    static func response(_ data: Data, contentType: String? = nil, cacheControl: String = "private, max-age=86400") -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: contentType ?? ImageKind(of: data)?.mediaType ?? "application/octet-stream",
                .cacheControl: cacheControl,
                .xContentTypeOptions: "nosniff",
                .contentSecurityPolicy: "default-src 'none'; sandbox",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
