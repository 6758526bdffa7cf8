import BooksTrackCore
import BooksTrackServices
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

/// `bookstrack serve`: the HTTP API over the library file of a data folder.
public struct BooksTrackServer: Sendable {
    let services: ServerServices
    let pages: WebPages
    private let logger: Logger

    /// The server over the use cases the composition root builds (`services`, called once, after
    /// the web app's pages are loaded: services hold an HTTP client that must be shut down once
    /// made). `dataDirectory` keeps the server's signing key.
    public init(
        configuration: ServerConfiguration, dataDirectory: URL, now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "bookstrack"),
        services: () throws -> any ProcessServices
    ) throws {
        pages = try WebPages.load()
        self.services = try ServerServices(configuration: configuration, dataDirectory: dataDirectory, now: now, services: services)
        self.logger = logger
    }

    /// The Hummingbird application: the routes of `APIRoute.all` and the web app's pages behind
    /// the error and authentication middleware.
    public func application() -> some ApplicationProtocol {
        let router = Router(context: APIContext.self)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: AuthenticationMiddleware(services: services))
        router.add(APIRoute.all, services: services)
        WebRoutes(services: services, pages: pages).add(to: router)
        let configuration = services.configuration
        let limits = configuration.connections.fitted(toDescriptors: DescriptorLimit.raise())
        let count = ConnectionCount(limits: limits, trustedAddresses: configuration.trustedProxies)
        let webSocketResponder = ProgressSocket.router(services: services).buildResponder()
        // A WebSocket is pinged every 30 s; requests are timed by the connection handlers.
        let channelConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(additionalChannelHandlers: [RequestDeadlineHandler(limits: limits)], idleTimeout: nil),
            ws: .init(maxFrameSize: 1 << 14))
        var application = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                GuardedChildChannel(
                    inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder, configuration: channelConfiguration),
                    count: count)
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "BooksTrack"),
            logger: logger
        )
        let services = services
        let logger = logger
        application.beforeServerStarts {
            do {
                try await services.resumeJobs()
            } catch {
                logger.error("unfinished jobs could not be resumed", metadata: ["error": "\(error)"])
            }
        }
        return application
    }

    /// The first-start message: while no account has a password, how to create the first one.
    public func setupMessage() async throws -> String? {
        guard try await services.accounts.needsFirstAccount() else { return nil }
        let configuration = services.configuration
        let base = configuration.publicURL?.absoluteString ?? "http://\(configuration.host):\(configuration.port)"
        return """
            No account yet. Create the first (administrator) account in a browser at
              \(base)/setup?code=\(services.setupSecret)
            or with
              bookstrack user add NAME --admin
            or POST {"setupToken": "\(services.setupSecret)", "name": …, "password": …} to \(base)/v1/setup
            (the code works once, until this process stops).
            """
    }

    /// Releases the providers' HTTP client and saves the cache counters; call once, after the
    /// application stopped.
    public func close() async {
        await services.close()
    }

    /// Runs until SIGINT or SIGTERM, then lets requests in flight finish and closes the clients:
    /// one service group of the process's services and the HTTP server, shut down in reverse
    /// order (the server first, then what it used).
    public func run() async throws {
        if let message = try await setupMessage() { logger.notice("\(message)") }
        let group = ServiceGroup(
            services: [services.app, application()], gracefulShutdownSignals: [.sigterm, .sigint], cancellationSignals: [], logger: logger)
        do {
            try await group.run()
        } catch {
            await services.close()
            throw error
        }
        await services.close()
    }
}
