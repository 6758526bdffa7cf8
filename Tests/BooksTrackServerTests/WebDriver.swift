import AsyncHTTPClient
import BooksTrackTesting
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOHTTP1

/// Debian's Chromium driven through `chromedriver` (W3C WebDriver, JSON over HTTP), headless, for
/// the web app's end-to-end tests. `.ci/run` installs `chromium` and `chromium-driver`.
final class WebDriver: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let driver: ChildProcess
    private let base: String
    private let session: String

    /// The driver's executable, from Debian's `chromium-driver`.
    static let driverPath = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let browserPath = ["/usr/bin/chromium", "/usr/lib/chromium/chromium"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Starts the driver and a headless browser `width` pixels wide.
    static func start(width: Int = 390, height: Int = 844, javascript: Bool = true) async throws -> WebDriver {
        guard let driverPath, let browserPath else {
            throw Failure(description: "Chromium and its driver are needed for the browser tests: apt-get install chromium chromium-driver")
        }
        let (process, base) = try await startDriver(driverPath)
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": [
                "binary": browserPath,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=\(width),\(height)",
                         "--no-first-run", "--disable-extensions", "--disable-background-networking"],
                "prefs": ["profile.managed_default_content_settings.javascript": javascript ? 1 : 2],
            ],
        ]]]
        do {
            let answer = try await call(base, .POST, "/session", capabilities)
            guard let value = answer["value"] as? [String: Any], let session = value["sessionId"] as? String else {
                throw Failure(description: "chromedriver did not open a session: \(answer)")
            }
            return WebDriver(driver: process, base: base, session: session)
        } catch {
            process.kill()
            throw error
        }
    }

    /// Starts `chromedriver` and waits until it answers that it is ready: one try of at most 20 s
    /// for each port. A driver that ends (its port was taken) is started again on the next port
    /// at once, and the failure says what each driver printed.
    ///
    /// Ports are drawn below Linux's ephemeral range (32768 and up), where the tests' own
    /// connections take theirs, so that a connection of the run cannot hold the driver's port.
    static func startDriver(
        _ driverPath: String, ports: [Int] = (0..<3).map { _ in Int.random(in: 20_000...32_000) }
    ) async throws -> (ChildProcess, String) {
        var failures: [String] = []
        for port in ports {
            let folder = try TemporaryDirectory(prefix: "bookstrack-chromedriver")
            let (log, errors) = (folder.path("output.log"), folder.path("error.log"))
            let process = try ChildProcess.start(driverPath, ["--port=\(port)"], standardOutput: log, standardError: errors)
            let base = "http://127.0.0.1:\(port)"
            let deadline = ContinuousClock.now + .seconds(20)
            var ended = false
            while ContinuousClock.now < deadline {
                if let status = try? await call(base, .GET, "/status", timeout: .seconds(2)),
                   (status["value"] as? [String: Any])?["ready"] as? Bool == true {
                    return (process, base)
                }
                if process.hasEnded {
                    ended = true
                    break
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            if !ended { process.kill() }
            let printed = [log, errors].map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }.joined(separator: " ")
            failures.append("port \(port): \(ended ? "the driver ended" : "no answer in 20 s"); it printed: \(printed.suffix(500))")
        }
        throw Failure(description: "chromedriver did not start: \(failures.joined(separator: " | "))")
    }

    private init(driver: ChildProcess, base: String, session: String) {
        self.driver = driver
        self.base = base
        self.session = session
    }

    /// Closes the browser and stops the driver.
    func quit() async {
        _ = try? await Self.call(base, .DELETE, "/session/\(session)")
        driver.kill()
    }

    // MARK: Commands

    func open(_ url: String) async throws {
        _ = try await command(.POST, "/url", ["url": url])
    }

    var url: String {
        get async throws { try await command(.GET, "/url") as? String ?? "" }
    }

    var title: String {
        get async throws { try await command(.GET, "/title") as? String ?? "" }
    }

    /// The first element matching a CSS selector.
    func element(_ selector: String) async throws -> String {
        let value = try await command(.POST, "/element", ["using": "css selector", "value": selector])
        guard let element = (value as? [String: Any])?.values.first as? String else { throw Failure(description: "no element \(selector)") }
        return element
    }

    func type(_ text: String, into selector: String) async throws {
        try await retrying {
            let element = try await element(selector)
            _ = try await command(.POST, "/element/\(element)/clear", [:])
            _ = try await command(.POST, "/element/\(element)/value", ["text": text])
        }
    }

    /// Runs `action` again while the page it acts on is still being replaced (a form's answer
    /// loading): an element found in the old page is stale in the new one, which Chromium reports
    /// in one of three ways, or not yet interactable in a page still being laid out. At most 5 s.
    private func retrying<T>(_ action: () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await action()
            } catch let failure as Failure where attempt < 50
                && Self.replacedPageErrors.contains(where: failure.description.contains) {
                attempt += 1
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// What Chromium answers an action on an element of a page being replaced.
    private static let replacedPageErrors = [
        "stale element", "no such element", "does not belong to the document", "element not interactable",
    ]

    /// A form control's current value.
    func value(of selector: String) async throws -> String? {
        try await retrying { try await command(.GET, "/element/\(try await element(selector))/property/value") as? String }
    }

    func click(_ selector: String) async throws {
        try await retrying { _ = try await command(.POST, "/element/\(try await element(selector))/click", [:]) }
    }

    /// The page's visible text (read by the driver: it works with JavaScript turned off).
    var text: String {
        get async throws { try await retrying { try await command(.GET, "/element/\(try await element("body"))/text") as? String ?? "" } }
    }

    /// Runs JavaScript in the page and returns its value.
    func script(_ source: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command(.POST, "/execute/sync", ["script": source, "args": arguments])
    }

    /// Runs JavaScript whose last argument is the callback that ends it.
    func asyncScript(_ source: String) async throws -> Any? {
        try await command(.POST, "/execute/async", ["script": source, "args": []])
    }

    /// Presses keys on the keyboard, one after another, wherever the focus is (W3C key
    /// actions: "\u{E004}" is Tab, "\u{E007}" Enter).
    func press(_ keys: String) async throws {
        let actions = keys.unicodeScalars.flatMap { key in
            [["type": "keyDown", "value": String(key)], ["type": "keyUp", "value": String(key)]]
        }
        _ = try await command(.POST, "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// A description of the focused element: tag, id or class, and text.
    var focused: String {
        get async throws {
            try await script("""
                const e = document.activeElement;
                return e ? e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : '') + ' ' + (e.value || e.textContent || '').trim().slice(0, 40) : '';
                """) as? String ?? ""
        }
    }

    /// A Chrome DevTools command (emulating the system's dark mode).
    func devTools(_ command: String, _ parameters: [String: Any]) async throws {
        _ = try await self.command(.POST, "/goog/cdp/execute", ["cmd": command, "params": parameters])
    }

    func resize(width: Int, height: Int) async throws {
        _ = try await command(.POST, "/window/rect", ["width": width, "height": height])
    }

    /// A PNG of the page as shown.
    func screenshot() async throws -> Data {
        guard let base64 = try await command(.GET, "/screenshot") as? String, let data = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    /// Waits until `condition` holds (checked every 100 ms, at most `seconds`). A check that
    /// fails (the page changing under it) counts as not yet.
    func wait(seconds: Int = 30, for what: String, _ condition: () async throws -> Bool) async throws {
        for _ in 0..<(seconds * 10) {
            if (try? await condition()) == true { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "waited \(seconds) s for \(what); the page is at \(try await url)")
    }

    private func command(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        let answer = try await Self.call(base, method, "/session/\(session)\(path)", body)
        if let error = (answer["value"] as? [String: Any])?["error"] as? String {
            let message = (answer["value"] as? [String: Any])?["message"] as? String ?? ""
            throw Failure(description: "\(path): \(error): \(message.prefix(300))")
        }
        return answer["value"]
    }

    private static func call(
        _ base: String, _ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil, timeout: TimeAmount = .seconds(60)
    ) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        } else if method == .POST {
            request.body = .bytes(ByteBuffer(string: "{}"))
        }
        let response = try await WebBrowser.client.execute(request, timeout: timeout)
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return (try? JSONSerialization.jsonObject(with: Data(bytes.readableBytesView)) as? [String: Any]) ?? [:]
    }
}
