import Foundation

/// One published version of a work: a printing, an e-book or an audiobook.
public struct Edition: Hashable, Sendable, Codable, Identifiable {
    /// The edition's identifier.
    public typealias ID = Identifier<Edition>

    public var id: ID
    /// The work this edition belongs to; deleting the work deletes the edition.
    public var workID: Work.ID
    /// Valid ISBNs only, kept as ISBN-13, without duplicates.
    public var isbns: [ISBN]
    @SingleLineText public var publisher: String?
    public var publicationDate: PartialDate?
    /// Greater than zero when known.
    public var pageCount: Int?
    public var format: EditionFormat
    /// BCP 47 language tag.
    public var language: String?
    /// "25th anniversary edition".
    @SingleLineText public var editionTitle: String?
    public var coverImageURL: URL?
    @SingleLineText public var translator: String?
    @SingleLineText public var narrator: String?
    /// Length of an audiobook.
    public var audioDurationMinutes: Int?
    /// Identifiers of this edition at outside services.
    public var externalIDs: EditionExternalIDs
    public var dateCreated: Date
    /// Changed by every mutation.
    public var lastModified: Date
    /// The fields the reader set by hand: enrichment and imports never change them.
    public var readerSetFields: Set<EditionField>

    /// Creates an edition; duplicate ISBNs are dropped.
    public init(
        id: ID = ID(),
        workID: Work.ID,
        isbns: [ISBN] = [],
        publisher: String? = nil,
        publicationDate: PartialDate? = nil,
        pageCount: Int? = nil,
        format: EditionFormat = .other,
        language: String? = nil,
        editionTitle: String? = nil,
        coverImageURL: URL? = nil,
        translator: String? = nil,
        narrator: String? = nil,
        audioDurationMinutes: Int? = nil,
        externalIDs: EditionExternalIDs = EditionExternalIDs(),
        dateCreated: Date,
        lastModified: Date? = nil,
        readerSetFields: Set<EditionField> = []
    ) {
        self.id = id
        self.workID = workID
        var seen = Set<ISBN>()
        self.isbns = isbns.filter { seen.insert($0).inserted }
        self.publisher = publisher
        self.publicationDate = publicationDate
        self.pageCount = pageCount
        self.format = format
        self.language = language
        self.editionTitle = editionTitle
        self.coverImageURL = coverImageURL
        self.translator = translator
        self.narrator = narrator
        self.audioDurationMinutes = audioDurationMinutes
        self.externalIDs = externalIDs
        self.dateCreated = dateCreated
        self.lastModified = lastModified ?? dateCreated
        self.readerSetFields = readerSetFields
    }

    /// The ISBN to show and to look up by. All ISBNs are kept as ISBN-13, so this is the first one.
    public var primaryISBN: ISBN? { isbns.first }
}

/// An edition's identifiers at outside services.
public struct EditionExternalIDs: Hashable, Sendable, Codable {
    public var openLibraryEditionID: String?
    public var isbndbID: String?
    public var googleBooksVolumeIDs: [String]
    public var amazonASINs: [String]
    public var librarythingIDs: [String]
    /// Goodreads *book* ids: Goodreads numbers editions ("Book Id" in its export), not works.
    public var goodreadsBookIDs: [String]

    /// Creates a set of identifiers; arrays are cleaned of empty and duplicate values.
    public init(
        openLibraryEditionID: String? = nil,
        isbndbID: String? = nil,
        googleBooksVolumeIDs: [String] = [],
        amazonASINs: [String] = [],
        librarythingIDs: [String] = [],
        goodreadsBookIDs: [String] = []
    ) {
        self.openLibraryEditionID = ExternalID.clean(openLibraryEditionID)
        self.isbndbID = ExternalID.clean(isbndbID)
        self.googleBooksVolumeIDs = ExternalID.cleaned(googleBooksVolumeIDs)
        self.amazonASINs = ExternalID.cleaned(amazonASINs)
        self.librarythingIDs = ExternalID.cleaned(librarythingIDs)
        self.goodreadsBookIDs = ExternalID.cleaned(goodreadsBookIDs)
    }

    private enum CodingKeys: String, CodingKey {
        case openLibraryEditionID, isbndbID, googleBooksVolumeIDs, amazonASINs, librarythingIDs, goodreadsBookIDs
    }

    /// Decodes the identifiers; lists a file leaves out (`goodreadsBookIDs` before it was kept) are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            openLibraryEditionID: try container.decodeIfPresent(String.self, forKey: .openLibraryEditionID),
            isbndbID: try container.decodeIfPresent(String.self, forKey: .isbndbID),
            googleBooksVolumeIDs: try container.decodeIfPresent([String].self, forKey: .googleBooksVolumeIDs) ?? [],
            amazonASINs: try container.decodeIfPresent([String].self, forKey: .amazonASINs) ?? [],
            librarythingIDs: try container.decodeIfPresent([String].self, forKey: .librarythingIDs) ?? [],
            goodreadsBookIDs: try container.decodeIfPresent([String].self, forKey: .goodreadsBookIDs) ?? []
        )
    }
}

extension Edition {
    /// The `coverImageURL` of an edition whose cover a reader uploaded: the image is kept in the
    /// library (`CoverStore`), and front ends show it from there rather than through the cover proxy.
    public static let uploadedCoverURL = URL(string: "bookstrack:uploaded-cover")!

    /// True when the reader uploaded this edition's cover.
    public var hasUploadedCover: Bool { coverImageURL == Self.uploadedCoverURL }
}
