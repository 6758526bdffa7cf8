import Foundation

/// One user's relationship with one work: status, progress, opinions and history.
public struct LibraryEntry: Hashable, Sendable, Codable, Identifiable, NamedByIDPrefix {
    /// The entry's identifier.
    public typealias ID = Identifier<LibraryEntry>

    /// Longest review accepted.
    public static let reviewLimit = 20_000
    /// Longest private note accepted.
    public static let notesLimit = 5_000
    /// Longest tag accepted.
    public static let tagLimit = 64

    public var id: ID
    public var userID: User.ID
    /// The work; deleting it deletes the entry.
    public var workID: Work.ID
    /// The owned edition; nil means not owned. Set to nil when the edition is deleted.
    public var editionID: Edition.ID?
    public var status: ReadingStatus
    /// Last page read, ≥ 0 and ≤ the edition's page count when known.
    public var currentPage: Int
    /// 0–1.
    public var progress: Double
    /// 0.25–5 in quarter steps; nil means unrated.
    public var rating: Double?
    /// At most 20,000 characters.
    @MultiLineText public var review: String?
    public var reviewHasSpoilers: Bool
    /// Private, at most 5,000 characters.
    @MultiLineText public var notes: String?
    /// Private, at most 5,000 characters.
    @MultiLineText public var discussionNotes: String?
    /// At most 64 characters each, de-duplicated case-insensitively.
    @SingleLineText public var tags: [String]
    public var quotes: [Quote]
    public var isFavorite: Bool
    public var isPublic: Bool
    /// When the entry was created; never changed by status moves.
    public var dateAdded: Date
    public var dateStarted: Date?
    public var dateCompleted: Date?
    public var dateStopped: Date?
    /// Earlier reads, kept on re-read.
    public var readHistory: [ReadPeriod]
    /// Pages per day, > 0.
    public var dailyReadingGoal: Int?
    public var contributesToCulturalGoal: Bool
    @SingleLineText public var culturalGoalCategory: String?
    @SingleLineText public var recommendedBy: String?
    public var wouldRecommend: Bool?
    public var sessions: [ReadingSession]
    /// Photo metadata; the image bytes are kept by the store.
    public var pagePhotos: [PagePhoto]
    /// Changed by every mutation.
    public var lastModified: Date

    /// Creates an entry with the model's defaults.
    public init(
        id: ID = ID(),
        userID: User.ID,
        workID: Work.ID,
        editionID: Edition.ID? = nil,
        status: ReadingStatus = .toRead,
        currentPage: Int = 0,
        progress: Double = 0,
        rating: Double? = nil,
        review: String? = nil,
        reviewHasSpoilers: Bool = false,
        notes: String? = nil,
        discussionNotes: String? = nil,
        tags: [String] = [],
        quotes: [Quote] = [],
        isFavorite: Bool = false,
        isPublic: Bool = false,
        dateAdded: Date,
        dateStarted: Date? = nil,
        dateCompleted: Date? = nil,
        dateStopped: Date? = nil,
        readHistory: [ReadPeriod] = [],
        dailyReadingGoal: Int? = nil,
        contributesToCulturalGoal: Bool = false,
        culturalGoalCategory: String? = nil,
        recommendedBy: String? = nil,
        wouldRecommend: Bool? = nil,
        sessions: [ReadingSession] = [],
        pagePhotos: [PagePhoto] = [],
        lastModified: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.workID = workID
        self.editionID = editionID
        self.status = status
        self.currentPage = currentPage
        self.progress = progress
        self.rating = rating
        self.review = review
        self.reviewHasSpoilers = reviewHasSpoilers
        self.notes = notes
        self.discussionNotes = discussionNotes
        self.tags = StringList.deduplicated(tags)
        self.quotes = quotes
        self.isFavorite = isFavorite
        self.isPublic = isPublic
        self.dateAdded = dateAdded
        self.dateStarted = dateStarted
        self.dateCompleted = dateCompleted
        self.dateStopped = dateStopped
        self.readHistory = readHistory
        self.dailyReadingGoal = dailyReadingGoal
        self.contributesToCulturalGoal = contributesToCulturalGoal
        self.culturalGoalCategory = culturalGoalCategory
        self.recommendedBy = recommendedBy
        self.wouldRecommend = wouldRecommend
        self.sessions = sessions
        self.pagePhotos = pagePhotos
        self.lastModified = lastModified ?? dateAdded
    }

    /// True when the reader owns a copy (an edition is attached).
    public var isOwned: Bool { editionID != nil }

    /// Minutes read over all recorded sessions.
    public var totalReadingMinutes: Int { sessions.map(\.durationMinutes).saturatingSum() }
}
