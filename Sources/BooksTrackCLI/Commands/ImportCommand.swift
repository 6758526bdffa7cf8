import ArgumentParser
import BooksTrackCore
import BooksTrackImport
import BooksTrackServices
import Foundation

/// `bookstrack import FILE`: bring in another tracker's export.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an export from Goodreads, StoryGraph, LibraryThing, Hardcover, BookWyrm, Open Library, Calibre, Openreads, a CSV or BooksTrack JSON.",
        discussion: """
            The format is detected from the header; --format overrides it. A CSV nobody knows is read by \
            its column names (title, author, isbn, status or shelf, rating, dates, pages, …).
            Books already in the library are merged, never duplicated: empty fields are filled, lists \
            gain what they lack, and the library's own values are kept unless --overwrite is given. \
            Importing the same file again changes nothing; an import stopped part-way can simply be run \
            again. Files are limited to 200,000 rows and 50 MB (see --max-rows and --max-bytes).
            Formats: \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")).
            """
    )

    @OptionGroup var options: LibraryOptions

    @Argument(help: "The export file.")
    var file: String

    @Option(name: .long, help: "The file's format, when detection is not wanted.")
    var format: String?

    @Flag(name: .customLong("dry-run"), help: "Report what would be imported without writing anything.")
    var dryRun = false

    @Flag(name: .long, help: "Let the file's values replace the library's where both have one.")
    var overwrite = false

    @Option(name: .long, help: "For a CSV no importer knows: which column holds which field, e.g. \"title=Book Name,author=Writer,dateRead=Finished On\" (fields: \(ColumnMapping.Field.allCases.map(\.rawValue).joined(separator: ", "))). An unknown file's error proposes one.")
    var mapping: String?

    @Option(name: .customLong("max-rows"), help: "Refuse files with more data rows.")
    var maxRows = ImportLimits().maxRows

    @Option(name: .customLong("max-bytes"), help: "Refuse files larger than this many bytes.")
    var maxBytes = ImportLimits().maxBytes

    func validate() throws {
        if let format, ImportFormat(rawValue: format.lowercased()) == nil {
            throw ArgumentParser.ValidationError(
                "unknown format \"\(format)\"; use one of: " + ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            )
        }
        if maxRows < 1 { throw ArgumentParser.ValidationError("--max-rows must be at least 1") }
        if maxBytes < 1 { throw ArgumentParser.ValidationError("--max-bytes must be at least 1") }
    }

    func run() async throws {
        let context = CommandContext.current
        let url = URL(fileURLWithPath: file)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CommandFailure.notFound("no file at \(file)")
        }
        let importOptions = ImportOptions(
            format: format.flatMap { ImportFormat(rawValue: $0.lowercased()) }, dryRun: dryRun, overwrite: overwrite,
            limits: ImportLimits(maxRows: maxRows, maxBytes: maxBytes), mapping: try mapping.map { try ColumnMapping(parsing: $0) }
        )
        // A file that will be refused is refused before a library is created: a file like one this
        // reader mapped before is read with that mapping only in a library that exists already.
        let app = try options.app()
        // Gemini proposes a mapping for a file nobody knows, when a key is set; a provider setting
        // that cannot be read costs the proposal only, not the import.
        let gemini = (try? app.providerConfiguration()).map { app.gemini($0, log: { context.standardError($0 + "\n") }) } ?? (nil, {})
        let checked: ImportService.CheckedFile
        do {
            let advisor = app.columnMappingAdvisor(gemini: gemini.client)
            // The library is opened for a remembered mapping only when the file needs one.
            let remembered: ((URL, ImportLimits) async throws -> ColumnMapping?)? = app.hasLibrary
                ? { [options] url, limits in try await options.user(unknownUserIsEmpty: true).imports.rememberedMapping(for: url, limits: limits) }
                : nil
            checked = try await ImportService.check(url, options: importOptions, remembered: remembered, advisor: advisor)
            await gemini.close()
        } catch {
            await gemini.close()
            throw Self.withLimitFlags(error)
        }
        if let remembered = checked.rememberedMapping, !options.json {
            say("Read with the column mapping you confirmed for this header before: \(remembered.text)")
        }
        let imports = try options.user(creatingUser: !dryRun, unknownUserIsEmpty: dryRun).imports
        let bar = ProgressBar(label: url.lastPathComponent, context: context)
        let summary: ImportSummary
        do {
            summary = try await imports.importFile(at: url, options: checked.options, checked: checked.check) { progress in
                bar.show(processed: progress.processed, total: progress.total, unit: "rows")
            }
        } catch {
            bar.finish()
            throw Self.withLimitFlags(error)
        }
        bar.finish()
        if options.json {
            try JSONOutput.print(ImportReport(summary))
        } else {
            Self.printSummary(summary)
        }
    }

    /// A refusal for size, with the flags that raise the limits it names.
    static func withLimitFlags(_ error: any Error) -> any Error {
        let flags: String
        switch error as? ImportError {
        case let .overLimits(bytes, _, rows, _)?:
            flags = [bytes.map { "--max-bytes \($0)" }, rows.map { "--max-rows \($0)" }].compactMap { $0 }.joined(separator: " ")
        case let .fileTooLarge(bytes, _)?:
            flags = "--max-bytes \(bytes)"
        case .tooManyRows?:
            flags = "a larger --max-rows"
        default:
            return error
        }
        return CommandFailure.invalid("\(error). To import it anyway, run again with \(flags); or split it into smaller files")
    }

    static func printSummary(_ summary: ImportSummary) {
        let verb = summary.dryRun ? "Would import" : "Imported"
        say("\(verb) \(summary.format.displayName): \(HumanFormat.count(summary.rows, "row", "rows"))")
        if !summary.usedColumns.isEmpty {
            say("  columns used: \(summary.usedColumns.joined(separator: ", "))")
            say("  columns ignored: \(summary.ignoredColumns.isEmpty ? "none" : summary.ignoredColumns.joined(separator: ", "))")
        }
        say("  added: \(NumberText.grouped(summary.added))")
        say("  merged: \(NumberText.grouped(summary.merged))")
        say("  unchanged: \(NumberText.grouped(summary.unchanged))")
        say("  skipped: \(NumberText.grouped(summary.skipped))")
        say("  problems: \(NumberText.grouped(summary.problems.count))")
        if summary.queuedForEnrichment > 0 {
            say("  queued for enrichment: \(NumberText.grouped(summary.queuedForEnrichment)) (run `bookstrack enrich`)")
        }
        for problem in summary.problems {
            say("  \(problem.action == .skipped ? "skipped" : "note"): \(problem)")
        }
        if summary.dryRun { say("Dry run: nothing was written.") }
    }
}
