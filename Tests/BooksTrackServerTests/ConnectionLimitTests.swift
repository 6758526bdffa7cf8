import BooksTrackTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import BooksTrackServer

/// What a client that never finishes its request can hold: a place among a bounded number of
/// connections, for a bounded time. The server keeps answering others and stays alive.
@Suite struct ConnectionLimitTests {
    @Test func moreSilentAndHalfSentSocketsThanTheDescriptorLimitLeaveHealthAnsweringAndAreClosedInTime() async throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-flood")
        defer { folder.remove() }
        // Given a server whose process may open 256 files, with a head time limit of 3 s
        let server = try await ServerProcess.start(
            BuiltProgram.bookstrack.path, serving: folder.url.appendingPathComponent("data"),
            arguments: ["--request-head-timeout", "3"], descriptors: 256, in: folder)
        defer { server.stop() }
        let port = server.port

        // When one address opens 400 connections, half silent and half stopping inside a head
        let sockets = try await LoopbackSockets.offThePool {
            (0..<400).compactMap { index in
                LoopbackSockets.open(port: port, sending: index.isMultiple(of: 2) ? [] : Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8))
            }
        }
        defer { sockets.forEach { close($0) } }
        #expect(sockets.count > 256, "the flood must outnumber the descriptors")

        // Then another address is answered at once, again and again, while they are held
        for _ in 0..<5 {
            let answer = try await LoopbackSockets.offThePool { LoopbackSockets.get("/health", port: port, from: "127.0.0.2", seconds: 5) }
            #expect(answer?.hasPrefix("HTTP/1.1 200") == true, "\(answer ?? "no answer")\n\(server.output)")
        }
        // And every one of the 400 is closed by the server within the head limit (and a margin)
        let closed = try await LoopbackSockets.offThePool { sockets.filter { LoopbackSockets.isClosed($0, within: 15) }.count }
        #expect(closed == sockets.count)
        #expect(!server.process.hasEnded, "the server died: \(server.output)")
        let after = try await LoopbackSockets.offThePool { LoopbackSockets.get("/health", port: port, seconds: 5) }
        #expect(after?.hasPrefix("HTTP/1.1 200") == true)
    }

    @Test func aFullServerMakesRoomForARealRequestByClosingTheOldestSocketWithoutAHead() async throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-flood")
        defer { folder.remove() }
        // Given a server that holds 100 connections at once, 40 from one address
        let server = try await ServerProcess.start(
            BuiltProgram.bookstrack.path, serving: folder.url.appendingPathComponent("data"),
            arguments: ["--request-head-timeout", "2", "--max-connections", "100", "--max-connections-per-address", "40"],
            descriptors: 512, in: folder)
        defer { server.stop() }
        let port = server.port

        // When ten addresses open 40 silent connections each
        let sockets = try await LoopbackSockets.offThePool {
            (0..<400).compactMap { index in LoopbackSockets.open(port: port, from: "127.0.1.\(index % 10 + 1)") }
        }
        defer { sockets.forEach { close($0) } }

        // Then a real request from another address is answered while they are held
        let during = try await LoopbackSockets.offThePool { LoopbackSockets.get("/health", port: port, from: "127.0.0.3", seconds: 5) }
        #expect(during?.hasPrefix("HTTP/1.1 200") == true, "\(during ?? "no answer")")
        // And the oldest were closed at once to make room, the rest within the head limit
        let refusedAtOnce = try await LoopbackSockets.offThePool { sockets.filter { LoopbackSockets.isClosed($0, within: 1) }.count }
        #expect(refusedAtOnce >= 300 - 10, "\(refusedAtOnce) of \(sockets.count) closed within a second")
        let closed = try await LoopbackSockets.offThePool { sockets.filter { LoopbackSockets.isClosed($0, within: 10) }.count }
        #expect(closed + refusedAtOnce >= sockets.count)
        // And once they are gone the server answers again
        #expect(!server.process.hasEnded, "the server died: \(server.output)")
        let after = try await LoopbackSockets.offThePool { LoopbackSockets.get("/health", port: port, from: "127.0.0.3", seconds: 5) }
        #expect(after?.hasPrefix("HTTP/1.1 200") == true)
    }

    @Test func aBodyThatStopsComingIsCutOffAfterItsPauseLimit() async throws {
        try await ServerHarness.run(configure: { $0.connections.bodyPauseLimit = .seconds(1) }) { server in
            // Given a request whose head promises 100 bytes of body and sends 10
            let port = server.port
            let socket = try #require(try await LoopbackSockets.offThePool {
                LoopbackSockets.open(port: port, sending: Array("POST /v1/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\": ".utf8))
            })
            defer { close(socket) }
            // Then the server closes the connection (it answers nothing or an error) instead of waiting on
            let closed = try await LoopbackSockets.offThePool { LoopbackSockets.isClosed(socket, within: 10) }
            #expect(closed)
        }
    }

    @Test func limitsFitTheDescriptorsTheProcessMayOpen() {
        let fitted = ConnectionLimits().fitted(toDescriptors: 256)
        #expect(fitted.maximum == 192)
        #expect(fitted.maximumPerAddress == 128)
        let large = ConnectionLimits().fitted(toDescriptors: 1_048_576)
        #expect(large.maximum == 4_096)
        let tiny = ConnectionLimits().fitted(toDescriptors: 20)
        #expect(tiny.maximum == 4)
        #expect(tiny.maximumPerAddress == 4)
    }
}
