import ArgumentParser
import BooksTrackCore
import BooksTrackProviders
import BooksTrackServices
import Foundation

/// Options of every command that searches: provider switches on top of the environment.
struct SearchOptions: ParsableArguments {
    @Flag(name: .long, help: "Use only the offline catalog (same as BOOKSTRACK_OFFLINE=1).")
    var offline = false

    @Option(name: .customLong("provider-timeout"), help: "Seconds each online provider may take (default 5, or BOOKSTRACK_PROVIDER_TIMEOUT).")
    var providerTimeout: Double?

    @Option(name: .long, help: "Online providers in priority order, comma-separated: openlibrary,google,isbndb (or BOOKSTRACK_PROVIDERS).")
    var providers: String?

    @Option(name: .long, help: "Your e-mail or URL for the User-Agent (or BOOKSTRACK_CONTACT); Open Library allows more requests with it.")
    var contact: String?

    @Option(name: .long, help: "Most results to show.")
    var limit: Int = 20

    /// A search session with these settings, from the composition root.
    func session(_ options: LibraryOptions) throws -> SearchSession {
        let app = try options.app()
        let configuration = try app.providerConfiguration(offline: offline, timeout: providerTimeout, providers: providers, contact: contact)
        return try app.searchSession(configuration, resultLimit: limit)
    }

    func validate() throws {
        if let providerTimeout, !(providerTimeout > 0 && providerTimeout <= 120) {
            throw ArgumentParser.ValidationError("--provider-timeout must be between 0 and 120 seconds")
        }
        if !(1...100).contains(limit) { throw ArgumentParser.ValidationError("--limit must be 1–100") }
    }
}

/// `bookstrack search`: find books by ISBN, by words of the title and author, or by title and author.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search for books by ISBN, by words of the title and author, or by title and author (offline catalog + online providers).",
        discussion: """
            Examples:
              bookstrack search "dune"
              bookstrack search "dune herbert"
              bookstrack search --isbn 0441172717
              bookstrack search --title "the left hand of darkness" --author "le guin"
            """
    )

    @OptionGroup var options: LibraryOptions
    @OptionGroup var search: SearchOptions

    @Argument(help: "Words of the title, the author or both (or an ISBN).")
    var query: String?

    @Option(name: .long, help: "Look up one ISBN.")
    var isbn: String?

    @Option(name: .long, help: "Title words (with --author).")
    var title: String?

    @Option(name: .long, help: "Author name (with --title or a query).")
    var author: String?

    func validate() throws {
        let modes = [query != nil, isbn != nil, title != nil].filter { $0 }.count
        if modes != 1 { throw ArgumentParser.ValidationError("give search words, --isbn, or --title (one of them)") }
    }

    func run() async throws {
        let context = CommandContext.current
        let question = SearchQuestion(query: query, isbn: isbn, title: title, author: author)
        let answer = try await search.session(options).using { try await $0.answer(question) }
        if options.json {
            try JSONOutput.print(answer.envelope(timestamp: context.now()))
            return
        }
        SearchOutput.print(answer)
    }
}

/// Prints search answers for people.
enum SearchOutput {
    static func print(_ answer: SearchAnswer) {
        if answer.works.isEmpty {
            say("Nothing found.")
        } else {
            say(
                TextFormat.cell("#", 3) + " " + TextFormat.cell("TITLE", 40) + "  " + TextFormat.cell("AUTHORS", 24) + "  "
                    + TextFormat.cell("YEAR", 4) + "  " + TextFormat.cell("ISBN", 13) + "  " + TextFormat.cell("PAGES", 5) + "  PROVIDER"
            )
            for (index, work) in answer.works.enumerated() {
                let edition = work.editions.first
                let year = work.firstPublicationYear.map(String.init) ?? edition?.publicationDate.map { String($0.prefix(4)) } ?? ""
                let line = TextFormat.cell(String(index + 1), 3) + " " + TextFormat.cell(work.title, 40) + "  "
                    + TextFormat.cell(work.authors.map(\.name).joined(separator: ", "), 24) + "  " + TextFormat.cell(year, 4) + "  "
                    + TextFormat.cell(edition?.isbn13.first ?? "", 13) + "  " + TextFormat.cell(edition?.pageCount.map(String.init) ?? "", 5)
                    + "  " + work.primaryProvider
                say(line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
            }
        }
        var notes: [String] = []
        if answer.cached { notes.append("from the cache") }
        for report in answer.reports where ![.found, .notFound, .skipped, .disabled].contains(report.outcome) {
            notes.append("\(report.provider): \(report.message ?? report.outcome.displayName)")
        }
        let disabled = answer.reports.filter { $0.outcome == .disabled }.map(\.provider)
        if !disabled.isEmpty { notes.append("not asked: " + disabled.joined(separator: ", ") + " (offline or no API key)") }
        if !notes.isEmpty {
            say("")
            say("Note: " + notes.joined(separator: "; "))
        }
    }
}
