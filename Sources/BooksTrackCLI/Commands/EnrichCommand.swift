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
            online provider could be asked about stays queued for the next run.
            """
    )

    @OptionGroup var options: LibraryOptions
    @OptionGroup var search: SearchOptions

    @Option(name: .customLong("max"), help: "Enrich at most this many books in this run.")
    var maximum: Int?

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
            outcomes = try await enricher.run(limit: maximum) { done, total in
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
        if options.json {
            try JSONOutput.print(EnrichmentJSON(outcomes: outcomes, stillQueued: remaining))
            return
        }
        Self.printOutcomes(outcomes, stillQueued: remaining)
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
            let reached = answer.reports.contains { report in
                report.provider != CatalogDatabase.providerName && (report.outcome == .found || report.outcome == .notFound)
            }
            return LibraryEnricher.Answer(works: answer.works, reachedASource: reached || answer.cached)
        }
    }

    private static func printOutcomes(_ outcomes: [LibraryEnricher.Outcome], stillQueued: Int) {
        guard !outcomes.isEmpty else {
            say("Nothing to enrich: no imported book is waiting.")
            return
        }
        let completed = outcomes.filter { $0.missing.isEmpty }.count
        say("Enriched \(HumanFormat.count(outcomes.count, "book", "books")): \(HumanFormat.count(completed)) complete, \(HumanFormat.count(outcomes.count - completed)) still missing something.")
        for outcome in outcomes where !outcome.filled.isEmpty {
            say("  filled \(outcome.filled.joined(separator: ", ")): \(outcome.title)")
        }
        for outcome in outcomes where !outcome.missing.isEmpty {
            let note = outcome.requeued ? " (no source reachable; kept queued)" : ""
            say("  could not fill \(outcome.missing.joined(separator: ", ")): \(outcome.title)\(note)")
        }
        if stillQueued > 0 { say("\(HumanFormat.count(stillQueued)) book(s) still queued.") }
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
    }

    var books: [Book]
    var stillQueued: Int

    init(outcomes: [LibraryEnricher.Outcome], stillQueued: Int) {
        books = outcomes.map {
            Book(workID: $0.workID.description, title: $0.title, filled: $0.filled, missing: $0.missing, requeued: $0.requeued)
        }
        self.stillQueued = stillQueued
    }
}
