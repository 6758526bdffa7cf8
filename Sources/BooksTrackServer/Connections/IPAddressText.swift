import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// IP addresses written as text ("127.0.0.1", "::1").
public enum IPAddressText {
    /// Whether `text` is one IPv4 or IPv6 address (no port, no mask, no name).
    public static func isAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}
