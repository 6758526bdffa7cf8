/// How fast requests to one service may go: a sustained rate and a burst allowance.
public struct RateLimitPolicy: Sendable, Hashable {
    /// The spacing between requests at the sustained rate.
    public var interval: Duration
    /// How many requests may go back to back after a quiet period (at least 1).
    public var burst: Int

    /// A policy of `requests` per `period` on average, allowing `burst` requests at once.
    public init(requests: Int, per period: Duration, burst: Int) {
        self.interval = period / max(requests, 1)
        self.burst = max(burst, 1)
    }

    /// Open Library's API: about 3 requests a second with an identifying User-Agent, 1 without
    /// (openlibrary.org/developers/api). No burst: evenly spaced requests never exceed the rate
    /// in any one-second window.
    public static func openLibrary(hasContact: Bool) -> RateLimitPolicy {
        RateLimitPolicy(requests: hasContact ? 3 : 1, per: .seconds(1), burst: 1)
    }

    /// Open Library's covers by ISBN: at most 100 per 5 minutes per address. A burst of 50 plus
    /// 50 more over 5 minutes never exceeds 100 in any 5-minute window.
    public static let openLibraryCovers = RateLimitPolicy(requests: 50, per: .seconds(300), burst: 50)

    /// Google Books: its default per-user quota is 100 requests per 100 seconds.
    public static let googleBooks = RateLimitPolicy(requests: 1, per: .seconds(1), burst: 5)

    /// Wikidata: Wikimedia asks API clients to send requests one after another rather than in
    /// parallel (mediawiki.org/wiki/API:Etiquette); five a second, evenly spaced, stays polite.
    public static let wikidata = RateLimitPolicy(requests: 5, per: .seconds(1), burst: 1)

    /// ISBNdb: the basic plan allows one call a second.
    public static let isbndb = RateLimitPolicy(requests: 1, per: .seconds(1), burst: 1)
}
