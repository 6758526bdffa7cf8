/// Where the online providers live, how to identify to them and how long to wait for them.
///
/// Read it from the environment with `fromEnvironment(_:)`, then let command-line flags override
/// single fields; tests point the base URLs at a loopback server.
public struct ProviderConfiguration: Sendable, Hashable {
    /// The provider names `providerOrder` may hold, in the default order.
    public static let knownProviderNames = ["catalog", "openlibrary", "google", "isbndb"]
    /// The online providers asked after the local catalog, highest priority first.
    public static let defaultProviderOrder = ["openlibrary", "google", "isbndb"]
    /// How long one provider call may take unless configured otherwise.
    public static let defaultTimeout: Duration = .seconds(5)
    /// Open Library's API root.
    public static let defaultOpenLibraryURL = "https://openlibrary.org"
    /// Google Books' API root (the `volumes` resource hangs below it).
    public static let defaultGoogleBooksURL = "https://www.googleapis.com/books/v1"
    /// ISBNdb's API v2 root.
    public static let defaultISBNdbURL = "https://api2.isbndb.com"
    /// Wikidata's root, below which `/wiki/Special:EntityData/` and `/w/api.php` live.
    public static let defaultWikidataURL = "https://www.wikidata.org"
    /// The product token of the User-Agent.
    public static let productToken = "BooksTrack/0.1"
    /// What the User-Agent says when nobody configured a contact.
    public static let unsetContact = "unset; set BOOKSTRACK_CONTACT"

    /// Open Library's API root, without a trailing slash.
    public var openLibraryURL: String
    /// Google Books' API root, without a trailing slash.
    public var googleBooksURL: String
    /// The Google Books API key; nil asks anonymously (lower quota).
    public var googleBooksKey: String?
    /// ISBNdb's API root, without a trailing slash.
    public var isbndbURL: String
    /// The ISBNdb API key; nil switches ISBNdb off.
    public var isbndbKey: String?
    /// Wikidata's root, without a trailing slash; asked for author demographics.
    public var wikidataURL: String
    /// How long one provider call may take, including waits for the rate limiter and redirects.
    public var timeout: Duration
    /// Provider names in priority order ("catalog", "openlibrary", "google", "isbndb").
    public var providerOrder: [String]
    /// When true no online provider is asked; each reports itself disabled.
    public var isOffline: Bool
    /// An e-mail address or URL where service operators can reach whoever runs this copy.
    public var contact: String?
    /// The Gemini API key; without it shelf photos are read offline (tesseract).
    public var geminiKey: String?
    /// The Gemini model asked (names change; kept a setting).
    public var geminiModel: String = Self.defaultGeminiModel
    /// Gemini's API root, without a trailing slash.
    public var geminiURL: String = Self.defaultGeminiURL
    /// How long one Gemini call may take: a shelf photo takes it 25–40 s.
    public var geminiTimeout: Duration = .seconds(90)

    public static let defaultGeminiModel = "gemini-2.5-flash"
    public static let defaultGeminiURL = "https://generativelanguage.googleapis.com"

    /// Creates a configuration; every argument defaults to the public services and a 5 s timeout.
    public init(
        openLibraryURL: String = Self.defaultOpenLibraryURL, googleBooksURL: String = Self.defaultGoogleBooksURL,
        googleBooksKey: String? = nil, isbndbURL: String = Self.defaultISBNdbURL, isbndbKey: String? = nil,
        timeout: Duration = Self.defaultTimeout, providerOrder: [String] = Self.defaultProviderOrder,
        isOffline: Bool = false, contact: String? = nil, wikidataURL: String = Self.defaultWikidataURL
    ) {
        self.openLibraryURL = Self.trimmingTrailingSlashes(openLibraryURL)
        self.googleBooksURL = Self.trimmingTrailingSlashes(googleBooksURL)
        self.googleBooksKey = googleBooksKey
        self.isbndbURL = Self.trimmingTrailingSlashes(isbndbURL)
        self.isbndbKey = isbndbKey
        self.wikidataURL = Self.trimmingTrailingSlashes(wikidataURL)
        self.timeout = timeout
        self.providerOrder = providerOrder
        self.isOffline = isOffline
        self.contact = contact
    }

    /// The User-Agent sent with every request: product, project page and contact.
    public var userAgent: String {
        "\(Self.productToken) (+https://github.com/bookstrack; contact: \(contact ?? Self.unsetContact))"
    }

    /// True when a contact is configured, which Open Library rewards with a higher rate limit.
    public var hasContact: Bool {
        contact != nil
    }

    /// The timeout in seconds, as `ProviderError.timedOut` reports it.
    public var timeoutSeconds: Double {
        Self.seconds(timeout)
    }

    /// `duration` in seconds as a Double.
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// The URL without trailing slashes, so paths can be appended with one.
    static func trimmingTrailingSlashes(_ url: String) -> String {
        var url = Substring(url)
        while url.hasSuffix("/") { url = url.dropLast() }
        return String(url)
    }
}
