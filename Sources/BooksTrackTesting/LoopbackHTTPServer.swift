import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 that answers with canned responses, for provider tests.
///
/// Routes are tried in order; a request no route matches gets 404. Every request is recorded,
/// so tests can check headers, paths and how many calls were made. Prefer `withServer(routes:_:)`,
/// which shuts the server down however the body ends.
public final class LoopbackHTTPServer: Sendable {
    /// The port the server listens on (chosen by the system).
    public let port: Int
    private let serverChannel: any Channel
    private let registry: LoopbackRegistry

    private init(port: Int, serverChannel: any Channel, registry: LoopbackRegistry) {
        self.port = port
        self.serverChannel = serverChannel
        self.registry = registry
    }

    /// "http://127.0.0.1:PORT", to use as a provider's base URL.
    public var baseURL: String {
        "http://127.0.0.1:\(port)"
    }

    /// The requests received so far, in arrival order.
    public var requests: [LoopbackRequest] {
        registry.requests
    }

    /// The requests received so far whose path is `path`.
    public func requests(toPath path: String) -> [LoopbackRequest] {
        requests.filter { $0.path == path }
    }

    /// Starts a server on an ephemeral port of 127.0.0.1.
    public static func start(routes: [LoopbackRoute]) async throws -> LoopbackHTTPServer {
        let registry = LoopbackRegistry(routes: routes)
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    registry.track(channel)
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(LoopbackRequestHandler(registry: registry))
                }
            }
        let channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw LoopbackServerError.noPort
        }
        return LoopbackHTTPServer(port: port, serverChannel: channel, registry: registry)
    }

    /// Starts a server, runs `body` with it, and shuts it down afterwards, also when `body` throws.
    public static func withServer<Result>(
        routes: [LoopbackRoute], isolation: isolated (any Actor)? = #isolation,
        _ body: (LoopbackHTTPServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(routes: routes)
        do {
            let result = try await body(server)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }

    /// Stops listening and closes every open connection, including answers still waiting on a delay.
    public func shutdown() async {
        try? await serverChannel.close()
        for channel in registry.takeChannels() {
            try? await channel.close()
        }
    }
}

/// Why the loopback server could not start.
public enum LoopbackServerError: Error, Sendable {
    /// The listening socket reported no port.
    case noPort
}

/// The routes, the request log and the open connections, shared by the server and its handlers.
final class LoopbackRegistry: Sendable {
    private struct State {
        var requests: [LoopbackRequest] = []
        var channels: [ObjectIdentifier: any Channel] = [:]
        var isShutDown = false
    }

    private let routes: [LoopbackRoute]
    private let state = Mutex(State())

    /// Creates a registry answering with `routes`, tried in order.
    init(routes: [LoopbackRoute]) {
        self.routes = routes
    }

    /// The requests received so far.
    var requests: [LoopbackRequest] {
        state.withLock { $0.requests }
    }

    /// Records the request and makes its answer.
    func answer(_ request: LoopbackRequest) -> LoopbackResponse {
        state.withLock { $0.requests.append(request) }
        guard let route = routes.first(where: { $0.matches(request) }) else {
            return .text("no route for \(request.method) \(request.uri)", status: 404)
        }
        return route.respond(request)
    }

    /// Remembers an accepted connection until it closes, so shutdown can close it; refused after shutdown.
    func track(_ channel: any Channel) {
        let accepted = state.withLock { state -> Bool in
            guard !state.isShutDown else { return false }
            state.channels[ObjectIdentifier(channel)] = channel
            return true
        }
        if accepted {
            channel.closeFuture.whenComplete { [weak self] _ in
                self?.state.withLock { _ = $0.channels.removeValue(forKey: ObjectIdentifier(channel)) }
            }
        } else {
            channel.close(promise: nil)
        }
    }

    /// The open connections, after which new ones are refused.
    func takeChannels() -> [any Channel] {
        state.withLock { state in
            state.isShutDown = true
            defer { state.channels.removeAll() }
            return Array(state.channels.values)
        }
    }
}
