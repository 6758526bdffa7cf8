import BooksTrackTesting
import Crypto
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackServer

@Suite struct CoverProxyAPITests {
    /// The hostile URLs of the providers' corpus, and more, through the real route: each is a
    /// clear 4xx naming the url field, never a 5xx, and no connection is attempted.
    static let hostile = [
        "http://covers.openlibrary.org/b/id/1-M.jpg", "file:///etc/passwd", "gopher://127.0.0.1:70/_GET", "javascript:alert(1)",
        "https://127.0.0.1/x.jpg", "https://127.1/x.jpg", "https://0x7f.0.0.1/x.jpg", "https://0177.0.0.1/x.jpg", "https://2130706433/x.jpg",
        "https://0.0.0.0/x.jpg", "https://[::1]/x.jpg", "https://[::ffff:127.0.0.1]/x.jpg", "https://169.254.169.254/latest/meta-data/",
        "https://10.0.0.1/x.jpg", "https://192.168.1.1/x.jpg", "https://172.16.0.1/x.jpg", "https://[fe80::1]/x.jpg", "https://[fd00::1]/x.jpg",
        "https://localhost/x.jpg", "https://metadata.google.internal/computeMetadata/v1/", "https://evil.example/x.jpg",
        "https://covers.openlibrary.org.evil.example/x.jpg", "https://covers.openlibrary.org@evil.example/x.jpg",
        "https://user:pass@covers.openlibrary.org/x.jpg", "https://covers.openlibrary.org:8443/x.jpg", "https://%63overs.openlibrary.org/x.jpg",
        "not a url", "https://", "https://covers.openlibrary.org/" + String(repeating: "a", count: 3_000),
        "https://[0:0:0:0:0:ffff:169.254.169.254]/x.jpg", "https://017700000001/x.jpg",
    ]

    @Test func everyHostileURLIsAClear4xx() async throws {
        #expect(Self.hostile.count >= 30)
        try await ServerHarness.run { server in
            let token = try await server.account("alice").token
            for url in Self.hostile {
                let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let answer = try await server.send(.get, "/images/proxy?url=\(encoded)", token: token)
                #expect((400..<500).contains(answer.status), "\(url.prefix(60)) answered \(answer.status)")
                #expect(answer.success == false)
                #expect(answer.details?["field"] == "url", "\(url.prefix(60))")
                #expect(["URL_REFUSED", "HOST_NOT_ALLOWED"].contains(answer.code ?? ""), "\(url.prefix(60)): \(answer.code ?? "")")
            }
            let missing = try await server.send(.get, "/images/proxy", token: token)
            #expect(missing.status == 400)
            #expect(missing.code == "MISSING_FIELD")
        }
    }

    @Test func aCoverIsServedResizedToTheNextWidthUpAndKept() async throws {
        try await ServerHarness.run { server in
            let token = try await server.account("alice").token
            // A large cover the proxy already keeps (an offline server serves what it kept).
            let url = "https://covers.openlibrary.org/b/id/12345-L.jpg"
            let covers = server.app.dataDirectory.appendingPathComponent("covers")
            try FileManager.default.createDirectory(at: covers, withIntermediateDirectories: true)
            let digest = SHA256.hash(data: Data(url.utf8)).map { String(format: "%02x", $0) }.joined()
            let large = try SamplePhoto.jpeg(width: 1_000, height: 1_500)
            try large.write(to: covers.appendingPathComponent(digest))
            let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!

            let whole = try await server.send(.get, "/images/proxy?url=\(encoded)", token: token)
            #expect(whole.status == 200)
            #expect(whole.body == large)
            let small = try await server.send(.get, "/images/proxy?url=\(encoded)&w=150", token: token)
            #expect(small.status == 200)
            #expect(small.header("Content-Type") == "image/jpeg")
            #expect(small.body.count < large.count / 10, "\(small.body.count) bytes")
            #expect(FileManager.default.fileExists(atPath: covers.appendingPathComponent(digest + "-w160").path), "made at 160 and kept")
            #expect(try await server.send(.get, "/images/proxy?url=\(encoded)&w=160", token: token).body == small.body)
            for bad in ["0", "-5", "5000", "wide"] {
                let refused = try await server.send(.get, "/images/proxy?url=\(encoded)&w=\(bad)", token: token)
                #expect(refused.status == 400, "\(bad)")
                #expect(refused.code == "OUT_OF_RANGE")
            }
        }
    }

    @Test func theProxyServesOnlySignedInReaders() async throws {
        try await ServerHarness.run { server in
            // Given a cover the proxy keeps
            let url = "https://covers.openlibrary.org/b/id/777-L.jpg"
            let covers = server.app.dataDirectory.appendingPathComponent("covers")
            try FileManager.default.createDirectory(at: covers, withIntermediateDirectories: true)
            let digest = SHA256.hash(data: Data(url.utf8)).map { String(format: "%02x", $0) }.joined()
            try SamplePhoto.jpeg(width: 200, height: 300).write(to: covers.appendingPathComponent(digest))
            let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            // Then anyone without a session or token is refused, the web app's signed-in browser served
            let anonymous = try await server.send(.get, "/images/proxy?url=\(encoded)")
            #expect(anonymous.status == 401)
            let browser = try await WebAppTests.signedIn(server, "alice")
            let page = try await browser.get("/images/proxy?url=\(encoded)&w=150")
            #expect(page.status == 200)
            #expect(page.headers.contains { $0.0 == "Content-Type" && $0.1 == "image/jpeg" })
        }
    }
}
