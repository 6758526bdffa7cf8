import AsyncHTTPClient
import BooksTrackApp
import BooksTrackCore
import BooksTrackTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1

@testable import BooksTrackServer

/// A real `bookstrack serve` on a loopback port over a fresh data folder (offline: the catalog
/// only), and a real HTTP client that talks to it, several requests at once if asked.
struct ServerHarness: Sendable {
    /// 2026-11-22T09:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_795_338_000)

    let port: Int
    let app: BooksTrackApp
    let server: BooksTrackServer
    let clock: SettableClock

    /// Runs `body` against a started server; the folder is removed afterwards.
    /// `folder` keeps the data folder for a second server (a restart); `prepare` runs before the server opens it;
    /// `environment` is offline unless a test points the providers at loopback servers.
    static func run(
        signUp: SignUpPolicy = .closed, jsonBodyLimit: Int = 64 * 1024, publicURL: URL? = nil, folder given: TemporaryDirectory? = nil,
        environment: [String: String] = ["BOOKSTRACK_OFFLINE": "1"], requestTimeLimit: Duration = .seconds(30),
        prepare: @Sendable (BooksTrackApp) async throws -> Void = { _ in },
        configure: @Sendable (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (ServerHarness) async throws -> Void
    ) async throws {
        let folder = try given ?? TemporaryDirectory(prefix: "bookstrack-server-tests")
        defer { if given == nil { folder.remove() } }
        let clock = SettableClock(start: start)
        let app = BooksTrackApp(dataDirectory: folder.url, environment: environment, now: { clock.now })
        try await prepare(app)
        var configuration = ServerConfiguration(
            publicURL: publicURL, signUp: signUp, passwordCost: 4, jsonBodyLimit: jsonBodyLimit, requestTimeLimit: requestTimeLimit,
            // Kept pages outlive a slow test run's pauses: what makes one out of date is tested by change, not by time.
            bookPageLifetime: .seconds(30))
        // Every test's server shares this process's image queue (two at once): the whole suite's
        // uploads wait their turn rather than being refused. The refusal is tested on a queue of its own.
        configuration.imagesWaiting = .max
        configure(&configuration)
        let server = try BooksTrackServer(app: app, configuration: configuration)
        do {
            try await server.application().test(.live) { client in
                let harness = ServerHarness(port: client.port!, app: app, server: server, clock: clock)
                try await body(harness)
            }
        } catch {
            await server.services.jobs.runner.waitForAll()
            await server.close()
            throw error
        }
        await server.services.jobs.runner.waitForAll()
        await server.close()
    }

    /// An account with a token, made through the use cases the terminal calls.
    func account(_ name: String, admin: Bool = false) async throws -> (account: Account, token: String) {
        let accounts = try app.accounts(passwordCost: 4)
        let account = try await accounts.createAccount(name: name, password: "password-\(name)", isAdmin: admin)
        return (account, try await accounts.createToken(for: account, name: "tests").secret)
    }

    /// Sends one request and reads the whole answer.
    func send(
        _ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: String? = nil, body: [UInt8]? = nil,
        headers: [(String, String)] = []
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = NIOHTTP1.HTTPMethod(rawValue: method.rawValue)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        } else if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        // A hang detector, not a speed check: on two cores, while other suites hold the cooperative
        // pool, a request has waited more than 30 s to be answered.
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Answer(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                      body: Data(bytes.readableBytesView))
    }

    /// Polls a job until it ends (at most `seconds`).
    func waitForJob(_ id: String, token: String, seconds: Int = 120) async throws -> Answer {
        for _ in 0..<(seconds * 10) {
            let answer = try await send(.get, "/v1/jobs/\(id)", token: token)
            if let status = answer.data?["status"] as? String, ["succeeded", "failed", "cancelled"].contains(status) { return answer }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HarnessError("job \(id) did not end within \(seconds) s")
    }

    /// Adds a book by hand and returns its id.
    func addBook(_ title: String, token: String, extra: String = "") async throws -> String {
        let answer = try await send(.post, "/v1/books", token: token, json: #"{"title": "\#(title)", "authors": ["Some Author"], "pageCount": 300\#(extra)}"#)
        guard answer.status == 201, let id = answer.data?["id"] as? String else {
            throw HarnessError("adding \(title) answered \(answer.status): \(answer.text)")
        }
        return id
    }
}

/// An HTTP answer, with its envelope read.
struct Answer: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var envelope: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    var success: Bool? { envelope?["success"] as? Bool }
    var data: [String: Any]? { envelope?["data"] as? [String: Any] }
    var error: [String: Any]? { envelope?["error"] as? [String: Any] }
    /// The error's stable code.
    var code: String? { error?["code"] as? String }
    var details: [String: String]? { error?["details"] as? [String: String] }

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
