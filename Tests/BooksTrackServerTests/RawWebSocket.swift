import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client over a plain socket, for the progress socket's tests: it sends the upgrade
/// request, reads the answer's status, then every frame until the server closes, answering pings
/// and the close. Reads wait at most `timeout` each, so a silent server fails the test instead of
/// hanging it. It runs on a thread of its own, off Swift's cooperative pool.
struct RawWebSocket {
    struct Outcome: Sendable {
        /// The status of the answer to the upgrade request (101 when upgraded).
        var status: Int
        /// The text messages received, in order.
        var messages: [String]
        /// Whether the server ended with a close frame (not just by closing the connection).
        var closedWithFrame: Bool
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func open(port: Int, path: String, headers: [(String, String)], timeout: Duration = .seconds(60)) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(port: port, path: path, headers: headers, timeout: timeout) })
            }
        }
    }

    private static func run(port: Int, path: String, headers: [(String, String)], timeout: Duration) throws -> Outcome {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket: errno \(errno)") }
        defer { close(socket) }
        var wait = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect: errno \(errno)") }

        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        try send(socket, Array(request.utf8))

        var buffer: [UInt8] = []
        func fill(_ count: Int) throws -> Bool {
            while buffer.count < count {
                var chunk = [UInt8](repeating: 0, count: 16 * 1024)
                let read = recv(socket, &chunk, chunk.count, 0)
                if read == 0 { return false }
                guard read > 0 else { throw Failure(description: "nothing received within \(timeout) (errno \(errno))") }
                buffer += chunk[0..<read]
            }
            return true
        }
        // The answer's head.
        var headEnd: Int?
        while headEnd == nil {
            guard try fill(buffer.count + 1) else { throw Failure(description: "closed before answering: \(String(decoding: buffer, as: UTF8.self))") }
            headEnd = buffer.indices.dropLast(3).first { buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10 }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        let statusLine = head.split(separator: "\r\n").first ?? ""
        guard let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure(description: "not an HTTP answer: \(head)")
        }
        var outcome = Outcome(status: status, messages: [], closedWithFrame: false)
        guard status == 101 else { return outcome }

        // Frames until the close (the server's frames are not masked).
        while true {
            guard try fill(2) else { return outcome }
            let opcode = buffer[0] & 0x0F
            var length = Int(buffer[1] & 0x7F)
            var start = 2
            if length == 126 {
                guard try fill(4) else { return outcome }
                length = Int(buffer[2]) << 8 | Int(buffer[3])
                start = 4
            } else if length == 127 {
                guard try fill(10) else { return outcome }
                length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
                start = 10
            }
            guard length <= 1 << 20 else { throw Failure(description: "a frame of \(length) bytes") }
            guard try fill(start + length) else { return outcome }
            let payload = Array(buffer[start..<(start + length)])
            buffer.removeFirst(start + length)
            switch opcode {
            case 0x1: outcome.messages.append(String(decoding: payload, as: UTF8.self))
            case 0x8:
                outcome.closedWithFrame = true
                try send(socket, maskedFrame(opcode: 0x8, payload: Array(payload.prefix(2))))
                return outcome
            case 0x9: try send(socket, maskedFrame(opcode: 0xA, payload: payload))
            default: break
            }
        }
    }

    private static func maskedFrame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        return [0x80 | opcode, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    private static func send(_ socket: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "cannot send: errno \(errno)") }
            sent += written
        }
    }
}
