import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Plain TCP sockets to a server on loopback, for the tests of what a client that misbehaves can
/// hold: silent sockets, heads sent in part, many connections from one address. Every call that
/// waits runs on a thread of its own, off Swift's cooperative pool.
enum LoopbackSockets {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A port nobody listens on now (the kernel's choice for a socket bound to port 0).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket: errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in(address: "127.0.0.1", port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw Failure(description: "cannot bind: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A connection from `source` (any 127.x.y.z address is this machine) to `port`, with `bytes`
    /// sent; nil when the connection could not be made. The caller closes it.
    static func open(port: Int, from source: String = "127.0.0.1", sending bytes: [UInt8] = []) -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var local = sockaddr_in(address: source, port: 0)
        var remote = sockaddr_in(address: "127.0.0.1", port: port)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else {
            close(socket)
            return nil
        }
        if !bytes.isEmpty { _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
        return socket
    }

    /// Whether the server closed `socket` (a read ends or fails) within `seconds`.
    static func isClosed(_ socket: Int32, within seconds: Int) -> Bool {
        var wait = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let read = recv(socket, &chunk, chunk.count, 0)
            if read == 0 { return true }
            if read < 0 { return errno == ECONNRESET }
        }
    }

    /// `GET path` from `source`: the answer's status line and body, or nil when no answer came
    /// within `seconds` (the connection refused, closed or silent).
    static func get(_ path: String, port: Int, from source: String = "127.0.0.1", seconds: Int = 10) -> String? {
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        guard let socket = open(port: port, from: source, sending: Array(request.utf8)) else { return nil }
        defer { close(socket) }
        var wait = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let read = recv(socket, &chunk, chunk.count, 0)
            if read <= 0 { break }
            answer += chunk[0..<read]
        }
        return answer.isEmpty ? nil : String(decoding: answer, as: UTF8.self)
    }

    /// Runs `body` on a thread of its own and waits for it without holding a thread of the pool.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}

extension sockaddr_in {
    init(address: String, port: Int) {
        self.init()
        sin_family = sa_family_t(AF_INET)
        sin_port = in_port_t(UInt16(port).bigEndian)
        sin_addr.s_addr = inet_addr(address)
    }
}
