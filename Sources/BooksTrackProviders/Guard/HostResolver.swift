import Foundation

/// Turns a host name into the addresses a connection could reach.
public protocol HostResolver: Sendable {
    func addresses(of host: String) async throws(OutboundRefusal) -> [IPAddress]
}

/// The system's resolver (`getaddrinfo`), run on a dispatch queue so that no thread of the
/// cooperative pool waits on DNS.
public struct SystemHostResolver: HostResolver {
    public init() {}

    public func addresses(of host: String) async throws(OutboundRefusal) -> [IPAddress] {
        let found: [IPAddress]? = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Self.resolve(host)) }
        }
        guard let found, !found.isEmpty else { throw .unresolvable(host) }
        return found
    }

    private static func resolve(_ host: String) -> [IPAddress]? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let socket = entry.pointee.ai_addr {
                if entry.pointee.ai_family == AF_INET {
                    var v4 = socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    if let address = IPAddress(bytes: withUnsafeBytes(of: &v4) { Array($0) }) { addresses.append(address) }
                } else if entry.pointee.ai_family == AF_INET6 {
                    var v6 = socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    if let address = IPAddress(bytes: withUnsafeBytes(of: &v6) { Array($0) }) { addresses.append(address) }
                }
            }
            cursor = entry.pointee.ai_next
        }
        return addresses
    }
}
