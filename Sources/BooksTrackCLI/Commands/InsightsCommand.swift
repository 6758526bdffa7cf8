import ArgumentParser
import BooksTrackCore
import BooksTrackReports
import Foundation

/// `bookstrack insights`: reading statistics, goals and the diversity of the authors read.
struct InsightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Show reading statistics, goals and whose voices you read.",
        discussion: """
            Counts finished reads (a re-read counts again) by their finish date in UTC; --year limits \
            the reading figures to one year, and without it they cover all time. Author gender, region \
            and nationality come from `bookstrack author set` or `bookstrack authors suggest --apply`; \
            books whose author is not described count as unknown, never left out. --html writes a \
            self-contained page with charts that opens in any browser without a network.
            """
    )

    @OptionGroup var options: LibraryOptions

    @Option(name: .long, help: "The year to show (default: all time).")
    var year: Int?

    @Option(name: .long, help: "Also write an HTML report with charts to this file.")
    var html: String?

    func validate() throws {
        if let year, !Bounds.calendarYear.contains(year) { throw ArgumentParser.ValidationError("--year must be \(Bounds.text(Bounds.calendarYear))") }
    }

    func run() async throws {
        let now = CommandContext.current.now()
        let insights = try await options.user().goals.insights(year: year)
        if let html {
            let page = InsightsHTMLReport.render(insights, title: year.map { "Reading in \($0)" } ?? "Reading, all time", generatedAt: now)
            do {
                try Data(page.utf8).write(to: URL(fileURLWithPath: html), options: .atomic)
            } catch {
                throw CommandFailure.notFound("cannot write \(html): \(error.localizedDescription)")
            }
        }
        if options.json {
            try JSONOutput.print(insights)
        } else {
            InsightsText.lines(insights).forEach { say($0) }
            if let html { say("\nWrote \(html)") }
        }
    }
}

/// `bookstrack goal`: the yearly reading goal.
struct GoalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal",
        abstract: "Set, show or remove a yearly reading goal.",
        subcommands: [GoalSetCommand.self, GoalShowCommand.self, GoalRemoveCommand.self],
        defaultSubcommand: GoalShowCommand.self
    )

}

struct GoalSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set a year's goal in books, pages, books toward the cultural goal, or several.",
        discussion: "--cultural counts the books you mark toward your cultural reading goal (bookstrack edit BOOK --cultural-goal yes) "
            + "and finish in the year.")

    @OptionGroup var options: LibraryOptions
    @Option(name: .long, help: "The year (default: this year).") var year: Int?
    @Option(name: .long, help: "Books to finish.") var books: Int?
    @Option(name: .long, help: "Pages to read.") var pages: Int?
    @Option(name: .long, help: "Books toward your cultural reading goal to finish.") var cultural: Int?

    func run() async throws {
        let goal = try await options.user(creatingUser: true).goals.setGoal(year: year, books: books, pages: pages, cultural: cultural)
        say("Goal for \(goal.year): " + [books.map { HumanFormat.count($0, "book", "books") },
                                    pages.map { HumanFormat.count($0, "page", "pages") },
                                    cultural.map { HumanFormat.count($0, "book", "books") + " toward the cultural goal" }]
            .compactMap { $0 }.joined(separator: " and "))
    }
}

struct GoalShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a year's goal and how it stands.")

    @OptionGroup var options: LibraryOptions
    @Option(name: .long, help: "The year (default: this year).") var year: Int?

    func run() async throws {
        let goal = try await options.user().goals.goalProgress(year: year)
        if options.json { return try JSONOutput.print(goal) }
        InsightsText.goal(goal, year: goal.goal.year).drop { $0.isEmpty }.forEach { say($0) }
    }
}

struct GoalRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a year's goal.")

    @OptionGroup var options: LibraryOptions
    @Option(name: .long, help: "The year (default: this year).") var year: Int?

    func run() async throws {
        let year = try await options.user().goals.removeGoal(year: year)
        say("Removed the goal for \(year)")
    }
}
