import ArgumentParser
import BooksTrackCore
import BooksTrackProviders
import BooksTrackServices
import Foundation

/// `bookstrack enrich`: fill the covers, page counts and years imports left empty.
struct EnrichCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enrich",
        abstract: "Fill missing covers, page counts and publication years of imported books from book search.",
        discussion: """
            Imports queue the books that lack a cover, a page count or a publication year. This command \
            searches them ten at a time (the offline catalog first, then the online providers) and fills \
            only empty fields: nothing you entered is replaced. A book still missing something that no \
            online provider could be asked about stays queued: it is tried again an hour later when a \
            source failed, a day later when the sources asked did not have it (--force tries it now).
            """
    )

    @OptionGroup var options: LibraryOptions
    @OptionGroup var search: SearchOptions

    @Option(name: .customLong("max"), help: "Enrich at most this many books in this run.")
    var maximum: Int?

    @Flag(name: .long, help: "Also try the queued books that were tried recently.")
    var force = false

    func validate() throws {
        if let maximum, maximum < 1 { throw ArgumentParser.ValidationError("--max must be at least 1") }
    }

    func run() async throws {
        let context = CommandContext.current
        let user = try options.user()
        let bar = ProgressBar(label: "enrich", context: context)
        let run: LibraryEnricher.Run
        do {
            run = try await search.session(options).using { search in
                try await user.enricher(search).runAndCount(limit: maximum, force: force) { done, total in
                    bar.show(processed: done, total: total, unit: "books")
                }
            }
            bar.finish()
        } catch {
            bar.finish()
            throw error
        }
        if options.json { return try JSONOutput.print(EnrichmentReport(run)) }
        Self.printOutcomes(run.outcomes, stillQueued: run.stillQueued, waiting: run.waiting)
    }

    private static func printOutcomes(_ outcomes: [LibraryEnricher.Outcome], stillQueued: Int, waiting: Int) {
        guard !outcomes.isEmpty else {
            if waiting > 0 {
                say("Nothing to enrich now: \(HumanFormat.count(waiting, "queued book was", "queued books were")) tried recently and wait their turn; --force tries them now.")
            } else {
                say("Nothing to enrich: no imported book is waiting.")
            }
            return
        }
        let count = { (result: EnrichmentAttempt.Result) in NumberText.grouped(outcomes.filter { $0.result == result }.count) }
        say("Looked up \(HumanFormat.count(outcomes.count, "book", "books")): \(count(.filled)) filled, \(count(.notFound)) not found, \(count(.unreachable)) could not be reached.")
        for outcome in outcomes where !outcome.filled.isEmpty {
            say("  filled \(outcome.filled.joined(separator: ", ")): \(outcome.title)")
        }
        for outcome in outcomes where !outcome.missing.isEmpty {
            let why = outcome.result == .unreachable ? "; a source could not be reached" : ""
            let note = outcome.requeued ? " (kept queued\(why))" : ""
            say("  could not fill \(outcome.missing.joined(separator: ", ")): \(outcome.title)\(note)")
        }
        if stillQueued > 0 {
            let later = waiting > 0 ? "; \(NumberText.grouped(waiting)) wait their turn (--force tries them now)" : ""
            say("\(HumanFormat.count(stillQueued, "book", "books")) still queued\(later).")
        }
    }
}
