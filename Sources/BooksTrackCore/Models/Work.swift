import Foundation

/// The abstract book, independent of any printing: "The Left Hand of Darkness".
public struct Work: Hashable, Sendable, Codable, Identifiable {
    /// The work's identifier.
    public typealias ID = Identifier<Work>

    /// Longest title accepted.
    public static let titleLimit = 512
    /// Longest description accepted.
    public static let descriptionLimit = 10_000

    public var id: ID
    /// Trimmed, 1–512 characters.
    @SingleLineText public var title: String
    @SingleLineText public var subtitle: String?
    /// Ordered author identifiers; the first is the primary author.
    public var authorIDs: [Author.ID]
    /// Trimmed, de-duplicated case-insensitively.
    @SingleLineText public var genres: [String]
    /// BCP 47 language tag of the original text.
    public var originalLanguage: String?
    public var firstPublicationYear: Int?
    /// Where the work was first published: an ISO 3166 alpha-2 code ("NG") or a country's name.
    @SingleLineText public var originalCountry: String?
    /// At most 10,000 characters.
    @MultiLineText public var description: String?
    @SingleLineText public var seriesName: String?
    /// Position in the series; may be fractional (1.5).
    public var seriesPosition: Double?
    /// The last position of an omnibus that collects several (`#1-3`: position 1, end 3); nil for one book.
    public var seriesPositionEnd: Double?
    @SingleLineText public var culturalThemes: [String]
    /// People who made the book without being its authors (illustrators, editors), with their
    /// roles; nil when none is known (files written before contributors were kept have none).
    public var contributors: [Contributor]?
    @SingleLineText public var contentWarnings: [String]
    @SingleLineText public var awards: [String]
    public var readingDifficulty: ReadingDifficulty?
    /// Fallback cover when no edition has one.
    public var coverImageURL: URL?
    /// Identifiers of this work at outside services.
    public var externalIDs: WorkExternalIDs
    /// Which provider(s) the data came from: "openlibrary", "orchestrated:google+openlibrary".
    public var providerTag: String?
    /// True when the work was inferred from edition data alone.
    public var isSynthetic: Bool
    public var reviewStatus: ReviewStatus
    /// Path of the bookshelf photo this work was recognized on.
    public var scanImagePath: String?
    /// Where the spine was on that photo.
    public var boundingBox: BoundingBox?
    public var dateCreated: Date
    /// Changed by every mutation.
    public var lastModified: Date
    public var lastEnrichedAt: Date?
    /// 0–100 completeness score.
    public var dataQuality: Int
    /// The fields the reader set by hand: enrichment and imports never change them.
    public var readerSetFields: Set<WorkField>

    /// Creates a work with the model's defaults.
    public init(
        id: ID = ID(),
        title: String,
        subtitle: String? = nil,
        authorIDs: [Author.ID] = [],
        genres: [String] = [],
        originalLanguage: String? = nil,
        firstPublicationYear: Int? = nil,
        originalCountry: String? = nil,
        description: String? = nil,
        seriesName: String? = nil,
        seriesPosition: Double? = nil,
        seriesPositionEnd: Double? = nil,
        culturalThemes: [String] = [],
        contentWarnings: [String] = [],
        awards: [String] = [],
        readingDifficulty: ReadingDifficulty? = nil,
        coverImageURL: URL? = nil,
        externalIDs: WorkExternalIDs = WorkExternalIDs(),
        providerTag: String? = nil,
        isSynthetic: Bool = false,
        reviewStatus: ReviewStatus = .verified,
        scanImagePath: String? = nil,
        boundingBox: BoundingBox? = nil,
        dateCreated: Date,
        lastModified: Date? = nil,
        lastEnrichedAt: Date? = nil,
        dataQuality: Int = 0,
        readerSetFields: Set<WorkField> = []
    ) {
        self.id = id
        self.title = title.trimmingWhitespace()
        self.subtitle = subtitle
        self.authorIDs = authorIDs
        self.genres = StringList.deduplicated(genres)
        self.originalLanguage = originalLanguage
        self.firstPublicationYear = firstPublicationYear
        self.originalCountry = originalCountry
        self.description = description
        self.seriesName = seriesName
        self.seriesPosition = seriesPosition
        self.seriesPositionEnd = seriesPositionEnd
        self.culturalThemes = StringList.deduplicated(culturalThemes)
        self.contentWarnings = StringList.deduplicated(contentWarnings)
        self.awards = StringList.deduplicated(awards)
        self.readingDifficulty = readingDifficulty
        self.coverImageURL = coverImageURL
        self.externalIDs = externalIDs
        self.providerTag = providerTag
        self.isSynthetic = isSynthetic
        self.reviewStatus = reviewStatus
        self.scanImagePath = scanImagePath
        self.boundingBox = boundingBox
        self.dateCreated = dateCreated
        self.lastModified = lastModified ?? dateCreated
        self.lastEnrichedAt = lastEnrichedAt
        self.dataQuality = dataQuality
        self.readerSetFields = readerSetFields
    }

    /// The primary (first) author, if any.
    public var primaryAuthorID: Author.ID? { authorIDs.first }
}

/// A work's identifiers at outside services.
public struct WorkExternalIDs: Hashable, Sendable, Codable {
    public var openLibraryWorkID: String?
    public var isbndbID: String?
    public var googleBooksVolumeIDs: [String]
    public var goodreadsWorkIDs: [String]
    public var amazonASINs: [String]
    public var librarythingIDs: [String]

    /// Creates a set of identifiers; arrays are cleaned of empty and duplicate values.
    public init(
        openLibraryWorkID: String? = nil,
        isbndbID: String? = nil,
        googleBooksVolumeIDs: [String] = [],
        goodreadsWorkIDs: [String] = [],
        amazonASINs: [String] = [],
        librarythingIDs: [String] = []
    ) {
        self.openLibraryWorkID = ExternalID.clean(openLibraryWorkID)
        self.isbndbID = ExternalID.clean(isbndbID)
        self.googleBooksVolumeIDs = ExternalID.cleaned(googleBooksVolumeIDs)
        self.goodreadsWorkIDs = ExternalID.cleaned(goodreadsWorkIDs)
        self.amazonASINs = ExternalID.cleaned(amazonASINs)
        self.librarythingIDs = ExternalID.cleaned(librarythingIDs)
    }
}
