import BooksTrackCore
import Foundation

/// One book read from a row of an export, in the library's terms but not yet matched against it.
///
/// Every field is optional where the source may leave it out: an importer fills what the row says
/// and leaves the rest nil, so merging into an existing book can tell "not given" from "empty".
public struct ImportedBook: Hashable, Sendable {
    /// The row the book came from, as a spreadsheet numbers it (the header is row 1).
    public var row: Int
    public var title: String
    public var subtitle: String?
    /// In order; the first is the primary author. Translators and narrators go to the edition.
    public var authors: [String]
    public var translator: String?
    public var narrator: String?
    /// People who are neither authors, translators nor narrators (illustrators, editors), with their roles.
    public var contributors: [Contributor] = []
    /// Valid ISBNs only.
    public var isbns: [ISBN]
    public var publisher: String?
    /// The edition's own name ("2nd", "25th anniversary edition").
    public var editionTitle: String?
    public var publicationDate: PartialDate?
    public var firstPublicationYear: Int?
    public var pageCount: Int?
    public var format: EditionFormat?
    /// BCP 47 tag of the edition's language.
    public var language: String?
    public var originalLanguage: String?
    public var seriesName: String?
    public var seriesPosition: Double?
    /// The last position of an omnibus (`#1-3`).
    public var seriesPositionEnd: Double?
    public var genres: [String]
    public var contentWarnings: [String]
    public var description: String?
    public var coverImageURL: URL?
    public var audioDurationMinutes: Int?

    /// Nil when the source gave no status; the importer then uses to-read and says so.
    public var status: ReadingStatus?
    /// 0.25–5 in quarter steps, already converted from the source's scale.
    public var rating: Double?
    public var review: String?
    public var reviewHasSpoilers: Bool?
    public var notes: String?
    public var tags: [String]
    public var isFavorite: Bool?
    public var recommendedBy: String?
    /// True when the reader owns a copy (becomes the owned edition).
    public var isOwned: Bool?
    public var dateAdded: Date?
    /// The latest read's dates; a read row without a finish date keeps `dateCompleted` nil.
    public var dateStarted: Date?
    public var dateCompleted: Date?
    public var dateStopped: Date?
    /// Earlier reads (not the latest one, which the dates above describe).
    public var readHistory: [ReadPeriod]

    public var workExternalIDs: WorkExternalIDs
    public var editionExternalIDs: EditionExternalIDs

    /// Creates a book with only a title and its row; every other field is empty.
    public init(row: Int, title: String) {
        self.row = row
        self.title = title
        self.authors = []
        self.isbns = []
        self.genres = []
        self.contentWarnings = []
        self.tags = []
        self.readHistory = []
        self.workExternalIDs = WorkExternalIDs()
        self.editionExternalIDs = EditionExternalIDs()
    }

    /// The key a book shares with other records of the same title by the same primary author.
    public var dedupeKey: String {
        TextNormalization.dedupeKey(title: title, primaryAuthor: authors.first)
    }
}
