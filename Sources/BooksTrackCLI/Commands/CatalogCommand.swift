import ArgumentParser
import BooksTrackCatalog
import BooksTrackCore
import BooksTrackServices
import Foundation

/// `bookstrack catalog import|stats`: extend the offline catalog with Open Library dumps.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Extend and inspect the offline book catalog.",
        discussion: """
            The catalog ships with the 10,000 books of goodbooks-10k and grows with Open Library's bulk \
            dumps (https://openlibrary.org/developers/dumps): import authors, then works, then editions.
            """,
        subcommands: [Import.self, Stats.self]
    )

    /// `bookstrack catalog import FILE...`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import Open Library dump files (authors, works, editions; plain or .gz).",
            discussion: """
                Lines are read in batches, each saved with the position to resume from: stop it any time \
                (Ctrl-C) and run the same command again to go on. A file already imported is skipped \
                unless --restart is given. Malformed lines are counted and skipped.

                Example:
                  bookstrack catalog import ol_dump_authors_latest.txt.gz \\
                      ol_dump_works_latest.txt.gz ol_dump_editions_latest.txt.gz
                """
        )

        @OptionGroup var options: LibraryOptions

        @Argument(help: "Dump files, in the order to import them.")
        var files: [String]

        @Flag(name: .long, help: "Import from the first line again, even if an earlier run imported the file.")
        var restart = false

        @Option(name: .customLong("batch-size"), help: "Lines per saved batch.")
        var batchSize = 5_000

        func validate() throws {
            if files.isEmpty { throw ArgumentParser.ValidationError("give at least one dump file") }
            if !Bounds.dumpBatchLines.contains(batchSize) {
                throw ArgumentParser.ValidationError("--batch-size must be \(Bounds.text(Bounds.dumpBatchLines))")
            }
        }

        func run() async throws {
            let context = CommandContext.current
            let catalog = try options.app().catalog()
            // One bar per file, shown by the thread that reads the dumps.
            let bars = ImportProgressBars(context: context)
            let summaries: [CatalogImportSummary]
            do {
                summaries = try await catalog.importDumps(
                    files.map { URL(fileURLWithPath: $0) }, options: CatalogImportOptions(batchSize: batchSize, restart: restart),
                    progress: { bars.show($0) })
            } catch let error as CatalogImportError {
                bars.finish()
                throw CatalogCommand.failure(error)
            }
            bars.finish()
            if options.json { return try JSONOutput.print(summaries.map(CatalogImportResult.init)) }
            for summary in summaries { CatalogCommand.printSummary(summary) }
        }
    }

    /// `bookstrack catalog stats`.
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats", abstract: "Sizes of the offline catalog and the sources it was built from."
        )

        @OptionGroup var options: LibraryOptions

        func run() async throws {
            let catalog = try options.app().catalog()
            let statistics = try await catalog.statistics()
            if options.json { return try JSONOutput.print(CatalogStats(statistics, path: catalog.path)) }
            say("Catalog:   \(catalog.path) (\(HumanFormat.bytes(statistics.fileBytes)))")
            say("Works:     \(NumberText.grouped(statistics.works))"
                + (statistics.syntheticWorks > 0 ? " (\(NumberText.grouped(statistics.syntheticWorks)) inferred from editions)" : ""))
            say("Editions:  \(NumberText.grouped(statistics.editions))")
            say("Authors:   \(NumberText.grouped(statistics.authors))")
            say("ISBNs:     \(NumberText.grouped(statistics.isbns))")
            say("Sources:")
            for source in statistics.sources {
                say("  " + CatalogCommand.describe(source))
            }
        }
    }

    // MARK: Shared

    /// The command-line failure for an import that could not run: a missing file is "not found"
    /// (exit 1), any other unusable file bad input (exit 2).
    static func failure(_ error: CatalogImportError) -> CommandFailure {
        switch error {
        case .cannotRead: CommandFailure.notFound(error.description)
        default: CommandFailure.invalid(error.description)
        }
    }

    static func printSummary(_ summary: CatalogImportSummary) {
        switch summary.outcome {
        case .alreadyImported:
            say("\(summary.fileName): already imported (\(NumberText.grouped(summary.lines)) lines); use --restart to import it again")
            return
        case .completed, .stopped:
            let verb = summary.outcome == .completed ? "imported" : "stopped after"
            say("\(summary.fileName): \(verb) \(NumberText.grouped(summary.linesThisRun)) lines in "
                + "\(HumanFormat.duration(summary.elapsed)) (\(NumberText.grouped(Int(summary.linesPerSecond))) lines/s)")
        }
        if let line = summary.resumedAfterLine {
            say("  resumed after line \(NumberText.grouped(line)); the file has \(NumberText.grouped(summary.lines)) lines")
        }
        say("  authors \(NumberText.grouped(summary.authors)) · works \(NumberText.grouped(summary.works)) · "
            + "editions \(NumberText.grouped(summary.editions))")
        var skipped: [String] = []
        if summary.otherRecords > 0 { skipped.append(HumanFormat.count(summary.otherRecords, "record of another type", "records of other types")) }
        if summary.malformedLines > 0 { skipped.append(HumanFormat.count(summary.malformedLines, "malformed line", "malformed lines")) }
        if summary.invalidISBNs > 0 { skipped.append(HumanFormat.count(summary.invalidISBNs, "invalid ISBN", "invalid ISBNs")) }
        if !skipped.isEmpty { say("  skipped: " + skipped.joined(separator: " · ")) }
        if summary.malformedLines > 0 {
            let kinds = summary.problems.sorted { $0.value > $1.value }.map { "\($0.key) \(NumberText.grouped($0.value))" }
            say("  malformed: " + kinds.joined(separator: ", "))
            for example in summary.examples {
                say("    line \(NumberText.grouped(example.line)) (\(example.problem)): \(example.text)")
            }
        }
    }

    static func describe(_ source: CatalogSource) -> String {
        switch source.kind {
        case .seed:
            return "\(source.name): \(NumberText.grouped(source.works)) books, loaded \(ISO8601Text.day(source.updatedAt))"
        case .openLibraryDump:
            var text = "\(source.name): "
            text += source.complete ? "complete" : "unfinished (run the import again to resume)"
            text += ", \(NumberText.grouped(source.lines)) lines"
            if let size = source.fileSize { text += " of \(HumanFormat.bytes(size))" }
            text += "; authors \(NumberText.grouped(source.authors)) · works \(NumberText.grouped(source.works)) · "
                + "editions \(NumberText.grouped(source.editions))"
            let malformed = source.problems.values.reduce(0, +)
            if malformed > 0 { text += " · " + HumanFormat.count(malformed, "malformed line", "malformed lines") }
            text += "; updated \(ISO8601Text.day(source.updatedAt))"
            return text
        }
    }
}

/// The progress of a catalog import of several dumps: a bar for the file being read, replaced by
/// the next file's when it starts.
final class ImportProgressBars: @unchecked Sendable {
    // Shown from the one thread that reads the dumps, one file after another.
    private let context: CommandContext
    private var current: (index: Int, renderer: ImportProgressRenderer)?

    init(context: CommandContext) {
        self.context = context
    }

    func show(_ step: CatalogService.DumpProgress) {
        if current?.index != step.fileIndex {
            current?.renderer.finish()
            current = (step.fileIndex, ImportProgressRenderer(fileName: step.file.lastPathComponent, context: context))
        }
        current?.renderer.show(step.progress)
    }

    func finish() {
        current?.renderer.finish()
        current = nil
    }
}

/// Catalog import progress on the terminal's progress bar: lines, speed and time left; without a
/// terminal, a line every 30 seconds.
final class ImportProgressRenderer {
    private let bar: ProgressBar
    private var lastLine: Duration?

    init(fileName: String, context: CommandContext) {
        bar = ProgressBar(label: fileName, context: context)
    }

    func show(_ progress: CatalogImportProgress) {
        let rate = "\(NumberText.grouped(Int(progress.linesPerSecond))) lines/s"
        let eta = progress.estimatedRemaining.map { "ETA " + HumanFormat.duration($0) } ?? "ETA …"
        bar.show(fraction: progress.fraction, details: ["\(NumberText.grouped(progress.lines)) lines", rate, eta]) {
            guard lastLine.map({ progress.elapsed - $0 >= .seconds(30) }) ?? (progress.elapsed >= .seconds(30)) else { return false }
            lastLine = progress.elapsed
            return true
        }
    }

    /// Clears the bar before the summary is printed.
    func finish() {
        bar.finish()
    }
}

/// Numbers, sizes and durations as people read them, the same in every locale.
enum HumanFormat {
    /// 1 → "1 malformed line", 1234 → "1,234 malformed lines".
    static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        NumberText.grouped(value) + " " + (value == 1 ? singular : plural)
    }

    /// 1_234_567_890 → "1.1 GB".
    static func bytes(_ value: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var size = Double(value)
        var unit = 0
        while size >= 1024, unit < units.count - 1 {
            size /= 1024
            unit += 1
        }
        return unit == 0 ? "\(value) bytes" : String(format: "%.1f", size) + " " + units[unit]
    }

    /// 41.2 s, 2m 05s, 1h 02m.
    static func duration(_ duration: Duration) -> String {
        let parts = duration.components
        let seconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        if whole < 3_600 { return String(format: "%dm %02ds", whole / 60, whole % 60) }
        return String(format: "%dh %02dm", whole / 3_600, whole / 60 % 60)
    }

}
