import Foundation

/// An IP address as its bytes (4 for IPv4, 16 for IPv6), classified: only a public unicast
/// address may be fetched from. Loopback, private, shared (CGNAT), link-local, multicast,
/// unspecified, broadcast, documentation and reserved ranges are refused, and an IPv6 address that
/// carries an IPv4 one (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`,
/// 6to4 `2002::/16`) is judged by the IPv4 address inside.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// An address from 4 or 16 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// An address written the standard way (`192.0.2.1`, `2001:db8::1`); nil for anything else,
    /// including the shorthands (`127.1`, `0x7f.0.0.1`, `2130706433`) the URL guard refuses anyway.
    public init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if text.withCString({ inet_pton(AF_INET, $0, &v4) }) == 1 {
            self.bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if text.withCString({ inet_pton(AF_INET6, $0, &v6) }) == 1 {
            self.bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = bytes
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        _ = inet_ntop(family, &copy, &buffer, socklen_t(buffer.count))
        return String(cString: buffer)
    }

    /// Whether a request may go to this address: a public unicast one.
    public var isPublic: Bool {
        if bytes.count == 4 { return Self.isPublicIPv4(bytes) }
        if let embedded = embeddedIPv4 { return Self.isPublicIPv4(embedded) }
        return Self.isPublicIPv6(bytes)
    }

    /// The IPv4 address an IPv6 one carries, if it is a form that carries one.
    private var embeddedIPv4: [UInt8]? {
        let prefix = Array(bytes[0..<12])
        if prefix == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] { return Array(bytes[12...]) }  // ::ffff:a.b.c.d
        if prefix == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], bytes[12...].contains(where: { $0 != 0 }) {
            return Array(bytes[12...])  // ::a.b.c.d (deprecated compatible form)
        }
        if prefix == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return Array(bytes[12...]) }  // 64:ff9b::/96
        if bytes[0] == 0x20, bytes[1] == 0x02 { return Array(bytes[2..<6]) }  // 2002::/16 (6to4)
        return nil
    }

    private static func isPublicIPv4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _): return false  // "this network", private, loopback
        case (100, 64...127): return false  // shared address space (CGNAT)
        case (169, 254): return false  // link-local (cloud metadata lives here)
        case (172, 16...31), (192, 168): return false  // private
        case (192, 0) where b[2] == 0 || b[2] == 2: return false  // IETF protocol assignments, TEST-NET-1
        case (198, 18...19): return false  // benchmarking
        case (198, 51) where b[2] == 100, (203, 0) where b[2] == 113: return false  // TEST-NET-2, -3
        case (224...255, _): return false  // multicast, reserved, broadcast
        default: return true
        }
    }

    private static func isPublicIPv6(_ b: [UInt8]) -> Bool {
        if b.allSatisfy({ $0 == 0 }) { return false }  // ::
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return false }  // ::1
        if b[0] & 0xFE == 0xFC { return false }  // fc00::/7 unique local
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return false }  // fe80::/10 link-local
        if b[0] == 0xFE && b[1] & 0xC0 == 0xC0 { return false }  // fec0::/10 site-local (deprecated)
        if b[0] == 0xFF { return false }  // multicast
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x0D, b[3] == 0xB8 { return false }  // 2001:db8::/32 documentation
        if b[0] == 0x01, b[1..<8].allSatisfy({ $0 == 0 }) { return false }  // 100::/64 discard
        return b[0] & 0xE0 == 0x20  // global unicast is 2000::/3
    }
}
