import Foundation

/// What a reader types to add a book by hand.
public struct ManualBook: Hashable, Sendable {
    public var title: String
    public var subtitle: String?
    /// Author names in order; the first is the primary author.
    public var authors: [String]
    public var isbns: [ISBN]
    public var pageCount: Int?
    public var format: EditionFormat?
    public var publisher: String?
    public var publicationDate: PartialDate?
    public var language: String?
    public var status: ReadingStatus
    /// Whether the reader owns a copy (not allowed with `wishlist`).
    public var isOwned: Bool
    public var tags: [String]

    /// Creates the input for a manual add.
    public init(
        title: String,
        subtitle: String? = nil,
        authors: [String] = [],
        isbns: [ISBN] = [],
        pageCount: Int? = nil,
        format: EditionFormat? = nil,
        publisher: String? = nil,
        publicationDate: PartialDate? = nil,
        language: String? = nil,
        status: ReadingStatus = .toRead,
        isOwned: Bool = false,
        tags: [String] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        self.isbns = isbns
        self.pageCount = pageCount
        self.format = format
        self.publisher = publisher
        self.publicationDate = publicationDate
        self.language = language
        self.status = status
        self.isOwned = isOwned
        self.tags = tags
    }

    /// True when any edition detail was given, so an edition record is worth keeping.
    public var hasEditionDetails: Bool {
        !isbns.isEmpty || pageCount != nil || format != nil || publisher != nil || publicationDate != nil || language != nil
    }
}
