/// One edition as the API and every provider describe it, with where its data came from.
public struct EditionDTO: Codable, Hashable, Sendable {
    /// Every ISBN of the edition as ISBN-13 (valid checksums only).
    public var isbn13: [String]
    /// The ISBN-10 forms the source gave or that exist for 978 ISBNs.
    public var isbn10: [String]
    @SingleLineText public var title: String?
    @SingleLineText public var publisher: String?
    /// "2004", "1998-09" or "2020-10-25" (a `PartialDate`).
    public var publicationDate: String?
    public var pageCount: Int?
    /// An `EditionFormat` raw value.
    public var format: String?
    /// BCP 47.
    public var language: String?
    public var coverImageURL: String?
    public var openLibraryEditionID: String?
    public var googleBooksVolumeID: String?
    public var isbndbID: String?
    public var amazonASIN: String?
    /// The provider that supplied most of the data ("openlibrary", "google", "isbndb", "catalog").
    public var primaryProvider: String
    /// Every provider that added data, primary first.
    public var contributors: [String]

    /// Creates an edition description.
    public init(
        isbn13: [String] = [], isbn10: [String] = [], title: String? = nil, publisher: String? = nil,
        publicationDate: String? = nil, pageCount: Int? = nil, format: String? = nil, language: String? = nil,
        coverImageURL: String? = nil, openLibraryEditionID: String? = nil, googleBooksVolumeID: String? = nil,
        isbndbID: String? = nil, amazonASIN: String? = nil, primaryProvider: String, contributors: [String]? = nil
    ) {
        self.isbn13 = isbn13
        self.isbn10 = isbn10
        self.title = title
        self.publisher = publisher
        self.publicationDate = publicationDate
        self.pageCount = pageCount.flatMap { Bounds.pageCount.contains($0) ? $0 : nil }
        self.format = format
        self.language = language
        self.coverImageURL = coverImageURL
        self.openLibraryEditionID = openLibraryEditionID
        self.googleBooksVolumeID = googleBooksVolumeID
        self.isbndbID = isbndbID
        self.amazonASIN = amazonASIN
        self.primaryProvider = primaryProvider
        self.contributors = contributors ?? [primaryProvider]
    }
}
