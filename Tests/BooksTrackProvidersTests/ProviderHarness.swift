import BooksTrackCore
import BooksTrackProviders
import BooksTrackTesting
import Synchronization

/// A loopback server with the three providers and Wikidata pointed at it through one real `HTTPTransport`.
struct ProviderHarness {
    static let isbndbKey = "test-isbndb-key"
    static let contact = "tests@bookstrack.invalid"

    let server: LoopbackHTTPServer
    let transport: HTTPTransport
    let configuration: ProviderConfiguration

    /// Open Library without pacing, unless a limiter is given.
    func openLibrary(rateLimiter: RateLimiter = .unpaced) -> OpenLibraryProvider {
        OpenLibraryProvider(configuration: configuration, transport: transport, rateLimiter: rateLimiter)
    }

    /// Google Books without pacing.
    func googleBooks(rateLimiter: RateLimiter = .unpaced) -> GoogleBooksProvider {
        GoogleBooksProvider(configuration: configuration, transport: transport, rateLimiter: rateLimiter)
    }

    /// ISBNdb without pacing.
    func isbndb(rateLimiter: RateLimiter = .unpaced) -> ISBNdbProvider {
        ISBNdbProvider(configuration: configuration, transport: transport, rateLimiter: rateLimiter)
    }

    /// Wikidata without pacing.
    func wikidata(rateLimiter: RateLimiter = .unpaced) -> WikidataClient {
        WikidataClient(configuration: configuration, transport: transport, rateLimiter: rateLimiter)
    }

    /// Demographic suggestions from Wikidata and Open Library, both without pacing.
    func demographicsSuggester() -> AuthorDemographicsSuggester {
        AuthorDemographicsSuggester(wikidata: wikidata(), openLibrary: openLibrary())
    }

    /// Starts a server with `routes`, a transport and a configuration pointing at the server, runs
    /// `body`, then shuts the transport and the server down, also when `body` throws.
    @discardableResult
    static func run<Result>(
        routes: [LoopbackRoute], timeout: Duration = .seconds(120),
        maximumBodyBytes: Int = HTTPTransport.defaultMaximumBodyBytes,
        configure: (inout ProviderConfiguration) -> Void = { _ in },
        isolation: isolated (any Actor)? = #isolation,
        _ body: (ProviderHarness) async throws -> Result
    ) async throws -> Result {
        try await LoopbackHTTPServer.withServer(routes: routes) { server in
            var configuration = ProviderConfiguration(
                openLibraryURL: server.baseURL, googleBooksURL: server.baseURL + "/books/v1", isbndbURL: server.baseURL,
                isbndbKey: isbndbKey, timeout: timeout, contact: contact, wikidataURL: server.baseURL
            )
            configure(&configuration)
            let transport = HTTPTransport(userAgent: configuration.userAgent, maximumBodyBytes: maximumBodyBytes)
            let harness = ProviderHarness(server: server, transport: transport, configuration: configuration)
            do {
                let result = try await body(harness)
                await transport.shutdown()
                return result
            } catch {
                await transport.shutdown()
                throw error
            }
        }
    }
}

extension RateLimiter {
    /// A limiter that never makes a test wait.
    static var unpaced: RateLimiter {
        RateLimiter(policy: RateLimitPolicy(requests: 1_000_000, per: .seconds(1), burst: 1_000_000))
    }
}

/// A clock for rate limiter tests: `sleep` moves time forward at once and remembers how long it slept.
final class ManualClock: Sendable {
    private let state = Mutex((now: Duration.zero, sleeps: [Duration]()))

    /// The current time.
    var now: Duration {
        state.withLock { $0.now }
    }

    /// Every sleep so far.
    var sleeps: [Duration] {
        state.withLock { $0.sleeps }
    }

    /// Moves time forward without sleeping.
    func advance(by duration: Duration) {
        state.withLock { $0.now += duration }
    }

    /// The clock as a rate limiter uses it.
    var rateLimiterClock: RateLimiterClock {
        RateLimiterClock(
            now: { self.now },
            sleep: { duration in
                self.state.withLock { state in
                    state.now += duration
                    state.sleeps.append(duration)
                }
            }
        )
    }
}

/// Test ISBNs.
enum TestISBN {
    /// A valid ISBN-13, e.g. for "9780060273224"; fails the test for an invalid one.
    static func make(_ text: String) throws -> ISBN {
        try ISBN(parsing: text)
    }

    /// `count` distinct valid ISBN-13s (978000000000c, 978000000001c, …).
    static func sequence(count: Int) throws -> [ISBN] {
        try (0..<count).map { number in
            let digits = "978" + String(repeating: "0", count: 9 - String(number).count) + String(number)
            let sum = digits.enumerated().reduce(0) { total, pair in
                total + (pair.element.wholeNumberValue ?? 0) * (pair.offset.isMultiple(of: 2) ? 1 : 3)
            }
            return try ISBN(parsing: digits + String((10 - sum % 10) % 10))
        }
    }
}
