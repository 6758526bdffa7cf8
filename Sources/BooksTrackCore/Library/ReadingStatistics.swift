/// Library-wide figures, computed by the store with SQL aggregates.
public struct ReadingStatistics: Hashable, Sendable, Codable {
    /// Every entry in the library.
    public var totalEntries: Int
    /// Entries per status; every status is present, zero included.
    public var countsByStatus: [ReadingStatus: Int]
    /// Entries with an owned edition.
    public var ownedCount: Int
    public var favoriteCount: Int
    /// Works waiting for a person to confirm them (pending review).
    public var reviewQueueCount: Int
    /// Entries finished (status read) plus earlier reads kept in histories.
    public var totalReads: Int
    /// Pages of finished books (page counts where known).
    public var pagesRead: Int
    /// Finished books with a known page count, for averages.
    public var finishedWithPageCount: Int
    /// Mean rating of rated entries.
    public var averageRating: Double?
    public var ratedCount: Int
    /// Minutes over all reading sessions.
    public var totalReadingMinutes: Int
    public var sessionCount: Int
    /// Books finished in the calendar year of `now` (UTC).
    public var finishedThisYear: Int

    /// Creates a statistics value.
    public init(
        totalEntries: Int, countsByStatus: [ReadingStatus: Int], ownedCount: Int, favoriteCount: Int,
        reviewQueueCount: Int, totalReads: Int, pagesRead: Int, finishedWithPageCount: Int,
        averageRating: Double?, ratedCount: Int, totalReadingMinutes: Int, sessionCount: Int, finishedThisYear: Int
    ) {
        self.totalEntries = totalEntries
        self.countsByStatus = countsByStatus
        self.ownedCount = ownedCount
        self.favoriteCount = favoriteCount
        self.reviewQueueCount = reviewQueueCount
        self.totalReads = totalReads
        self.pagesRead = pagesRead
        self.finishedWithPageCount = finishedWithPageCount
        self.averageRating = averageRating
        self.ratedCount = ratedCount
        self.totalReadingMinutes = totalReadingMinutes
        self.sessionCount = sessionCount
        self.finishedThisYear = finishedThisYear
    }

    /// Average length of finished books with a known page count.
    public var averagePageCount: Double? {
        finishedWithPageCount == 0 ? nil : Double(pagesRead) / Double(finishedWithPageCount)
    }
}
