import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A browser without JavaScript, for the web app's tests: it keeps the cookies the server sets,
/// sends forms as a browser does, and does not follow redirects, so that tests see them.
final class WebBrowser: @unchecked Sendable {
    /// A read that waits 90 s for a byte fails: a driver or server that stopped answering in the
    /// middle of an answer fails the test instead of holding the whole run.
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: .init(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(90))))

    let port: Int
    /// Whether posts carry `Origin` (a browser's do; a script's may not).
    var sendsOrigin = true
    private let lock = NSLock()
    private var cookies: [String: String] = [:]

    init(port: Int) {
        self.port = port
    }

    func cookie(_ name: String) -> String? { lock.withLock { cookies[name] } }
    func setCookie(_ name: String, _ value: String) { lock.withLock { cookies[name] = value } }
    func allCookies() -> [String: String] { lock.withLock { cookies } }

    func get(_ path: String) async throws -> Answer {
        try await send(.GET, path, body: nil)
    }

    /// Posts a form, with the CSRF token of the last page read unless `csrf` says otherwise.
    func post(_ path: String, _ fields: [(String, String)]) async throws -> Answer {
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(.POST, path, body: Array(body.utf8), contentType: "application/x-www-form-urlencoded")
    }

    /// Posts a `multipart/form-data` form with one file, as a file input sends it.
    func upload(_ path: String, _ fields: [(String, String)], file: (name: String, filename: String, bytes: [UInt8])?) async throws -> Answer {
        let boundary = "----BooksTrackTestBoundary\(UInt32.random(in: 0...UInt32.max))"
        var body: [UInt8] = []
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        if let file {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: text/csv\r\n\r\n".utf8)
            body += file.bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return try await send(.POST, path, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    func send(
        _ method: HTTPMethod, _ path: String, body: [UInt8]?, contentType: String? = nil, origin: String? = nil,
        extraHeaders: [(String, String)] = []
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        let jar = lock.withLock { cookies }
        if !jar.isEmpty { request.headers.add(name: "Cookie", value: jar.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")) }
        if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        // Every current browser names the page's origin when it posts a form.
        if let origin {
            request.headers.add(name: "Origin", value: origin)
        } else if method == .POST, sendsOrigin {
            request.headers.add(name: "Origin", value: "http://127.0.0.1:\(port)")
        }
        for (name, value) in extraHeaders { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        // A hang detector, not a speed check (see `ServerHarness.send`).
        let response = try await Self.client.execute(request, timeout: .seconds(120))
        for header in response.headers["Set-Cookie"] {
            let pair = header.split(separator: ";").first.map(String.init) ?? ""
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { continue }
            let expired = header.contains("Max-Age=0")
            lock.withLock { cookies[parts[0]] = expired ? nil : parts[1] }
        }
        let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Answer(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                      body: Data(bytes.readableBytesView))
    }

    /// The CSRF token the page's forms carry.
    static func csrf(in page: Answer) -> String? {
        guard let range = page.text.range(of: #"name="csrf" value="([0-9a-f]+)""#, options: .regularExpression) else { return nil }
        return page.text[range].split(separator: "\"").dropFirst(3).first.map(String.init)
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? ""
    }
}
