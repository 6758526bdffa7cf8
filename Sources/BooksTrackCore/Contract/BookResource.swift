import Foundation

/// A book as the API answers it and `--json` prints it: the entry with its work, authors and
/// shown edition, its reading figures as of `now`. Dates are ISO 8601.
public struct BookResource: Codable, Hashable, Sendable {
    public struct AuthorJSON: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
    }

    public struct EditionJSON: Codable, Hashable, Sendable {
        public var id: String
        public var isbn13: [String]
        public var isbn10: [String]
        public var format: String
        public var pageCount: Int?
        public var publisher: String?
        public var publicationDate: String?
        public var language: String?
        public var editionTitle: String?
        public var translator: String?
        public var narrator: String?
    }

    public struct ContributorJSON: Codable, Hashable, Sendable {
        public var name: String
        public var role: String
    }

    public var id: String
    public var status: String
    public var title: String
    public var subtitle: String?
    public var authors: [AuthorJSON]
    public var seriesName: String?
    public var seriesPosition: Double?
    public var seriesPositionEnd: Double?
    public var contributors: [ContributorJSON]
    public var owned: Bool
    public var edition: EditionJSON?
    public var currentPage: Int
    public var progress: Double
    public var rating: Double?
    public var review: String?
    public var reviewHasSpoilers: Bool
    public var notes: String?
    public var tags: [String]
    public var isFavorite: Bool
    public var dateAdded: Date
    public var dateStarted: Date?
    public var dateCompleted: Date?
    public var dateStopped: Date?
    public var readHistory: [ReadPeriod]
    public var quotes: [Quote]
    public var sessions: [ReadingSession]
    public var photos: [PagePhoto]
    public var readingPace: Double?
    public var estimatedFinishDate: Date?
    public var lastModified: Date

    /// The resource of a book as of `now`.
    public init(_ book: LibraryBook, now: Date) {
        let entry = book.entry
        id = entry.id.description
        status = entry.status.rawValue
        title = book.work.title
        subtitle = book.work.subtitle
        authors = book.authors.map { AuthorJSON(id: $0.id.description, name: $0.name) }
        seriesName = book.work.seriesName
        seriesPosition = book.work.seriesPosition
        seriesPositionEnd = book.work.seriesPositionEnd
        contributors = (book.work.contributors ?? []).map { ContributorJSON(name: $0.name, role: $0.role) }
        owned = entry.isOwned
        edition = book.edition.map { edition in
            EditionJSON(
                id: edition.id.description,
                isbn13: edition.isbns.map(\.isbn13),
                isbn10: edition.isbns.compactMap(\.isbn10),
                format: edition.format.rawValue,
                pageCount: edition.pageCount,
                publisher: edition.publisher,
                publicationDate: edition.publicationDate?.description,
                language: edition.language,
                editionTitle: edition.editionTitle,
                translator: edition.translator,
                narrator: edition.narrator
            )
        }
        // The page reached, as the terminal and the web app show it: a share recorded before the
        // book had a page count, or a book read before one came, is at the page that share reaches.
        currentPage = entry.pageReached(pageCount: book.pageCount)
        progress = entry.progress
        rating = entry.rating
        review = entry.review
        reviewHasSpoilers = entry.reviewHasSpoilers
        notes = entry.notes
        tags = entry.tags
        isFavorite = entry.isFavorite
        dateAdded = entry.dateAdded
        dateStarted = entry.dateStarted
        dateCompleted = entry.dateCompleted
        dateStopped = entry.dateStopped
        readHistory = entry.readHistory
        quotes = entry.quotes
        sessions = entry.sessions
        photos = entry.pagePhotos
        readingPace = entry.readingPace(now: now)
        estimatedFinishDate = entry.estimatedFinishDate(pageCount: book.pageCount, now: now)
        lastModified = entry.lastModified
    }
}
