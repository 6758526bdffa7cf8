import BooksTrackCore
import Foundation

/// Hand-made insights with numbers the tests know by heart: a reader in mid-2026 with twelve books
/// finished, a goal of 24 books and 8,000 pages, and authors of known gender and region.
enum InsightsFixture {
    /// 2026-07-02 12:00 UTC, day 183 of the year.
    static let now = date(2026, 7, 2, hour: 12)

    static let booksPerMonth = [2, 1, 3, 0, 4, 2, 0, 0, 0, 0, 0, 0]
    static let pagesPerMonth = [600, 250, 900, 0, 1_200, 520, 0, 0, 0, 0, 0, 0]

    /// The year 2026 with every section filled in.
    static func year() throws -> Insights {
        var reading = ReadingFigures()
        reading.booksFinished = 12
        reading.pagesFinished = 3_470
        reading.finishedWithPageCount = 12
        reading.periods = (1...12).map { month in
            PeriodFigure(label: String(format: "2026-%02d", month), books: booksPerMonth[month - 1], pages: pagesPerMonth[month - 1])
        }
        reading.averageLength = 289.2
        reading.medianLength = 280
        reading.shortest = BookFigure(title: "The Little Prince", author: "Antoine de Saint-Exupéry", pages: 96)
        reading.longest = BookFigure(title: "Middlemarch", author: "George Eliot", pages: 880)
        reading.averageRating = 4.0
        reading.ratingDistribution = [0, 1, 2, 5, 3]
        reading.abandoned = 2
        reading.dnfRate = 2.0 / 14.0
        reading.rereads = 1
        reading.formats = [
            NamedCount(name: "paperback", count: 6), NamedCount(name: "ebook", count: 4), NamedCount(name: "unknown", count: 2),
        ]
        reading.topAuthors = [NamedCount(name: "Ursula K. Le Guin", count: 3), NamedCount(name: "N. K. Jemisin", count: 2)]
        reading.topGenres = [NamedCount(name: "Science fiction", count: 5), NamedCount(name: "Fantasy", count: 4)]
        reading.averageDaysToFinish = 9.5
        reading.recentPagesPerDay = 31.4
        reading.sessionCount = 20
        reading.sessionMinutes = 840
        reading.sessionPages = 1_500

        let goal = try ReadingGoal(year: 2026, books: 24, pages: 8_000)
        return Insights(
            year: 2026, library: library(), reading: reading,
            years: [
                yearInBooks(2024, books: 9, pages: 2_700),
                yearInBooks(2025, books: 15, pages: 4_410),
                yearInBooks(2026, books: 12, pages: 3_470),
            ],
            goal: GoalProgress(goal: goal, booksDone: 12, pagesDone: 3_470, now: now),
            culturalGoal: CulturalGoalProgress(
                marked: 5, finished: 3,
                categories: [NamedCount(name: "Translated fiction", count: 3), NamedCount(name: "unknown", count: 2)]),
            streaks: ReadingStreaks(current: 4, longest: 21, lastReadingDay: "2026-07-01"),
            diversity: Diversity(read: DiversityBreakdown(groups: readGroups), library: DiversityBreakdown(groups: libraryGroups)))
    }

    /// All time: one period per year, the current year's goal.
    static func allTime() throws -> Insights {
        var insights = try year()
        insights.year = nil
        insights.reading.booksFinished = 36
        insights.reading.pagesFinished = 10_580
        insights.reading.finishedWithPageCount = 36
        insights.reading.periods = [
            PeriodFigure(label: "2024", books: 9, pages: 2_700),
            PeriodFigure(label: "2025", books: 15, pages: 4_410),
            PeriodFigure(label: "2026", books: 12, pages: 3_470),
        ]
        return insights
    }

    /// A reader who has just installed BooksTrack: nothing in the library, nothing read.
    static func empty(year: Int? = 2026) -> Insights {
        var reading = ReadingFigures()
        reading.periods =
            year.map { year in (1...12).map { PeriodFigure(label: String(format: "%04d-%02d", year, $0), books: 0, pages: 0) } } ?? []
        return Insights(
            year: year,
            library: LibraryFigures(
                total: 0, countsByStatus: Dictionary(uniqueKeysWithValues: ReadingStatus.allCases.map { ($0, 0) }), owned: 0, favorites: 0,
                reviewQueue: 0),
            reading: reading, years: [], goal: nil, culturalGoal: CulturalGoalProgress(marked: 0, finished: 0, categories: []),
            streaks: ReadingStreaks(current: 0, longest: 0, lastReadingDay: nil),
            diversity: Diversity(read: DiversityBreakdown(groups: []), library: DiversityBreakdown(groups: [])))
    }

    /// Twelve books read: 5 by women, 4 by men, 1 by a non-binary author, 2 by authors of unknown gender and region.
    static let readGroups = [
        group(.female, .europe, "GB", language: "en", edition: "en", count: 5),
        group(.male, .northAmerica, "US", language: "en", edition: "en", count: 4),
        group(.nonBinary, .asia, "IN", language: "hi", edition: "en", count: 1),
        group(nil, nil, nil, language: "ja", edition: "en", translator: true, count: 2),
    ]

    /// Forty books in the library, 18 of them by authors of unknown gender (45%).
    static let libraryGroups =
        readGroups + [
            group(.female, .africa, "NG", language: "en", edition: "en", count: 8),
            group(.male, .indigenous, "CA", language: "en", edition: "en", count: 2),
            group(.female, .southAmerica, "CO", language: "es", edition: "en", translator: true, count: 2),
            group(nil, nil, nil, language: nil, edition: nil, count: 16),
        ]

    static func group(
        _ gender: AuthorGender?, _ region: CulturalRegion?, _ nationality: String?, language: String?, edition: String?,
        translator: Bool = false, count: Int
    ) -> DiversityGroup {
        DiversityGroup(
            gender: gender, region: region, nationality: nationality, marginalizedVoiceOverride: nil, originalLanguage: language,
            editionLanguage: edition, hasTranslator: translator, count: count)
    }

    static func library() -> LibraryFigures {
        LibraryFigures(
            total: 40, countsByStatus: [.wishlist: 4, .toRead: 12, .reading: 2, .read: 20, .onHold: 1, .dnf: 1], owned: 30, favorites: 5,
            reviewQueue: 0)
    }

    static func yearInBooks(_ year: Int, books: Int, pages: Int) -> YearInBooks {
        YearInBooks(
            year: year, books: books, pages: pages, booksWithPages: books, abandoned: 1, rereads: 0, averageRating: 3.8,
            longest: BookFigure(title: "Middlemarch", author: "George Eliot", pages: 880),
            topAuthor: NamedCount(name: "Ursula K. Le Guin", count: 2), topGenre: NamedCount(name: "Science fiction", count: 4))
    }

    static func date(_ year: Int, _ month: Int, _ day: Int, hour: Int = 0) -> Date {
        PartialDate.gregorianUTC.date(from: DateComponents(year: year, month: month, day: day, hour: hour))
            ?? Date(timeIntervalSince1970: 0)
    }
}
