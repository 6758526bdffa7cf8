import ArgumentParser
import BooksTrackCore
import Foundation

/// `bookstrack add`: a book typed by hand.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a book by hand.",
        discussion: "Example: bookstrack add \"The Left Hand of Darkness\" --author \"Ursula K. Le Guin\" --isbn 9780441478125 --pages 304 --status reading --owned"
    )

    @OptionGroup var options: LibraryOptions

    @Argument(help: "The title, e.g. \"Gideon the Ninth (The Locked Tomb #1)\".")
    var title: String

    @Option(help: "A subtitle.")
    var subtitle: String?

    @Option(name: .long, help: "An author (repeat for several; the first is the primary author).")
    var author: [String] = []

    @Option(name: .long, help: "An ISBN-10 or ISBN-13 (repeat for several).")
    var isbn: [String] = []

    @Option(name: .long, help: "Number of pages.")
    var pages: Int?

    @Option(name: .long, help: "hardcover, paperback, massMarket, ebook, audiobook or other.")
    var format: String?

    @Option(name: .long, help: "The publisher.")
    var publisher: String?

    @Option(name: .long, help: "Publication year or date: 1969, 1998-09, 2020-10-25.")
    var year: String?

    @Option(name: .long, help: "Language (BCP 47), e.g. en, de.")
    var language: String?

    @Option(name: .long, help: "wishlist, toRead, reading, read, onHold or dnf (source-app names work too).")
    var status: String = "toRead"

    @Flag(name: .long, help: "You own a copy (not with wishlist).")
    var owned = false

    @Option(name: .long, help: "A tag (repeat for several).")
    var tag: [String] = []

    func run() throws {
        let status = try ArgumentText.status(status)
        let isbns = try isbn.map(ArgumentText.isbn)
        let format = try format.map(ArgumentText.format)
        var published: PartialDate?
        if let year {
            guard let date = PartialDate(parsing: year) else {
                throw CommandFailure.invalid("--year \"\(year)\" is not a date; use 1969, 1998-09 or 2020-10-25")
            }
            published = date
        }
        let service = try options.service()
        let book = try service.add(
            ManualBook(
                title: title, subtitle: subtitle, authors: author, isbns: isbns, pageCount: pages, format: format,
                publisher: publisher, publicationDate: published, language: language, status: status, isOwned: owned, tags: tag
            )
        )
        if options.json {
            try JSONOutput.print(BookJSON(book, now: service.now()))
        } else {
            say("Added \(TextFormat.summary(book))")
            say("id \(book.entry.id)")
        }
    }
}
