import Foundation
import HTTPTypes
import Hummingbird

/// Whether a request that signs in came from this site's own pages. A browser names the page's
/// origin in `Origin` on every form post; a form on another site that signs a victim into the
/// attacker's account (login CSRF) carries that site's origin, or `null`.
enum SameOrigin {
    static let originHeader = HTTPField.Name("Origin")!

    /// The request's `Origin`, when it sent one.
    static func origin(of request: Request) -> String? {
        request.headers[originHeader]
    }

    /// Whether `origin` names this server: the host (and port) the request was sent to, or
    /// those of the public URL.
    static func isSameOrigin(_ origin: String, request: Request, publicURL: URL?) -> Bool {
        guard let url = URL(string: origin), let scheme = url.scheme, scheme == "http" || scheme == "https", let host = url.host else { return false }
        let authority = url.port.map { "\(host):\($0)" } ?? host
        if let publicURL, let publicHost = publicURL.host {
            let publicAuthority = publicURL.port.map { "\(publicHost):\($0)" } ?? publicHost
            if authority.lowercased() == publicAuthority.lowercased() && scheme == publicURL.scheme { return true }
        }
        guard let requested = request.head.authority else { return false }
        return authority.lowercased() == requested.lowercased()
    }
}
