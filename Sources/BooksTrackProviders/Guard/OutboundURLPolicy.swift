import Foundation

/// Which URLs BooksTrack may fetch on a reader's behalf (the cover proxy, and every redirect it
/// meets): `https` only, on the default port, to a host on the allowlist, named by a host name
/// (never an address, in any of the forms a URL parser accepts), without user info.
public struct OutboundURLPolicy: Sendable {
    /// Hosts that may be fetched from, lowercased; a leading dot also allows subdomains
    /// (`.googleusercontent.com`).
    public var allowedHosts: Set<String>
    /// Whether plain http is allowed: never in production; loopback tests play the hosts over http.
    public var allowsPlainHTTP: Bool

    /// The cover hosts of the providers BooksTrack uses and of its bundled catalog.
    public static let defaultCoverHosts: Set<String> = Set([
        "covers.openlibrary.org", "archive.org", ".archive.org", "books.googleusercontent.com",
        "images.isbndb.com", "images.gr-assets.com", "i.gr-assets.com", "s.gr-assets.com",
    ] + googleBooksRegions.map { "books.google." + $0 })

    /// Google Books answers with the cover host of the reader's region.
    private static let googleBooksRegions = [
        "com", "co.uk", "de", "fr", "ca", "com.au", "es", "it", "nl", "co.in", "co.jp", "com.br", "pl", "se", "ch", "at", "be",
        "ie", "co.nz", "dk", "no", "fi", "pt", "com.mx", "ru", "cz", "gr", "hu", "ro", "com.tr", "co.za", "com.ar", "cl", "co.kr",
    ]

    /// Creates a policy.
    public init(allowedHosts: Set<String> = OutboundURLPolicy.defaultCoverHosts, allowsPlainHTTP: Bool = false) {
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.allowsPlainHTTP = allowsPlainHTTP
    }

    /// The URL as checked, or why it is refused.
    public func check(_ text: String) throws(OutboundRefusal) -> URL {
        guard text.utf8.count <= 2_048 else { throw .malformed("the URL is longer than 2,048 bytes") }
        guard let components = URLComponents(string: text), let url = components.url else { throw .malformed("not a URL") }
        let scheme = components.scheme?.lowercased()
        guard scheme == "https" || (allowsPlainHTTP && scheme == "http") else {
            throw .scheme("only https URLs are fetched, not \(components.scheme ?? "a URL without a scheme")")
        }
        guard components.user == nil, components.password == nil, !Self.authority(of: text).contains("@") else {
            throw .malformed("a URL with user info (user@host) is refused")
        }
        guard let rawHost = components.host, !rawHost.isEmpty else { throw .malformed("the URL names no host") }
        // A percent-encoded host is read one way here and maybe another by the resolver.
        guard components.percentEncodedHost?.contains("%") != true else { throw .malformed("a percent-encoded host name is refused") }
        var host = rawHost.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        if Self.looksLikeAddress(host) { throw .address("a URL naming an address (\(rawHost)) is refused; only allowed host names are fetched") }
        if let port = components.port {
            // Loopback tests play the hosts over http on ports of their own.
            guard port == (scheme == "https" ? 443 : 80) || allowsPlainHTTP else { throw .port("only the default port is fetched, not \(port)") }
        }
        guard isAllowed(host) else { throw .hostNotAllowed(host) }
        return url
    }

    /// What comes between `//` and the path: where user info would hide.
    private static func authority(of text: String) -> Substring {
        guard let start = text.range(of: "//") else { return "" }
        let rest = text[start.upperBound...]
        return rest[..<(rest.firstIndex { "/?#\\".contains($0) } ?? rest.endIndex)]
    }

    /// Whether `host` (lowercased, without a trailing dot) is on the allowlist.
    public func isAllowed(_ host: String) -> Bool {
        if allowedHosts.contains(host) { return true }
        return allowedHosts.contains { $0.hasPrefix(".") && host.hasSuffix($0) }
    }

    /// Whether a host is an address in any form: dotted, decimal, octal or hex IPv4 (`127.1`,
    /// `2130706433`, `0x7f.0.0.1`, `0177.0.0.1`), or a bracketed IPv6 address.
    static func looksLikeAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") || host.contains(":") { return true }
        // Every label numeric (decimal, 0x hex or octal): what inet_aton would take as IPv4.
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            let text = label.lowercased()
            if text.hasPrefix("0x") { return text.count > 2 && text.dropFirst(2).allSatisfy(\.isHexDigit) }
            return !text.isEmpty && text.allSatisfy(\.isNumber)
        } || IPAddress(host) != nil
    }
}

/// Why an outbound fetch was refused: each is a 4xx for the client, never the server's failure.
public enum OutboundRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    case malformed(String)
    case scheme(String)
    case port(String)
    case address(String)
    case hostNotAllowed(String)
    /// The host resolves to an address that is not public (private, loopback, link-local ...).
    case privateAddress(host: String, address: String)
    case unresolvable(String)
    case tooManyRedirects(Int)
    case notAnImage(String)
    case tooLarge(limit: Int)
    case tooSlow(seconds: Int)
    case upstream(status: Int)
    case unreachable(String)

    public var description: String {
        switch self {
        case .malformed(let reason), .scheme(let reason), .port(let reason), .address(let reason): reason
        case .hostNotAllowed(let host): "\(host) is not on the cover hosts' allowlist"
        case .privateAddress(let host, let address): "\(host) resolves to \(address), which is not a public address"
        case .unresolvable(let host): "\(host) does not resolve"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .notAnImage(let what): "the answer is not an image (\(what))"
        case .tooLarge(let limit): "the image is larger than \(limit) bytes"
        case .tooSlow(let seconds): "the image did not arrive within \(seconds) s"
        case .upstream(let status): "the cover host answered HTTP \(status)"
        case .unreachable(let reason): "the cover host could not be reached: \(reason)"
        }
    }
}
