/// One request to a provider, as a pure request builder makes it: the URL, its headers, and for
/// a POST (Gemini's `generateContent`) its body.
package struct ProviderRequest: Sendable, Hashable {
    /// The absolute URL, query included.
    package var url: String
    /// Extra headers ("Accept", "Authorization"); the transport adds the User-Agent.
    package var headers: [String: String]
    /// The body of a POST; nil for a GET.
    package var body: [UInt8]?

    /// Creates a GET request, or a POST when it has a body.
    package init(url: String, headers: [String: String] = ["Accept": "application/json"], body: [UInt8]? = nil) {
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// A URL from a base URL, a path and query items, every query value percent-encoded.
    package static func url(base: String, path: String, query: [(String, String)] = []) -> String {
        var url = ProviderConfiguration.trimmingTrailingSlashes(base) + path
        if !query.isEmpty {
            url += "?" + query.map { "\(percentEncoded($0.0))=\(percentEncoded($0.1))" }.joined(separator: "&")
        }
        return url
    }

    // RFC 3986 unreserved characters pass; ":" and "," are legal in a query and keep the Open
    // Library bibkeys ("ISBN:a,ISBN:b") readable. "+" is encoded: form decoders read it as a space.
    package static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: ","):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0x0F)]
            }
        }
        return encoded
    }

    private static let hexDigits = "0123456789ABCDEF".map(String.init)
}
