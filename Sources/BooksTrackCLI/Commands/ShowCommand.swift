import ArgumentParser
import BooksTrackCore

/// `bookstrack show`: everything about one book.
struct ShowCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one book in full: every field that is set, its editions, and which fields you set by hand.")

    @OptionGroup var options: LibraryOptions

    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.")
    var book: String

    func run() async throws {
        let library = try options.library()
        let (found, editions, _) = try await library.details(reference)
        if options.json {
            try JSONOutput.print(BookResource(found, now: library.now()))
        } else {
            for line in TextFormat.detail(found, editions: editions, now: library.now()) { say(line) }
        }
    }
}
