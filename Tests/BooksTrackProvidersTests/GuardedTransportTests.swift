import BooksTrackProviders
import Foundation
import Testing

/// The provider transport follows redirects by hand: no downgrade to http, no hop to another host
/// at a private address; and a provider's cover URL is kept only when the cover proxy would fetch it.
@Suite struct GuardedTransportTests {
    struct TableResolver: HostResolver {
        var table: [String: [String]]
        func addresses(of host: String) async throws(OutboundRefusal) -> [IPAddress] {
            guard let texts = table[host] else { throw .unresolvable(host) }
            return texts.compactMap(IPAddress.init)
        }
    }

    let resolver = TableResolver(table: ["rebound.example": ["10.0.0.3"], "mirror.example": ["151.101.1.1"]])

    func refused(_ from: String, _ to: String) async -> Bool {
        do {
            _ = try await HTTPTransport.checkedRedirect(from: from, to: to, resolver: resolver)
            return false
        } catch {
            return true
        }
    }

    @Test func redirectsThatDowngradeOrReachPrivateAddressesAreRefused() async {
        #expect(await refused("https://openlibrary.org/isbn/1.json", "http://openlibrary.org/books/OL1M.json"))
        #expect(await refused("https://openlibrary.org/isbn/1.json", "https://169.254.169.254/latest/meta-data/"))
        #expect(await refused("https://openlibrary.org/isbn/1.json", "https://[::ffff:10.0.0.1]/x"))
        #expect(await refused("https://openlibrary.org/isbn/1.json", "https://2130706433/x"))
        #expect(await refused("https://openlibrary.org/isbn/1.json", "https://rebound.example/x"))
        #expect(await refused("https://openlibrary.org/isbn/1.json", "file:///etc/passwd"))
        #expect(await refused("http://127.0.0.1:8080/isbn/1.json", "http://10.0.0.1/x"))
    }

    @Test func redirectsWithinTheServiceOrToPublicHostsAreFollowed() async throws {
        let same = try await HTTPTransport.checkedRedirect(from: "https://openlibrary.org/isbn/1.json", to: "/books/OL1M.json", resolver: resolver)
        #expect(same == "https://openlibrary.org/books/OL1M.json")
        let loopbackService = try await HTTPTransport.checkedRedirect(from: "http://127.0.0.1:8080/isbn/1.json", to: "/books/OL1M.json", resolver: resolver)
        #expect(loopbackService == "http://127.0.0.1:8080/books/OL1M.json")
        let mirror = try await HTTPTransport.checkedRedirect(from: "https://openlibrary.org/a", to: "https://mirror.example/b", resolver: resolver)
        #expect(mirror == "https://mirror.example/b")
    }

    @Test func coverURLsOutsideTheAllowlistAreDropped() {
        #expect(MappingSupport.coverURL("http://books.google.com/books/content?id=1&img=1") == "https://books.google.com/books/content?id=1&img=1")
        #expect(MappingSupport.coverURL("https://covers.openlibrary.org/b/id/1-L.jpg") == "https://covers.openlibrary.org/b/id/1-L.jpg")
        #expect(MappingSupport.coverURL("http://127.0.0.1/admin.jpg") == nil)
        #expect(MappingSupport.coverURL("https://169.254.169.254/latest/meta-data/") == nil)
        #expect(MappingSupport.coverURL("https://tracker.example/pixel.gif") == nil)
        #expect(MappingSupport.coverURL("javascript:alert(1)") == nil)
    }
}
