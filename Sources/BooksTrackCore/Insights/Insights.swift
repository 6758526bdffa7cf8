import Foundation

/// Everything `bookstrack insights` shows for one year or for all time: the library's counts, the
/// reading figures, one summary per year, the goals, the streaks and the diversity of the authors
/// read. The store computes it with SQL aggregates (`LibraryStore.insights(year:now:)`).
///
/// Dates are counted in UTC. A book finished twice counts twice (once per read: the entry's
/// current read and each finished read in its history); its pages count each time too.
public struct Insights: Codable, Hashable, Sendable {
    /// The year the reading figures cover; nil for all time.
    public var year: Int?
    public var library: LibraryFigures
    public var reading: ReadingFigures
    /// One summary per year with a finished or abandoned read, oldest first ("year in books").
    public var years: [YearInBooks]
    /// The goal of `year` (of the current year for all time), when one is set.
    public var goal: GoalProgress?
    public var culturalGoal: CulturalGoalProgress
    public var streaks: ReadingStreaks
    public var diversity: Diversity

    public init(
        year: Int?, library: LibraryFigures, reading: ReadingFigures, years: [YearInBooks], goal: GoalProgress?,
        culturalGoal: CulturalGoalProgress, streaks: ReadingStreaks, diversity: Diversity
    ) {
        self.year = year
        self.library = library
        self.reading = reading
        self.years = years
        self.goal = goal
        self.culturalGoal = culturalGoal
        self.streaks = streaks
        self.diversity = diversity
    }
}

/// The library as it is now, whatever the year.
public struct LibraryFigures: Codable, Hashable, Sendable {
    public var total: Int
    /// Entries per status, every status present.
    public var countsByStatus: [ReadingStatus: Int]
    public var owned: Int
    public var favorites: Int
    /// Works waiting for a person to confirm them (pending review).
    public var reviewQueue: Int

    public init(total: Int, countsByStatus: [ReadingStatus: Int], owned: Int, favorites: Int, reviewQueue: Int) {
        self.total = total
        self.countsByStatus = countsByStatus
        self.owned = owned
        self.favorites = favorites
        self.reviewQueue = reviewQueue
    }

    public var wishlist: Int { countsByStatus[.wishlist] ?? 0 }
}

/// Reading in one year or over all time. Page figures (pages, lengths, the shortest and longest
/// book) leave audiobooks out; their time is `minutesListened`.
public struct ReadingFigures: Codable, Hashable, Sendable {
    /// Finished reads (re-reads included).
    public var booksFinished: Int = 0
    /// Pages of finished reads whose book has a page count.
    public var pagesFinished: Int = 0
    /// How many of the finished reads `pagesFinished` covers: those whose book has a page count.
    public var finishedWithPageCount: Int = 0
    /// Per month of the year (twelve, January first), or per year for all time.
    public var periods: [PeriodFigure] = []
    public var averageLength: Double?
    public var medianLength: Double?
    public var shortest: BookFigure?
    public var longest: BookFigure?
    /// Mean rating of the rated books finished.
    public var averageRating: Double?
    /// Rated books finished per star: index 0 counts ratings up to 1, index 4 those above 4.
    public var ratingDistribution: [Int] = [0, 0, 0, 0, 0]
    /// Reads abandoned (did not finish).
    public var abandoned: Int = 0
    /// Abandoned reads among finished and abandoned ones; nil when there are none.
    public var dnfRate: Double?
    /// Finished reads of a book finished before.
    public var rereads: Int = 0
    /// Finished reads per format of the edition shown; "unknown" for books without one.
    public var formats: [NamedCount] = []
    public var topGenres: [NamedCount] = []
    /// Primary authors with the most finished reads.
    public var topAuthors: [NamedCount] = []
    /// Mean days from start to finish of the reads with both dates (a book finished the day it
    /// was started took one day).
    public var averageDaysToFinish: Double?
    /// Pages finished in the 30 days up to now, per day.
    public var recentPagesPerDay: Double?
    /// Audiobooks finished (re-listens included) whose length is known.
    public var audiobooksFinished: Int = 0
    /// Minutes of the audiobooks finished: the sum of their lengths (an audiobook being listened
    /// to counts once finished, as a book's pages do).
    public var minutesListened: Int = 0
    /// Reading sessions logged in the period.
    public var sessionCount: Int = 0
    public var sessionMinutes: Int = 0
    public var sessionPages: Int = 0

    public init() {}
}

/// Books and pages in a month or a year.
public struct PeriodFigure: Codable, Hashable, Sendable {
    /// "2026-03" for a month, "2026" for a year.
    public var label: String
    public var books: Int
    public var pages: Int

    public init(label: String, books: Int, pages: Int) {
        self.label = label
        self.books = books
        self.pages = pages
    }
}

/// A book named in the figures.
public struct BookFigure: Codable, Hashable, Sendable {
    public var title: String
    public var author: String?
    public var pages: Int

    public init(title: String, author: String?, pages: Int) {
        self.title = title
        self.author = author
        self.pages = pages
    }
}

/// A name with a count: a genre, an author, a format.
public struct NamedCount: Codable, Hashable, Sendable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// One year's reading in a few lines.
public struct YearInBooks: Codable, Hashable, Sendable {
    public var year: Int
    public var books: Int
    public var pages: Int
    /// How many of the year's books `pages` covers (those with a page count).
    public var booksWithPages: Int
    public var abandoned: Int
    public var rereads: Int
    public var averageRating: Double?
    public var longest: BookFigure?
    public var topAuthor: NamedCount?
    public var topGenre: NamedCount?

    public init(
        year: Int, books: Int, pages: Int, booksWithPages: Int, abandoned: Int, rereads: Int, averageRating: Double?,
        longest: BookFigure?, topAuthor: NamedCount?, topGenre: NamedCount?
    ) {
        self.year = year
        self.books = books
        self.pages = pages
        self.booksWithPages = booksWithPages
        self.abandoned = abandoned
        self.rereads = rereads
        self.averageRating = averageRating
        self.longest = longest
        self.topAuthor = topAuthor
        self.topGenre = topGenre
    }
}

/// Books marked as counting toward the reader's cultural goal.
public struct CulturalGoalProgress: Codable, Hashable, Sendable {
    /// Entries marked, whatever their status.
    public var marked: Int
    /// Marked entries finished.
    public var finished: Int
    /// Marked entries per category ("unknown" for those without one).
    public var categories: [NamedCount]

    public init(marked: Int, finished: Int, categories: [NamedCount]) {
        self.marked = marked
        self.finished = finished
        self.categories = categories
    }
}
