/// A work as the API and every provider describe it: the canonical search result.
public struct WorkDTO: Codable, Hashable, Sendable {
    @SingleLineText public var title: String
    @SingleLineText public var subtitle: String?
    /// In order; the first is the primary author.
    public var authors: [AuthorDTO]
    public var firstPublicationYear: Int?
    @MultiLineText public var description: String?
    @SingleLineText public var subjects: [String]
    public var originalLanguage: String?
    @SingleLineText public var seriesName: String?
    public var seriesPosition: Double?
    public var coverImageURL: String?
    /// "OL45804W".
    public var openLibraryWorkID: String?
    public var googleBooksVolumeIDs: [String]
    public var goodreadsWorkIDs: [String]
    public var isbndbID: String?
    public var editions: [EditionDTO]
    /// The provider that supplied most of the data; "orchestrated:a+b" when merged.
    public var primaryProvider: String
    /// Every provider that added data.
    public var contributors: [String]
    /// True when the work was inferred from edition data alone (no work record at the source).
    public var synthetic: Bool
    /// Relative popularity at the source (ratings count), for ranking; nil when unknown.
    public var popularity: Int?

    /// Creates a work description.
    public init(
        title: String, subtitle: String? = nil, authors: [AuthorDTO] = [], firstPublicationYear: Int? = nil,
        description: String? = nil, subjects: [String] = [], originalLanguage: String? = nil, seriesName: String? = nil,
        seriesPosition: Double? = nil, coverImageURL: String? = nil, openLibraryWorkID: String? = nil,
        googleBooksVolumeIDs: [String] = [], goodreadsWorkIDs: [String] = [], isbndbID: String? = nil,
        editions: [EditionDTO] = [], primaryProvider: String, contributors: [String]? = nil, synthetic: Bool = false,
        popularity: Int? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        // A year no book has (a provider's typo, digits run together) is dropped, not passed on.
        self.firstPublicationYear = firstPublicationYear.flatMap { Bounds.year.contains($0) ? $0 : nil }
        self.description = description
        self.subjects = subjects
        self.originalLanguage = originalLanguage
        self.seriesName = seriesName
        self.seriesPosition = seriesPosition
        self.coverImageURL = coverImageURL
        self.openLibraryWorkID = openLibraryWorkID
        self.googleBooksVolumeIDs = googleBooksVolumeIDs
        self.goodreadsWorkIDs = goodreadsWorkIDs
        self.isbndbID = isbndbID
        self.editions = editions
        self.primaryProvider = primaryProvider
        self.contributors = contributors ?? [primaryProvider]
        self.synthetic = synthetic
        self.popularity = popularity
    }
}

/// The `data` of a search answer: works, and the authors they mention.
public struct SearchResultsDTO: Codable, Hashable, Sendable {
    public var works: [WorkDTO]
    public var authors: [AuthorDTO]

    /// Creates search results; `authors` defaults to every distinct author of `works`.
    public init(works: [WorkDTO], authors: [AuthorDTO]? = nil) {
        self.works = works
        if let authors {
            self.authors = authors
        } else {
            var seen = Set<String>()
            self.authors = works.flatMap(\.authors).filter { seen.insert($0.name).inserted }
        }
    }
}
