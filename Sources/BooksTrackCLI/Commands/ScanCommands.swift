import ArgumentParser
import BooksTrackCore
import BooksTrackProviders
import BooksTrackServices
import Foundation

/// `bookstrack scan PHOTO`: a bookshelf photo read, its books matched and queued for review.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan a bookshelf photo: the books seen wait in the review queue (bookstrack review).",
        discussion: """
            The photo is kept as photos are (upright, at most 2,048 px, JPEG without location or camera \
            data) and read by Gemini when GEMINI_API_KEY is set. Each book seen is matched against the \
            offline catalog and the online providers and waits as pending until you accept it (it is \
            added) or reject it:
              bookstrack scan shelf.jpg
              bookstrack review accept 3f2a9c1e --status read
              bookstrack review accept-all --min 0.8
            """
    )

    @OptionGroup var options: LibraryOptions
    @OptionGroup var search: SearchOptions
    @Argument(help: "The photo (JPEG, PNG, WebP or HEIC).") var photo: String
    @Flag(name: .customLong("keep-original"), help: "Also keep the photo as it is, location and camera data included.") var keepOriginal = false

    /// Keeps the photo, reads it, matches its books and answers them as queued.
    private func scan(_ data: Data, app: any ServiceRoot, gemini: GeminiClient?, context: CommandContext) async throws -> [ReviewItem] {
        let recognizer = try app.shelfReader(gemini: gemini)
        let scans = try options.user(creatingUser: true).scans
        let bar = ProgressBar(label: "scan", context: context)
        do {
            let scan = try await scans.keep(photo: data, keepOriginal: keepOriginal)
            _ = try await search.session(options).using { search in
                try await scans.recognize(scan.id, with: recognizer, matcher: search, progress: { stage, done, total in
                    bar.show(processed: done, total: total, unit: stage == .matching ? "books matched" : stage.rawValue)
                })
            }
            bar.finish()
            return try await scans.scan(scan.id).items
        } catch let error as ImageError {
            bar.finish()
            throw CommandFailure.invalid("\(photo): \(error)")
        } catch {
            bar.finish()
            throw error
        }
    }

    func run() async throws {
        let data = try PhotoFile.read(photo, option: "PHOTO")
        let app = try options.app()
        let configuration = try app.providerConfiguration(
            offline: search.offline, timeout: search.providerTimeout, providers: search.providers, contact: search.contact)
        let context = CommandContext.current
        let gemini = app.gemini(configuration, log: { context.standardError($0 + "\n") })
        let items: [ReviewItem]
        do {
            items = try await scan(data, app: app, gemini: gemini.client, context: context)
            await gemini.close()
        } catch {
            await gemini.close()
            throw error
        }
        if options.json { return try JSONOutput.print(items.map { ReviewItemResource($0) }) }
        guard !items.isEmpty else { return say("No book was recognized on this photo.") }
        say("\(HumanFormat.count(items.count, "book waits", "books wait")) for review:")
        for item in items { say(ReviewText.line(item)) }
        say("Accept with: bookstrack review accept ID [--status read], or bookstrack review accept-all --min 0.8")
    }
}

/// `bookstrack review queue`: the books waiting for review.
struct ReviewQueueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "queue", abstract: "List the books shelf scans found that wait for review.")
    @OptionGroup var options: LibraryOptions
    @Option(name: .customLong("min"), help: "Only those at or above this confidence (0–1).") var minimum: Double = 0
    @Option(name: .long, help: "Most items to list (1–200).") var limit: Int = 50

    func run() async throws {
        try await Self.list(options, minimum: minimum, limit: limit)
    }

    static func list(_ options: LibraryOptions, minimum: Double, limit: Int) async throws {
        let page = try await options.user(unknownUserIsEmpty: true).scans.queue(minimumConfidence: minimum, limit: limit)
        if options.json { return try JSONOutput.print(page.items.map { ReviewItemResource($0) }) }
        guard page.total > 0 else { return say("Nothing waits for review.") }
        say("\(HumanFormat.count(page.total, "book waits", "books wait")) for review" + (page.total > page.items.count ? " (showing \(page.items.count))" : "") + ":")
        for item in page.items { say(ReviewText.line(item)) }
    }
}

/// `bookstrack review accept ID…`: add the books.
struct ReviewAcceptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "accept", abstract: "Add the books of these review items to the library.")
    @OptionGroup var options: LibraryOptions
    @Argument(help: "Review item IDs (or their first characters, at least four).") var ids: [String]
    @Option(name: .long, help: "The status they are added with (default to-read).") var status: String?

    func validate() throws {
        if ids.isEmpty { throw ArgumentParser.ValidationError("name at least one review item") }
    }

    func run() async throws {
        let status = try status.map(ArgumentText.status) ?? .toRead
        let scans = try options.user().scans
        var decisions: [ReviewDecision] = []
        for id in ids {
            let item = try await scans.pendingItem(idOrPrefix: id)
            decisions.append(try await scans.accept(item.id, status: status))
        }
        if options.json { return try JSONOutput.print(decisions.map { BookResource($0.book, now: scans.now()) }) }
        for decision in decisions {
            say((decision.alreadyInLibrary ? "Already in your library: " : "Added ") + TextFormat.summary(decision.book))
        }
    }
}

/// `bookstrack review reject ID…`.
struct ReviewRejectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reject", abstract: "Take these items off the review queue without adding them.")
    @OptionGroup var options: LibraryOptions
    @Argument(help: "Review item IDs (or their first characters, at least four).") var ids: [String]

    func validate() throws {
        if ids.isEmpty { throw ArgumentParser.ValidationError("name at least one review item") }
    }

    func run() async throws {
        let scans = try options.user().scans
        var rejected: [ReviewItem] = []
        for id in ids { rejected.append(try await scans.reject(try await scans.pendingItem(idOrPrefix: id).id)) }
        if options.json { return try JSONOutput.print(rejected.map { ReviewItemResource($0) }) }
        for item in rejected { say("Rejected \"\(item.detection.title)\"") }
    }
}

/// `bookstrack review accept-all --min X`.
struct ReviewAcceptAllCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "accept-all", abstract: "Add every waiting book at or above a confidence.")
    @OptionGroup var options: LibraryOptions
    @Option(name: .customLong("min"), help: "The lowest confidence accepted (0–1).") var minimum: Double
    @Option(name: .long, help: "The status they are added with (default to-read).") var status: String?

    func run() async throws {
        let report = try await options.user().scans.acceptAll(minimumConfidence: minimum, status: try status.map(ArgumentText.status) ?? .toRead)
        if options.json { return try JSONOutput.print(report) }
        say("Added \(HumanFormat.count(report.added, "book", "books"))"
            + (report.alreadyInLibrary > 0 ? "; \(report.alreadyInLibrary) already in your library" : ""))
        for failure in report.failed { say("Left waiting \(failure.itemID.description.prefix(8)): \(failure.reason)") }
    }
}

/// `bookstrack review match ID --isbn X | --search WORDS`: choose the book an item is.
struct ReviewMatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "match", abstract: "Choose the book a review item is, by ISBN or a search.")
    @OptionGroup var options: LibraryOptions
    @OptionGroup var search: SearchOptions
    @Argument(help: "The review item ID (or its first characters).") var id: String
    @Option(name: .long, help: "The book's ISBN.") var isbn: String?
    @Option(name: .customLong("search"), help: "Words of the title and author.") var words: String?
    @Option(name: .long, help: "Which result to take (from 1).") var pick: Int = 1

    func validate() throws {
        if (isbn == nil) == (words == nil) { throw ArgumentParser.ValidationError("give --isbn or --search") }
        if pick < 1 { throw ArgumentParser.ValidationError("--pick counts from 1") }
    }

    func run() async throws {
        let scans = try options.user().scans
        let item = try await scans.pendingItem(idOrPrefix: id)
        let question = isbn.map { SearchQuestion(isbn: $0) } ?? SearchQuestion(query: words)
        let answer = try await search.session(options).using { try await $0.answer(question) }
        guard !answer.works.isEmpty else {
            throw SearchError.nothingFound(question: isbn ?? words ?? "", asked: answer.reports.map(\.provider).joined(separator: ", "))
        }
        guard pick <= answer.works.count else { throw SearchError.pickOutOfRange(pick: pick, found: answer.works.count) }
        let changed = try await scans.rematch(item.id, to: answer.works[pick - 1])
        if options.json { return try JSONOutput.print(ReviewItemResource(changed)) }
        say(ReviewText.line(changed))
    }
}

/// One review item in a line: its ID's first characters, the confidence, what was read and the match.
enum ReviewText {
    static func line(_ item: ReviewItem) -> String {
        let read = item.detection.title + (item.detection.author.map { " — \($0)" } ?? "")
        let percent = Int((item.detection.confidence * 100).rounded())
        let match = item.match.map { work in
            "→ " + work.title + (work.authors.first.map { " (\($0.name)" + (work.firstPublicationYear.map { ", \($0)" } ?? "") + ")" } ?? "")
        } ?? "→ no match found (accepting adds it as read)"
        return "  \(item.id.description.prefix(8))  \(String(repeating: " ", count: max(0, 3 - String(percent).count)))\(percent)%  \(read)  \(match)"
    }
}

/// Reading a photo file named on the command line, bounded before it is read.
enum PhotoFile {
    static func read(_ path: String, option: String) throws -> Data {
        let limits = ImageLimits()
        let url = URL(fileURLWithPath: path)
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int else {
            throw CommandFailure.invalid("\(option) \(path): no such file")
        }
        guard size <= limits.maxBytes else { throw CommandFailure.invalid("\(option) \(path): \(ImageError.tooLarge(bytes: size, limit: limits.maxBytes))") }
        return try Data(contentsOf: url)
    }
}
