import ArgumentParser
import BooksTrackCore

/// `bookstrack show`: everything about one book.
struct ShowCommand: ParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one book in full.")

    @OptionGroup var options: LibraryOptions

    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.")
    var book: String

    func run() throws {
        let (service, found) = try resolve()
        if options.json {
            try JSONOutput.print(BookJSON(found, now: service.now()))
        } else {
            for line in TextFormat.detail(found, now: service.now()) { say(line) }
        }
    }
}
