import ArgumentParser
import BooksTrackCore
import BooksTrackServer
import BooksTrackServices
import Foundation
import Logging

/// `bookstrack serve`: the HTTP API over this data folder's library.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the library over HTTP: the web app and the /v1 API.",
        discussion: """
            Listens on 127.0.0.1:8080 unless told otherwise. The first start without accounts prints how to \
            create the first one. Environment: BOOKSTRACK_HOST, BOOKSTRACK_PORT, BOOKSTRACK_PUBLIC_URL, \
            BOOKSTRACK_TRUSTED_PROXIES (comma-separated), BOOKSTRACK_SIGN_UP (\(SignUpPolicy.allCases.map(\.rawValue).joined(separator: ", "))); flags win over them.
            """
    )

    @Option(name: .long, help: "Address to listen on (default 127.0.0.1; 0.0.0.0 for every interface).")
    var host: String?

    @Option(name: .long, help: "Port to listen on (default 8080).")
    var port: Int?

    @Option(name: .customLong("public-url"), help: "The URL readers use, e.g. https://books.example.org behind a reverse proxy.")
    var publicURL: String?

    @Option(name: .customLong("sign-up"), help: "Who may create an account: closed (default), invite (with an administrator's invitation) or open.")
    var signUp: String?

    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp(
        "The address of a reverse proxy whose X-Forwarded-For is believed (repeatable; none by default).",
        discussion: "Requests through it are counted and slowed by the client address it names; a client's own X-Forwarded-For is never believed."))
    var trustedProxies: [String] = []

    @Option(name: .customLong("max-connections"), help: "Connections held at once (default 4096, within the open-file limit).")
    var maxConnections: Int?

    @Option(name: .customLong("max-connections-per-address"), help: "Connections held at once from one address, trusted proxies excepted (default 128).")
    var maxConnectionsPerAddress: Int?

    @Option(name: .customLong("request-head-timeout"), help: "Seconds a connection has to send a request's head (default 10).")
    var requestHeadTimeout: Int?

    @OptionGroup var folder: DataFolderOptions

    func run() async throws {
        let context = CommandContext.current
        let environment = context.environment
        var configuration = ServerConfiguration()
        configuration.host = host ?? environment["BOOKSTRACK_HOST"] ?? configuration.host
        if let text = port.map(String.init) ?? environment["BOOKSTRACK_PORT"] {
            guard let port = Int(text), (1...65_535).contains(port) else { throw CommandFailure.invalid("--port: \(text) is not a port (1–65535)") }
            configuration.port = port
        }
        if let text = publicURL ?? environment["BOOKSTRACK_PUBLIC_URL"] {
            guard let url = URL(string: text), url.scheme == "https" || url.scheme == "http", url.host != nil else {
                throw CommandFailure.invalid("--public-url: \(text) is not an http(s) URL")
            }
            configuration.publicURL = url
        }
        if let text = signUp ?? environment["BOOKSTRACK_SIGN_UP"] {
            guard let policy = SignUpPolicy(rawValue: text) else {
                throw CommandFailure.invalid("--sign-up: \(text) is one of " + SignUpPolicy.allCases.map(\.rawValue).joined(separator: ", "))
            }
            configuration.signUp = policy
        }
        let proxies = trustedProxies + (environment["BOOKSTRACK_TRUSTED_PROXIES"]?.split(separator: ",").map(String.init) ?? [])
        for proxy in proxies.map({ $0.trimmingCharacters(in: .whitespaces) }) where !proxy.isEmpty {
            guard IPAddressText.isAddress(proxy) else { throw CommandFailure.invalid("--trusted-proxy: \(proxy) is not an IP address (127.0.0.1, ::1)") }
            configuration.trustedProxies.insert(proxy)
        }
        if let maxConnections {
            guard (1...1_000_000).contains(maxConnections) else { throw CommandFailure.invalid("--max-connections: \(maxConnections) is not between 1 and 1000000") }
            configuration.connections.maximum = maxConnections
        }
        if let maxConnectionsPerAddress {
            guard (1...1_000_000).contains(maxConnectionsPerAddress) else {
                throw CommandFailure.invalid("--max-connections-per-address: \(maxConnectionsPerAddress) is not between 1 and 1000000")
            }
            configuration.connections.maximumPerAddress = maxConnectionsPerAddress
        }
        if let requestHeadTimeout {
            guard (1...3_600).contains(requestHeadTimeout) else { throw CommandFailure.invalid("--request-head-timeout: \(requestHeadTimeout) is not between 1 and 3600 seconds") }
            configuration.connections.headTimeLimit = .seconds(requestHeadTimeout)
        }
        let app = try folder.app()
        app.limitWaitingImages(to: configuration.imagesWaiting)
        let logger = Logger(label: "bookstrack")
        let server = try BooksTrackServer(configuration: configuration, dataDirectory: app.dataDirectory, now: app.now, logger: logger) {
            try app.processServices(passwordCost: configuration.passwordCost, log: { logger.info("\($0)") })
        }
        say("BooksTrack serves \(app.dataDirectory.path) at http://\(configuration.host):\(configuration.port)")
        try await server.run()
    }
}

/// `bookstrack user`: the server's accounts.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage the server's accounts.", subcommands: [Add.self, Password.self, Invite.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account (the first one also takes the terminal's library).",
            discussion: "Reads the password from standard input with --password-stdin, else from BOOKSTRACK_PASSWORD."
        )

        @Argument(help: "The account's name.")
        var name: String

        @Flag(name: .long, help: "Make it an administrator.")
        var admin = false

        @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input.")
        var passwordStdin = false

        @OptionGroup var folder: DataFolderOptions

        func run() async throws {
            let password = try readPassword(fromStandardInput: passwordStdin)
            let account = try await folder.app().accounts().createAccount(name: name, password: password, isAdmin: admin)
            say("created account \(account.user.name)\(account.isAdmin ? " (administrator)" : "")")
        }
    }

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an invitation to sign up (for a server run with --sign-up invite); its code is printed once.",
            discussion: "The invitation works once, for the number of days given. It is made in the administrator's name."
        )

        @Option(name: .long, help: "The administrator the invitation comes from.")
        var from: String

        @Option(name: .long, help: "Whom it is for (shown in the list of invitations).")
        var note: String?

        @Option(name: .long, help: "Days it lasts (1–90, default 7).")
        var days = 7

        @OptionGroup var folder: DataFolderOptions

        func run() async throws {
            let accounts = try folder.app().accounts()
            let created = try await accounts.invite(by: try await accounts.account(named: from), note: note, days: days)
            say(created.code)
            CommandContext.current.standardError(
                "invitation \(created.invitation.id) made; it works once until \(ISO8601Text.day(created.invitation.expiresAt)), and the code above is shown only now\n")
        }
    }

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set an account's password.")

        @Argument(help: "The account's name.")
        var name: String

        @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input.")
        var passwordStdin = false

        @OptionGroup var folder: DataFolderOptions

        func run() async throws {
            let password = try readPassword(fromStandardInput: passwordStdin)
            let reset = try await folder.app().accounts().resetPassword(name: name, password: password)
            let browsers = reset.endedSessions == 1 ? "1 browser" : "\(NumberText.grouped(reset.endedSessions)) browsers"
            say("password of \(reset.account.user.name) set; \(browsers) signed out")
        }
    }
}

/// `bookstrack token`: API tokens for scripts and other clients.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Create, list and revoke API tokens.", subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a token; its secret is printed once.")

        @Argument(help: "What the token is for (\"backup script\").")
        var tokenName: String

        @Option(name: .long, help: "The account the token acts as.")
        var user: String

        @OptionGroup var folder: DataFolderOptions

        func run() async throws {
            let accounts = try folder.app().accounts()
            let created = try await accounts.createToken(for: try await accounts.account(named: user), name: tokenName)
            say(created.secret)
            CommandContext.current.standardError("token \(created.token.id) created; the secret above is shown only now\n")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List an account's tokens with their last use.")

        @Option(name: .long, help: "The account.")
        var user: String

        @OptionGroup var folder: DataFolderOptions

        func run() async throws {
            let accounts = try folder.app().accounts()
            for token in try await accounts.tokens(of: try await accounts.account(named: user)) {
                let used = token.lastUsed.map { "last used \(ISO8601Text.day($0))" } ?? "never used"
                say("\(token.id)  \(token.name)  created \(ISO8601Text.day(token.dateCreated))  \(used)")
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token.")

        @Argument(help: "The token's id (from token list).")
        var id: String

        @Option(name: .long, help: "The account.")
        var user: String

        @OptionGroup var folder: DataFolderOptions

        func run() async throws {
            guard let tokenID = APIToken.ID(uuidString: id) else { throw CommandFailure.notFound("no token \(id)") }
            let accounts = try folder.app().accounts()
            try await accounts.revokeToken(tokenID, of: try await accounts.account(named: user))
            say("token \(id) revoked")
        }
    }
}

/// The data folder of the server and account commands.
struct DataFolderOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Folder of the library database (overrides BOOKSTRACK_DATA_DIR).")
    var dataDirectory: String?

    /// The services of this folder, from the composition root the program was started with
    /// (`CommandContext.root`), over the environment and the clock.
    func app() throws -> any ServiceRoot {
        let context = CommandContext.current
        guard let root = context.root else {
            throw CommandFailure(message: "no composition root was given to the commands (the program's entry point hands in one)", exitCode: CommandLineRunner.softwareFailure)
        }
        return root(DataFolder.location(explicit: dataDirectory, environment: context.environment), context.environment, context.now)
    }
}

/// The password from standard input (one line) or `BOOKSTRACK_PASSWORD`.
private func readPassword(fromStandardInput: Bool) throws -> String {
    let context = CommandContext.current
    if fromStandardInput {
        guard let line = context.readLine() else { throw CommandFailure.invalid("no password on standard input") }
        return line
    }
    guard let password = context.environment["BOOKSTRACK_PASSWORD"] else {
        throw CommandFailure.invalid("give the password on standard input with --password-stdin, or in BOOKSTRACK_PASSWORD")
    }
    return password
}
