import BooksTrackProviders
import BooksTrackTesting
import Foundation
import Testing

/// URLs an attacker would send the cover proxy: each is refused before any connection is made.
enum HostileCoverURLs {
    static let refusedByScheme = [
        "http://covers.openlibrary.org/b/id/1-M.jpg", "ftp://covers.openlibrary.org/x.jpg", "file:///etc/passwd",
        "gopher://127.0.0.1:70/_GET", "javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo=", "//covers.openlibrary.org/x.jpg",
    ]
    static let refusedAsAddresses = [
        "https://127.0.0.1/x.jpg", "https://127.1/x.jpg", "https://0x7f.0.0.1/x.jpg", "https://0177.0.0.1/x.jpg",
        "https://2130706433/x.jpg", "https://017700000001/x.jpg", "https://0.0.0.0/x.jpg", "https://0/x.jpg", "https://[::1]/x.jpg",
        "https://[::ffff:127.0.0.1]/x.jpg", "https://[::ffff:7f00:1]/x.jpg", "https://[0:0:0:0:0:ffff:169.254.169.254]/x.jpg",
        "https://169.254.169.254/latest/meta-data/", "https://10.0.0.1/x.jpg", "https://192.168.1.1/x.jpg", "https://172.16.0.1/x.jpg",
        "https://[fe80::1]/x.jpg", "https://[fd00::1]/x.jpg", "https://[::]/x.jpg",
    ]
    static let refusedHosts = [
        "https://localhost/x.jpg", "https://localhost.localdomain/x.jpg", "https://metadata.google.internal/computeMetadata/v1/",
        "https://evil.example/covers.openlibrary.org/x.jpg", "https://covers.openlibrary.org.evil.example/x.jpg",
        "https://%63overs.openlibrary.org/x.jpg", "https://openlibrary.org/x.jpg",
    ]
    static let refusedOtherwise = [
        "https://covers.openlibrary.org@evil.example/x.jpg", "https://user:pass@covers.openlibrary.org/x.jpg",
        "https://covers.openlibrary.org\\@evil.example/x.jpg", "https://covers.openlibrary.org:8443/x.jpg",
        "https://covers.openlibrary.org:22/x.jpg", "", "not a url", "https://", "https://covers.openlibrary.org/" + String(repeating: "a", count: 3_000),
    ]
    static var all: [String] { refusedByScheme + refusedAsAddresses + refusedHosts + refusedOtherwise }
}

@Suite struct OutboundURLPolicyTests {
    let policy = OutboundURLPolicy()

    @Test func theHostileCorpusIsRefusedWhole() {
        #expect(HostileCoverURLs.all.count >= 40)
        for url in HostileCoverURLs.all {
            #expect(throws: OutboundRefusal.self, "\(url.prefix(80))") { try policy.check(url) }
        }
    }

    @Test(arguments: HostileCoverURLs.refusedAsAddresses)
    func addressesInEveryFormAreRefusedAsAddresses(url: String) {
        #expect(throws: OutboundRefusal.self) { try policy.check(url) }
        do {
            _ = try policy.check(url)
        } catch {
            guard case .address = error else { Issue.record("\(url): \(error)"); return }
        }
    }

    @Test func theProvidersCoverURLsPass() throws {
        for url in [
            "https://covers.openlibrary.org/b/id/12547191-M.jpg", "https://books.google.com/books/content?id=x&printsec=frontcover&img=1",
            "https://images.gr-assets.com/books/1434908555m/234225.jpg", "https://ia800505.us.archive.org/view/cover.jpg",
            "https://COVERS.openlibrary.org./b/id/1-M.jpg",
        ] {
            #expect(try policy.check(url).absoluteString == url)
        }
    }
}

@Suite struct IPAddressTests {
    @Test(arguments: [
        "127.0.0.1", "10.1.2.3", "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "255.255.255.255",
        "224.0.0.1", "198.18.0.1", "192.0.2.1", "::", "::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "2002:7f00:1::",
        "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "2001:db8::1", "::127.0.0.1",
    ])
    func privateAndSpecialAddressesAreNotPublic(text: String) throws {
        #expect(try #require(IPAddress(text)).isPublic == false)
    }

    @Test(arguments: ["93.184.216.34", "151.101.1.1", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8"])
    func publicAddressesArePublic(text: String) throws {
        #expect(try #require(IPAddress(text)).isPublic)
    }
}

/// The cover proxy fetching from loopback servers that play the cover hosts (over http, as the
/// tests' policy allows), with names resolved by a table.
@Suite struct CoverProxyFetchTests {
    struct TableResolver: HostResolver {
        var table: [String: [String]]
        func addresses(of host: String) async throws(OutboundRefusal) -> [IPAddress] {
            guard let texts = table[host] else { throw .unresolvable(host) }
            return texts.compactMap(IPAddress.init)
        }
    }

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + Array(repeating: 7, count: 200)

    func proxy(cache: URL? = nil, maximumBytes: Int = 5 * 1024 * 1024, timeout: Duration = .seconds(60)) -> CoverProxy {
        CoverProxy(
            policy: OutboundURLPolicy(allowedHosts: ["covers.test", "mirror.test", "private.test"], allowsPlainHTTP: true),
            cacheDirectory: cache,
            resolver: TableResolver(table: [
                "covers.test": ["127.0.0.1"], "mirror.test": ["127.0.0.1"], "private.test": ["10.0.0.9"], "evil.test": ["127.0.0.1"],
            ]),
            addressAllowed: { $0.isPublic || $0.description == "127.0.0.1" },
            maximumBytes: maximumBytes, timeout: timeout)
    }

    /// Runs `body` with a proxy.
    func using(_ proxy: CoverProxy, _ body: (CoverProxy) async throws -> Void) async throws {
        try await body(proxy)
    }

    func expectRefusal(_ proxy: CoverProxy, _ url: String, _ matches: (OutboundRefusal) -> Bool) async {
        do {
            _ = try await proxy.image(at: url)
            Issue.record("\(url) was fetched")
        } catch {
            #expect(matches(error), "\(url): \(error)")
        }
    }

    @Test func anImageIsFetchedByItsBytesAndKeptOnDisk() async throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-covers")
        try await LoopbackHTTPServer.withServer(routes: [
            .get("/cover.jpg", LoopbackResponse(headers: [LoopbackHeader(name: "Content-Type", value: "text/plain")], body: Self.jpeg)),
        ]) { server in
            try await using(proxy(cache: folder.url)) { proxy in
            let first = try await proxy.image(at: "http://covers.test:\(server.port)/cover.jpg")
            #expect(first.contentType == "image/jpeg")
            #expect(Array(first.data) == Self.jpeg)
            #expect(!first.cached)
            let second = try await proxy.image(at: "http://covers.test:\(server.port)/cover.jpg")
            #expect(second.cached)
            #expect(server.requests(toPath: "/cover.jpg").count == 1)
            }
        }
    }

    @Test func redirectsAreFollowedByHandAndCheckedAtEveryHop() async throws {
        try await LoopbackHTTPServer.withServer(routes: [
            .get("/moved", .redirect(to: "/cover.jpg")),
            .get("/cover.jpg", LoopbackResponse(body: Self.jpeg)),
            .get("/to-private", .redirect(to: "http://private.test/cover.jpg")),
            .get("/to-evil", .redirect(to: "http://evil.test/cover.jpg")),
            .get("/to-metadata", .redirect(to: "http://169.254.169.254/latest/meta-data/")),
            .get("/to-file", .redirect(to: "file:///etc/passwd")),
            .get("/loop", .redirect(to: "/loop")),
        ]) { server in
            try await using(proxy()) { proxy in
            let base = "http://covers.test:\(server.port)"
            let moved = try await proxy.image(at: "\(base)/moved")
            #expect(moved.contentType == "image/jpeg")
            await expectRefusal(proxy, "\(base)/to-private") { if case .privateAddress = $0 { true } else { false } }
            await expectRefusal(proxy, "\(base)/to-evil") { $0 == .hostNotAllowed("evil.test") }
            await expectRefusal(proxy, "\(base)/to-metadata") { if case .address = $0 { true } else { false } }
            await expectRefusal(proxy, "\(base)/to-file") { if case .scheme = $0 { true } else { false } }
            await expectRefusal(proxy, "\(base)/loop") { $0 == .tooManyRedirects(3) }
            #expect(server.requests(toPath: "/loop").count == 4)
            }
        }
    }

    @Test func whatIsNotAnImageTooLargeOrTooSlowIsRefused() async throws {
        try await LoopbackHTTPServer.withServer(routes: [
            .get("/page.html", .html("<html><body>not a cover</body></html>")),
            .get("/svg", LoopbackResponse(headers: [LoopbackHeader(name: "Content-Type", value: "image/svg+xml")],
                                          body: Array("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".utf8))),
            .get("/big.jpg", LoopbackResponse(body: Self.jpeg + Array(repeating: 0, count: 64 * 1024))),
            .get("/big-no-length.jpg", LoopbackResponse(body: Self.jpeg + Array(repeating: 0, count: 64 * 1024),
                                                        delivery: .truncatedWithoutLength(afterBytes: 60 * 1024))),
            .get("/drip.jpg", LoopbackResponse(body: Self.jpeg, delivery: .stalled(afterBytes: 8))),
            .get("/missing.jpg", .status(404)),
        ]) { server in
            let base = "http://covers.test:\(server.port)"
            // A generous cap for the answers that arrive (a busy test run can delay any of them),
            // a short one for the answer that never does.
            try await using(proxy(maximumBytes: 16 * 1024, timeout: .seconds(60))) { proxy in
                await expectRefusal(proxy, "\(base)/page.html") { if case .notAnImage = $0 { true } else { false } }
                await expectRefusal(proxy, "\(base)/svg") { if case .notAnImage = $0 { true } else { false } }
                await expectRefusal(proxy, "\(base)/big.jpg") { $0 == .tooLarge(limit: 16 * 1024) }
                await expectRefusal(proxy, "\(base)/big-no-length.jpg") { $0 == .tooLarge(limit: 16 * 1024) }
                await expectRefusal(proxy, "\(base)/missing.jpg") { $0 == .upstream(status: 404) }
            }
            try await using(proxy(maximumBytes: 16 * 1024, timeout: .seconds(2))) { proxy in
                await expectRefusal(proxy, "\(base)/drip.jpg") { $0 == .tooSlow(seconds: 2) }
            }
        }
    }

    @Test func anAllowedHostThatResolvesToAPrivateAddressIsRefusedBeforeAnyConnection() async throws {
        let proxy = CoverProxy(
            policy: OutboundURLPolicy(), cacheDirectory: nil,
            resolver: TableResolver(table: ["covers.openlibrary.org": ["151.101.1.1", "10.0.0.5"], "books.google.com": ["::ffff:127.0.0.1"]]))
        await expectRefusal(proxy, "https://covers.openlibrary.org/b/id/1-M.jpg") {
            $0 == .privateAddress(host: "covers.openlibrary.org", address: "10.0.0.5")
        }
        await expectRefusal(proxy, "https://books.google.com/books/content?id=1") { if case .privateAddress = $0 { true } else { false } }
    }
}
