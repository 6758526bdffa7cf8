import ArgumentParser
import BooksTrackCore
import BooksTrackProviders
import BooksTrackStore
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
        let service = try options.service()
        let session = try await SearchSession.open(options: options, search: search)
        let bar = ProgressBar(label: "enrich", context: context)
        let outcomes: [LibraryEnricher.Outcome]
        do {
            let enricher = LibraryEnricher(store: service.store, search: Self.search(session.orchestrator), now: context.now)
            outcomes = try await enricher.run(limit: maximum, force: force) { done, total in
                bar.show(processed: done, total: total, unit: "books")
            }
            bar.finish()
            await session.close()
        } catch {
            bar.finish()
            await session.close()
            throw error
        }
        let remaining = try service.store.countQueuedForEnrichment()
        let waiting = remaining - (try service.store.countQueuedForEnrichment(dueAt: context.now()))
        if options.json {
            try JSONOutput.print(EnrichmentJSON(outcomes: outcomes, stillQueued: remaining, waiting: waiting))
            return
        }
        Self.printOutcomes(outcomes, stillQueued: remaining, waiting: waiting)
    }

    /// Book search through the orchestrator; only an online provider's answer counts as reaching a
    /// source, so books the offline catalog cannot complete stay queued for a run with providers.
    private static func search(_ orchestrator: SearchOrchestrator) -> LibraryEnricher.Search {
        { isbn, title, author in
            let answer: SearchAnswer
            if let isbn {
                answer = await orchestrator.lookup(isbn: isbn)
            } else if let author {
                answer = await orchestrator.search(title: title, author: author)
            } else {
                answer = await orchestrator.search(title: title)
            }
            // A cached answer keeps the reports it was made with, so it tells the same.
            let reached = answer.reports.contains { report in
                report.provider != CatalogDatabase.providerName && (report.outcome == .found || report.outcome == .notFound)
            }
            let failed = answer.reports.contains { [.failed, .timedOut, .rateLimited].contains($0.outcome) }
            return LibraryEnricher.Answer(works: answer.works, reachedASource: reached, aSourceFailed: failed)
        }
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
        let count = { (result: EnrichmentAttempt.Result) in HumanFormat.count(outcomes.filter { $0.result == result }.count) }
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
            let later = waiting > 0 ? "; \(HumanFormat.count(waiting)) wait their turn (--force tries them now)" : ""
            say("\(HumanFormat.count(stillQueued, "book", "books")) still queued\(later).")
        }
    }
}

/// The result of an enrichment run as JSON.
struct EnrichmentJSON: Encodable {
    struct Book: Encodable {
        var workID: String
        var title: String
        var filled: [String]
        var missing: [String]
        var requeued: Bool
        /// "filled", "notFound" or "unreachable".
        var result: String
    }

    var books: [Book]
    var stillQueued: Int
    /// Queued books tried recently, skipped until they are due again.
    var waiting: Int

    init(outcomes: [LibraryEnricher.Outcome], stillQueued: Int, waiting: Int) {
        books = outcomes.map {
            Book(
                workID: $0.workID.description, title: $0.title, filled: $0.filled, missing: $0.missing, requeued: $0.requeued,
                result: $0.result.rawValue
            )
        }
        self.stillQueued = stillQueued
        self.waiting = waiting
    }
}
