import AsyncHTTPClient
import BooksTrackCore
import Crypto
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches book covers for the web app, on the reader's behalf, without becoming a way into the
/// server's network: every URL and every redirect (at most 3, followed by hand) passes the
/// `OutboundURLPolicy`; every address the host resolves to must be public; the answer must be an
/// image by its bytes (JPEG, PNG, GIF or WebP), at most `maximumBytes`, within `timeout`. Covers
/// are kept on disk by the SHA-256 of their URL.
public final class CoverProxy: Sendable {
    /// A cover: its bytes and the type its bytes show.
    public struct Image: Sendable {
        public var data: Data
        public var contentType: String
        public var cached: Bool
    }

    public static let maximumRedirects = 3

    private let policy: OutboundURLPolicy
    private let resolver: any HostResolver
    private let addressAllowed: @Sendable (IPAddress) -> Bool
    private let maximumBytes: Int
    private let timeout: Duration
    private let cacheDirectory: URL?
    private let userAgent: String
    /// Whether the proxy fetches nothing (an offline server): pages then draw every cover.
    public let isOffline: Bool
    /// Makes a cover `width` pixels wide (JPEG); nil serves every cover as it came.
    private let resize: (@Sendable (Data, Int) async throws -> Data)?

    /// The widths a resized cover is made at: a width asked for is served at the next one up, so
    /// that a cover has at most this many sizes on disk.
    public static let widths = [80, 160, 240, 320, 480, 640, 800, 1_024]

    /// Creates the proxy; an offline one serves the covers it kept and fetches none. `addressAllowed` is `isPublic` except in tests that play hosts on loopback.
    public init(
        policy: OutboundURLPolicy, cacheDirectory: URL?, resolver: any HostResolver = SystemHostResolver(),
        addressAllowed: @escaping @Sendable (IPAddress) -> Bool = { $0.isPublic },
        maximumBytes: Int = 5 * 1024 * 1024, timeout: Duration = .seconds(10), userAgent: String = "BooksTrack cover proxy",
        isOffline: Bool = false, resize: (@Sendable (Data, Int) async throws -> Data)? = nil
    ) {
        self.isOffline = isOffline
        self.resize = resize
        self.policy = policy
        self.resolver = resolver
        self.addressAllowed = addressAllowed
        self.maximumBytes = maximumBytes
        self.timeout = timeout
        self.cacheDirectory = cacheDirectory
        self.userAgent = userAgent
    }

    /// The cover at `text`, from the disk cache or fetched.
    public func image(at text: String) async throws(OutboundRefusal) -> Image {
        let url = try policy.check(text)
        let file = cacheFile(for: url)
        if let file, let data = try? Data(contentsOf: file), let type = Self.imageType(of: data) {
            return Image(data: data, contentType: type, cached: true)
        }
        // Said at once: a page with twenty covers would otherwise wait for twenty time limits.
        if isOffline { throw OutboundRefusal.unreachable("\(url.host ?? text) (this server is offline)") }
        let image = try await fetchWithinTimeout(url)
        if let file, let directory = cacheDirectory {
            // Best effort: a cover that cannot be kept is fetched again next time.
            try? OwnerOnly.makeFolder(directory)
            try? image.data.write(to: file, options: .atomic)
            OwnerOnly.restrictFile(file.path)
        }
        return image
    }

    /// The cover at `text`, `width` pixels wide at most (the next of `widths` up), made once from
    /// the cover and kept beside it; as it came when it cannot be resized or is narrower.
    public func image(at text: String, width: Int) async throws(OutboundRefusal) -> Image {
        let original = try await image(at: text)
        guard let resize, let size = Self.widths.first(where: { $0 >= width }) ?? Self.widths.last else { return original }
        let file = cacheFile(for: try policy.check(text)).map { URL(fileURLWithPath: $0.path + "-w\(size)") }
        if let file, let data = try? Data(contentsOf: file), let type = Self.imageType(of: data) {
            return Image(data: data, contentType: type, cached: true)
        }
        guard let data = try? await resize(original.data, size), let type = Self.imageType(of: data) else { return original }
        if let file {
            try? data.write(to: file, options: .atomic)
            OwnerOnly.restrictFile(file.path)
        }
        return Image(data: data, contentType: type, cached: false)
    }

    private func fetchWithinTimeout(_ url: URL) async throws(OutboundRefusal) -> Image {
        let timeout = timeout
        do {
            return try await withThrowingTaskGroup(of: Image.self) { group in
                group.addTask { try await self.fetch(url) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw OutboundRefusal.tooSlow(seconds: Int(timeout.components.seconds))
                }
                let first = try await group.next()!
                group.cancelAll()
                return first
            }
        } catch let refusal as OutboundRefusal {
            throw refusal
        } catch {
            throw .unreachable(String(describing: type(of: error)))
        }
    }

    private func fetch(_ start: URL) async throws -> Image {
        var url = start
        for _ in 0...Self.maximumRedirects {
            // The connection goes to the address checked here, not to whatever a second lookup
            // would answer (DNS rebinding); TLS still verifies the host name.
            let address = try await checkedAddress(of: url)
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration(pinning: url.host!, to: address))
            let hop: Hop
            do {
                hop = try await self.hop(url, client: client)
            } catch {
                try? await client.shutdown()
                throw error
            }
            try? await client.shutdown()
            switch hop {
            case .image(let image): return image
            case .redirect(let location):
                guard let next = URL(string: location, relativeTo: url)?.absoluteURL else { throw OutboundRefusal.malformed("a redirect to \(location)") }
                url = try policy.check(next.absoluteString)
            }
        }
        throw OutboundRefusal.tooManyRedirects(Self.maximumRedirects)
    }

    private enum Hop {
        case image(Image)
        case redirect(String)
    }

    private func hop(_ url: URL, client: HTTPClient) async throws -> Hop {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "image/*")
        request.headers.add(name: "User-Agent", value: userAgent)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .seconds(Int64(timeout.components.seconds) + 1))
        } catch {
            throw OutboundRefusal.unreachable(String(describing: error).prefix(120).description)
        }
        let status = Int(response.status.code)
        if (300..<400).contains(status) {
            guard let location = response.headers.first(name: "Location") else { throw OutboundRefusal.upstream(status: status) }
            return .redirect(location)
        }
        guard (200..<300).contains(status) else { throw OutboundRefusal.upstream(status: status) }
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maximumBytes {
            throw OutboundRefusal.tooLarge(limit: maximumBytes)
        }
        var data = Data()
        for try await chunk in response.body {
            guard data.count + chunk.readableBytes <= maximumBytes else { throw OutboundRefusal.tooLarge(limit: maximumBytes) }
            data.append(contentsOf: chunk.readableBytesView)
        }
        guard let type = Self.imageType(of: data) else {
            throw OutboundRefusal.notAnImage(response.headers.first(name: "Content-Type") ?? "no content type")
        }
        return .image(Image(data: data, contentType: type, cached: false))
    }

    private func clientConfiguration(pinning host: String, to address: IPAddress) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(5)))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.decompression = .disabled
        configuration.dnsOverride = [host: address.description]
        return configuration
    }

    /// The address to connect to: every address the host resolves to must be allowed (a
    /// connection could use any of them), and the first is used.
    private func checkedAddress(of url: URL) async throws(OutboundRefusal) -> IPAddress {
        guard let host = url.host else { throw .malformed("the URL names no host") }
        let addresses = try await resolver.addresses(of: host)
        for address in addresses where !addressAllowed(address) {
            throw .privateAddress(host: host, address: address.description)
        }
        guard let first = addresses.first else { throw .unresolvable(host) }
        return first
    }

    private func cacheFile(for url: URL) -> URL? {
        guard let cacheDirectory else { return nil }
        let digest = SHA256.hash(data: Data(url.absoluteString.utf8)).map { String(format: "%02x", $0) }.joined()
        return cacheDirectory.appendingPathComponent(digest)
    }

    /// The image type its first bytes show, as a MIME type; nil for anything else.
    static func imageType(of data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        return nil
    }
}
