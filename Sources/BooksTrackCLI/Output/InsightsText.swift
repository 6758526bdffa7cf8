import BooksTrackCore
import BooksTrackReports

/// The insights as terminal text: figures, then bar charts drawn with block characters.
enum InsightsText {
    /// The width of the longest bar.
    static let barWidth = 30

    static func lines(_ insights: Insights) -> [String] {
        var lines: [String] = []
        let reading = insights.reading
        lines.append(insights.year.map { "Your reading in \($0)" } ?? "Your reading, all time")
        lines.append("")
        lines.append("Finished     \(books(reading.booksFinished)), \(NumberText.grouped(reading.pagesFinished)) pages"
            + FigureText.pageCoverage(reading.finishedWithPageCount, of: FigureText.booksForPages(reading))
            + (reading.rereads > 0 ? " (\(NumberText.grouped(reading.rereads)) re-read\(reading.rereads == 1 ? "" : "s"))" : ""))
        if let listened = FigureText.listened(reading) { lines.append("Listened     \(listened)") }
        if let average = reading.averageLength, let median = reading.medianLength {
            lines.append("Length       average \(FigureText.decimal(average)) pages, median \(FigureText.decimal(median))")
        }
        if let shortest = reading.shortest, let longest = reading.longest {
            lines.append("Shortest     \(book(shortest))")
            lines.append("Longest      \(book(longest))")
        }
        if let rating = reading.averageRating { lines.append("Rating       \(FigureText.decimal(rating)) on average") }
        if let rate = reading.dnfRate {
            lines.append("Abandoned    \(NumberText.grouped(reading.abandoned)) (\(FigureText.percent(rate)) of books ended)")
        }
        if let days = reading.averageDaysToFinish { lines.append("Days a book  \(FigureText.decimal(days)) on average") }
        if let pace = reading.recentPagesPerDay { lines.append("Pace         \(FigureText.decimal(pace)) pages a day over the last 30 days") }
        if reading.sessionCount > 0 {
            lines.append("Sessions     \(NumberText.grouped(reading.sessionCount)), \(hours(reading.sessionMinutes)), \(NumberText.grouped(reading.sessionPages)) pages")
        }
        let streaks = insights.streaks
        lines.append("Streak       \(days(streaks.current)) now, \(days(streaks.longest)) at most"
            + (streaks.lastReadingDay.map { " (last read \($0))" } ?? ""))
        let library = insights.library
        lines.append("Library      \(books(library.total)): "
            + ReadingStatus.allCases.map { "\(NumberText.grouped(library.countsByStatus[$0] ?? 0)) \($0.displayName.lowercased())" }.joined(separator: ", "))
        lines.append("             \(NumberText.grouped(library.owned)) owned, \(NumberText.grouped(library.favorites)) favorites, "
            + "\(NumberText.grouped(library.reviewQueue)) waiting for review")

        lines += goal(insights.goal, year: insights.year)
        let cultural = insights.culturalGoal
        if cultural.marked > 0 {
            lines += ["", "Cultural goal: \(NumberText.grouped(cultural.finished)) of \(books(cultural.marked)) marked finished"]
            lines += bars(cultural.categories.map { ($0.name, $0.count, NumberText.grouped($0.count)) })
        }

        lines += section(insights.year == nil ? "Books per year" : "Books per month",
                         reading.periods.map { (period($0.label), $0.books, "\($0.books) · \(NumberText.grouped($0.pages)) p") })
        lines += section("Ratings", reading.ratingDistribution.enumerated().map { ("\($0.offset + 1)★", $0.element, NumberText.grouped($0.element)) })
        lines += section("Formats", reading.formats.map { ($0.name, $0.count, NumberText.grouped($0.count)) })
        lines += section("Top authors", reading.topAuthors.map { ($0.name, $0.count, NumberText.grouped($0.count)) })
        lines += section("Top genres", reading.topGenres.map { ($0.name, $0.count, NumberText.grouped($0.count)) })

        let read = insights.diversity.read
        lines += ["", "Whose voices: \(books(read.books)) read\(insights.year.map { " in \($0)" } ?? "")"]
        lines += shares("Author gender", read.gender)
        lines += shares("Cultural region", read.region)
        lines += shares("Nationality", Share.largest(read.nationality))
        lines += shares("Original language", Share.largest(read.originalLanguage))
        lines += shares("Translated", read.translated)
        lines += shares("Marginalized voices", read.marginalized)
        lines += shares("Indigenous voices", read.indigenous)
        let whole = insights.diversity.library
        lines += ["", "Whose voices: the whole library (\(books(whole.books)))"]
        lines += shares("Author gender", whole.gender)
        lines += shares("Cultural region", whole.region)

        if !insights.years.isEmpty {
            lines += ["", "Year in books"]
            for year in insights.years {
                var text = "  \(year.year)  \(books(year.books)), \(NumberText.grouped(year.pages)) pages"
                    + FigureText.pageCoverage(year.booksWithPages, of: year.books)
                if let rating = year.averageRating { text += ", rated \(FigureText.decimal(rating))" }
                if year.abandoned > 0 { text += ", \(year.abandoned) abandoned" }
                if let author = year.topAuthor { text += "; most read: \(author.name)" }
                if let longest = year.longest { text += "; longest: \(longest.title)" }
                lines.append(text)
            }
        }
        return lines
    }

    /// The goal's lines, after an empty one.
    static func goal(_ goal: GoalProgress?, year: Int?) -> [String] {
        guard let goal else {
            return ["", "No goal for \(year.map(String.init) ?? "this year") (set one with `bookstrack goal set --books N`)"]
        }
        var lines = ["", "Goal \(goal.goal.year)" + (goal.isOnTrack ? " (on track)" : " (behind)")]
        if let books = goal.goal.books {
            lines.append("  books  " + bar(goal.booksDone, of: books) + "  \(goal.booksDone) of \(books)"
                + (goal.expectedBooks.map { ", \(FigureText.decimal($0)) expected by today" } ?? "")
                + (goal.booksPerWeekNeeded.map { "; \(FigureText.decimal($0)) a week to finish" } ?? ""))
        }
        if let pages = goal.goal.pages {
            lines.append("  pages  " + bar(goal.pagesDone, of: pages) + "  \(NumberText.grouped(goal.pagesDone)) of \(NumberText.grouped(pages))"
                + (goal.expectedPages.map { ", \(NumberText.grouped(Int($0))) expected by today" } ?? "")
                + (goal.pagesPerDayNeeded.map { "; \(FigureText.decimal($0)) a day to finish" } ?? ""))
        }
        if let cultural = goal.goal.cultural {
            lines.append("  cultural  " + bar(goal.culturalDone, of: cultural) + "  \(goal.culturalDone) of \(cultural) books you marked toward it"
                + (goal.expectedCultural.map { ", \(FigureText.decimal($0)) expected by today" } ?? ""))
        }
        return lines
    }

    private static func section(_ title: String, _ rows: [(String, Int, String)]) -> [String] {
        guard !rows.isEmpty else { return [] }
        return ["", title] + bars(rows)
    }

    private static func shares(_ title: String, _ shares: [Share]) -> [String] {
        ["  \(title)"] + bars(shares.map { ($0.label, $0.count, "\(FigureText.percent($0.fraction)) (\(NumberText.grouped($0.count)))") }, indent: 4, scaleTo: shares.map(\.count).reduce(0, +))
    }

    /// One bar per row, the longest `barWidth` wide (or scaled to `scaleTo`, for shares of a whole).
    static func bars(_ rows: [(label: String, value: Int, text: String)], indent: Int = 2, scaleTo total: Int? = nil) -> [String] {
        let labelWidth = min(24, rows.map(\.label.count).max() ?? 0)
        let maximum = total ?? rows.map(\.value).max() ?? 0
        return rows.map { row in
            String(repeating: " ", count: indent) + TextFormat.cell(row.label, labelWidth) + " "
                + bar(row.value, of: maximum) + " " + row.text
        }
    }

    /// A bar of `barWidth` cells, `value / maximum` of it filled; any value above zero shows at least a sliver.
    static func bar(_ value: Int, of maximum: Int) -> String {
        guard maximum > 0 else { return String(repeating: "·", count: barWidth) }
        let eighths = Int((Double(min(value, maximum)) / Double(maximum) * Double(barWidth * 8)).rounded())
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var text = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
        if text.isEmpty, value > 0 { text = "▏" }
        let drawn = eighths / 8 + (text.count > eighths / 8 ? 1 : 0)
        return text + String(repeating: "·", count: max(0, barWidth - drawn))
    }

    private static func book(_ book: BookFigure) -> String {
        "\(book.title)\(book.author.map { " — \($0)" } ?? ""), \(NumberText.grouped(book.pages)) pages"
    }

    private static func period(_ label: String) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard label.count == 7, let month = Int(label.suffix(2)), (1...12).contains(month) else { return label }
        return months[month - 1]
    }

    private static func books(_ count: Int) -> String { HumanFormat.count(count, "book", "books") }

    private static func days(_ count: Int) -> String { HumanFormat.count(count, "day", "days") }

    private static func hours(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "\(NumberText.grouped(minutes / 60)) h \(minutes % 60) min"
    }
}
