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
        public var audioDurationMinutes: Int?
        /// The edition's cover: an https address, or the library's own path of an uploaded one.
        public var coverImageURL: String?

        /// An edition of the book `entryID` names, as the API shows it.
        public init(_ edition: Edition, entryID: LibraryEntry.ID) {
            id = edition.id.description
            isbn13 = edition.isbns.map(\.isbn13)
            isbn10 = edition.isbns.compactMap(\.isbn10)
            format = edition.format.rawValue
            pageCount = edition.pageCount
            publisher = edition.publisher
            publicationDate = edition.publicationDate?.description
            language = edition.language
            editionTitle = edition.editionTitle
            translator = edition.translator
            narrator = edition.narrator
            audioDurationMinutes = edition.audioDurationMinutes
            coverImageURL = edition.hasUploadedCover ? BookResource.uploadedCoverPath(entryID) : edition.coverImageURL?.absoluteString
        }
    }

    /// Where the API serves the cover a reader uploaded for a book.
    public static func uploadedCoverPath(_ entryID: LibraryEntry.ID) -> String { "/v1/books/\(entryID)/cover" }

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
    public var firstPublicationYear: Int?
    public var originalCountry: String?
    public var originalLanguage: String?
    public var genres: [String]
    public var description: String?
    public var culturalThemes: [String]
    public var contentWarnings: [String]
    public var awards: [String]
    public var readingDifficulty: String?
    /// The cover to show: the edition's, else the work's (an https address, or the library's own
    /// path of a cover the reader uploaded); absent when there is none.
    public var coverURL: String?
    /// The fields the reader set by hand (`BookField` names): enrichment and imports leave them.
    public var readerSetFields: [String]
    public var owned: Bool
    public var edition: EditionJSON?
    public var currentPage: Int
    public var progress: Double
    /// The minutes listened (progress × the length, to the minute), when the shown edition is an
    /// audiobook of known length.
    public var minutesListened: Int?
    public var rating: Double?
    public var review: String?
    public var reviewHasSpoilers: Bool
    public var notes: String?
    public var discussionNotes: String?
    public var tags: [String]
    public var isFavorite: Bool
    public var isPublic: Bool
    public var recommendedBy: String?
    public var wouldRecommend: Bool?
    public var contributesToCulturalGoal: Bool
    public var culturalGoalCategory: String?
    public var dailyReadingGoal: Int?
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
        firstPublicationYear = book.work.firstPublicationYear
        originalCountry = book.work.originalCountry
        originalLanguage = book.work.originalLanguage
        genres = book.work.genres
        description = book.work.description
        culturalThemes = book.work.culturalThemes
        contentWarnings = book.work.contentWarnings
        awards = book.work.awards
        readingDifficulty = book.work.readingDifficulty?.rawValue
        let uploadedCover = Self.uploadedCoverPath(entry.id)
        coverURL = book.edition.flatMap { $0.hasUploadedCover ? uploadedCover : $0.coverImageURL?.absoluteString }
            ?? book.work.coverImageURL?.absoluteString
        readerSetFields = Self.readerSetFields(of: book)
        owned = entry.isOwned
        edition = book.edition.map { EditionJSON($0, entryID: entry.id) }
        // The page reached, as the terminal and the web app show it: a share recorded before the
        // book had a page count, or a book read before one came, is at the page that share reaches.
        currentPage = entry.pageReached(pageCount: book.pageCount)
        progress = entry.progress
        minutesListened = book.edition.flatMap { edition in
            guard edition.format == .audiobook, let duration = edition.audioDurationMinutes else { return nil }
            return ProgressPosition.listenedMinutes(progress: entry.progress, durationMinutes: duration)
        }
        rating = entry.rating
        review = entry.review
        reviewHasSpoilers = entry.reviewHasSpoilers
        notes = entry.notes
        discussionNotes = entry.discussionNotes
        tags = entry.tags
        isFavorite = entry.isFavorite
        isPublic = entry.isPublic
        recommendedBy = entry.recommendedBy
        wouldRecommend = entry.wouldRecommend
        contributesToCulturalGoal = entry.contributesToCulturalGoal
        culturalGoalCategory = entry.culturalGoalCategory
        dailyReadingGoal = entry.dailyReadingGoal
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

    /// The `BookField` names of the fields the reader set on the work and the edition, sorted.
    public static func readerSetFields(of book: LibraryBook) -> [String] {
        var names = Set(book.work.readerSetFields.map { $0 == .contributors ? BookField.authors.rawValue : $0.rawValue })
        for field in book.edition?.readerSetFields ?? [] { names.insert(field.rawValue) }
        return names.sorted()
    }
}
