import ArgumentParser
import BooksTrackCore
import Foundation

/// `bookstrack start`: start reading (a finished book starts a re-read).
struct StartCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start reading a book (again).")
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String

    func run() async throws {
        let library = try options.library()
        let change = try await library.start(reference)
        let rereading = change.before.entry.status == .read || change.before.entry.status == .dnf
        try report(change.book, now: library.now(), message: rereading ? "Started a re-read; the earlier read is kept in the history." : nil)
    }
}

/// `bookstrack progress`: record the page reached, a percentage, or the time listened of an audiobook.
struct ProgressCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Record the page you reached (120), a percentage (45%) or the time listened of an audiobook (2h30m).",
        discussion: """
            A page above 0 starts a to-read book; the last page finishes it. Time listened is written \
            2h30m, 2h, 45m, 2:30 or 150 min, and needs the audiobook's length \
            (bookstrack edit BOOK --audio-minutes N).
            """
    )
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
    @Argument(help: "A page number, a percentage such as 45%, or a time listened such as 2h30m or 2:30.") var position: String

    func run() async throws {
        let parsed: ProgressPosition
        do {
            parsed = try ProgressPosition.read(position)
        } catch {
            throw CommandFailure.invalid(error.description)
        }
        let library = try options.library()
        let change = try await library.progress(reference, to: parsed)
        let finished = change.before.entry.status != .read && change.book.entry.status == .read
        // A read book moved short of its end is read again: the finished read stays in the history.
        let reread = change.book.entry.readHistory.count > change.before.entry.readHistory.count
        let listened = ProgressPosition.listeningText(change.book).map { "Listened \($0)." }
        let message = [finished ? "Finished!" : nil, reread ? "Started a re-read; the earlier read is kept in the history." : nil, listened]
            .compactMap { $0 }.joined(separator: " ")
        try report(change.book, now: library.now(), message: message.isEmpty ? nil : message)
    }
}

/// `bookstrack finish`: mark a book read.
struct FinishCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(commandName: "finish", abstract: "Mark a book read.")
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String

    func run() async throws {
        let library = try options.library()
        try report(try await library.finish(reference).book, now: library.now())
    }
}

/// `bookstrack stop`: stop reading for good (did not finish).
struct StopCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop reading a book for good (did not finish).")
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String

    func run() async throws {
        let library = try options.library()
        try report(try await library.stop(reference).book, now: library.now())
    }
}

/// `bookstrack hold`: pause a book.
struct HoldCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(commandName: "hold", abstract: "Put a book on hold.")
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String

    func run() async throws {
        let library = try options.library()
        try report(try await library.hold(reference).book, now: library.now())
    }
}

/// `bookstrack status`: move a book to any status.
struct StatusCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Set a book's status: wishlist, toRead, reading, read, onHold or dnf."
    )
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
    @Argument(help: "The new status (source-app names such as \"currently-reading\" work too).") var status: String

    func run() async throws {
        let status = try ArgumentText.status(status)
        let library = try options.library()
        try report(try await library.setStatus(reference, to: status).book, now: library.now())
    }
}

/// `bookstrack acquire`: a wishlist book is now owned.
struct AcquireCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(
        commandName: "acquire",
        abstract: "Mark a wishlist book as owned (it moves to to-read, or --status).",
        discussion: "Without edition details the book's known edition is used."
    )
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
    @Option(name: .long, help: "The status after acquiring.") var status: String = "toRead"
    @Option(name: .long, help: "ISBN of the copy you got.") var isbn: String?
    @Option(name: .long, help: "Format of the copy you got.") var format: String?
    @Option(name: .long, help: "Pages of the copy you got.") var pages: Int?
    @Option(name: .long, help: "Publisher of the copy you got.") var publisher: String?

    func run() async throws {
        let status = try ArgumentText.status(status)
        let isbns = try isbn.map { [try ArgumentText.isbn($0)] } ?? []
        let format = try format.map(ArgumentText.format)
        let library = try options.library()
        let copy = CopyDetails(isbns: isbns, format: format, pageCount: pages, publisher: publisher)
        try report(try await library.acquire(reference, copy: copy, status: status), now: library.now(), message: "Acquired.")
    }
}

/// `bookstrack rate`: a rating from 0.25 to 5 in quarter steps.
struct RateCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(commandName: "rate", abstract: "Rate a book from 0.25 to 5 in quarter steps (0 or --clear removes it).")
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
    @Argument(help: "The rating, e.g. 4 or 3.75.") var rating: Double?
    @Flag(name: .long, help: "Remove the rating.") var clear = false

    func validate() throws {
        if clear == (rating != nil) { throw ArgumentParser.ValidationError("give a rating or --clear") }
    }

    func run() async throws {
        let library = try options.library()
        let rated = try await library.rate(reference, rating: clear ? nil : rating).book
        try report(rated, now: library.now())
        if !options.json { say(rated.entry.rating.map { "Rating: \(TextFormat.rating($0))" } ?? "Rating removed.") }
    }
}

/// `bookstrack review`: write (or replace) the review.
struct ReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Write a book's review, or go through the books shelf scans found (the review queue).",
        discussion: """
            bookstrack review BOOK TEXT writes a book's review (up to 20,000 characters). Alone, \
            bookstrack review lists the books shelf scans found that wait for review; accept, reject, \
            accept-all and match decide them.
            """,
        subcommands: [ReviewWriteCommand.self, ReviewQueueCommand.self, ReviewAcceptCommand.self, ReviewRejectCommand.self,
                      ReviewAcceptAllCommand.self, ReviewMatchCommand.self],
        defaultSubcommand: ReviewWriteCommand.self
    )
}

/// `bookstrack review BOOK TEXT`: a book's review; without a book, the review queue.
struct ReviewWriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "write", abstract: "Write a book's review (up to 20,000 characters).")
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title. Without one, the review queue is listed.") var book: String?
    @Argument(help: "The review text.") var text: String?
    @Option(name: .long, help: "Read the review from this file.") var file: String?
    @Flag(name: .long, help: "The review contains spoilers.") var spoilers = false
    @Flag(name: .long, help: "Remove the review.") var clear = false

    func run() async throws {
        guard let book else {
            if text != nil || file != nil || spoilers || clear { throw CommandFailure.invalid("name the book whose review this is") }
            return try await ReviewQueueCommand.list(options, minimum: 0, limit: 50)
        }
        let text = try TextInput.read(text: text, file: file, clear: clear, what: "review")
        let library = try options.library()
        let changed = try await library.review(.name(book), text: text, hasSpoilers: spoilers).book
        if options.json { return try JSONOutput.print(BookResource(changed, now: library.now())) }
        say(TextFormat.summary(changed))
    }
}

/// `bookstrack note`: private notes.
struct NoteCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(commandName: "note", abstract: "Set a book's private notes (up to 5,000 characters).")
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
    @Argument(help: "The notes.") var text: String?
    @Option(name: .long, help: "Read the notes from this file.") var file: String?
    @Flag(name: .long, help: "Add to the existing notes instead of replacing them.") var append = false
    @Flag(name: .long, help: "Remove the notes.") var clear = false

    func run() async throws {
        let text = try TextInput.read(text: text, file: file, clear: clear, what: "notes")
        let library = try options.library()
        let change = if append, let text { try await library.appendNote(reference, text: text) } else { try await library.note(reference, text: text) }
        try report(change.book, now: library.now())
    }
}

/// `bookstrack favorite`: mark or unmark a favorite.
struct FavoriteCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(commandName: "favorite", abstract: "Mark a book as a favorite (--off to unmark).")
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
    @Flag(name: .long, help: "Unmark.") var off = false

    func run() async throws {
        let library = try options.library()
        try report(try await library.favorite(reference, !off).book, now: library.now(), message: off ? "No longer a favorite." : "Marked as a favorite.")
    }
}

/// `bookstrack remove`: delete a book from the library.
struct RemoveCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a book with its progress, sessions, quotes and photos (authors stay)."
    )
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String

    func run() async throws {
        let removed = try await options.library().remove(reference)
        say("Removed \(removed.work.title)" + (removed.authors.isEmpty ? "" : " — \(removed.authorNames)"))
    }
}

/// Text given inline, from a file, or cleared.
enum TextInput {
    static let fileLimit = 1_000_000

    static func read(text: String?, file: String?, clear: Bool, what: String) throws -> String? {
        let given = [text != nil, file != nil, clear].filter { $0 }.count
        guard given == 1 else { throw CommandFailure.invalid("give the \(what) as text, with --file, or --clear (one of them)") }
        if clear { return nil }
        if let text { return text }
        guard let file else { return nil }
        let url = URL(fileURLWithPath: file)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CommandFailure.notFound("cannot read \(file): \(error.localizedDescription)")
        }
        guard data.count <= fileLimit else { throw CommandFailure.invalid("\(file) is \(data.count) bytes; a \(what) file may have at most \(fileLimit)") }
        guard let string = String(data: data, encoding: .utf8) else { throw CommandFailure.invalid("\(file) is not UTF-8 text") }
        return string
    }
}
