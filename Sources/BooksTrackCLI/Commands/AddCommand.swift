import ArgumentParser
import BooksTrackCore
import BooksTrackProviders
import Foundation

/// `bookstrack add`: a book typed by hand.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a book: by ISBN or a search (details filled from the catalog and providers), or by hand.",
        discussion: """
            Examples:
              bookstrack add --isbn 9780441172719 --status reading
              bookstrack add --search "left hand of darkness" [--pick 2]
              bookstrack add "The Left Hand of Darkness" --author "Ursula K. Le Guin" --pages 304 --owned
            """
    )

    @OptionGroup var options: LibraryOptions
    @OptionGroup var search: SearchOptions

    @Argument(help: "The title, e.g. \"Gideon the Ninth (The Locked Tomb #1)\", to add by hand.")
    var title: String?

    @Option(name: .customLong("search"), help: "Search for these words of the title and author (or the title, with --author) and add a result.")
    var searchWords: String?

    @Option(name: .long, help: "Which search result to add (1 is the best match).")
    var pick: Int = 1

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

    func validate() throws {
        if title != nil, searchWords != nil { throw ArgumentParser.ValidationError("give a title to add by hand, or --search, not both") }
        if title == nil, searchWords == nil, isbn.isEmpty { throw ArgumentParser.ValidationError("give a title, --isbn or --search") }
        if pick < 1 { throw ArgumentParser.ValidationError("--pick starts at 1") }
    }

    func run() async throws {
        guard let title else { return try await addFromSearch() }
        try addByHand(title: title)
    }

    /// Looks the book up and adds what was found, reusing what the library already has.
    private func addFromSearch() async throws {
        let status = try ArgumentText.status(status)
        if owned, status == .wishlist { throw LibraryError.wishlistCannotBeOwned }
        let answer = try await SearchSession.ask(
            // Search words without --author may name the author too ("dune herbert"), as in `search`.
            options: options, search: search, query: author.first == nil ? searchWords : nil,
            isbn: searchWords == nil ? isbn[0] : nil, title: author.first == nil ? nil : searchWords,
            author: searchWords == nil ? nil : author.first
        )
        let asked = answer.reports.map { "\($0.provider): \($0.message ?? $0.outcome.displayName)" }.joined(separator: "; ")
        guard !answer.works.isEmpty else {
            let what = searchWords.map { "\"\($0)\"" } ?? "ISBN \(isbn[0])"
            throw CommandFailure.notFound("nothing found for \(what) (\(asked)); add it by hand: bookstrack add \"TITLE\" --author … --isbn …")
        }
        guard pick <= answer.works.count else {
            throw CommandFailure.invalid("--pick \(pick): the search found only \(answer.works.count) books")
        }
        let work = answer.works[pick - 1]
        var edition = work.editions.first
        if searchWords == nil, let wanted = ISBN(isbn[0]) {
            edition = work.editions.first { $0.isbn13.contains(wanted.isbn13) } ?? edition
        }
        let service = try options.service(creatingUser: true)
        var book = try service.add(work, edition: edition, status: status, owned: owned)
        if !tag.isEmpty { book = try service.addTags(book.entry.id, tag).0 }
        if options.json {
            try JSONOutput.print(BookJSON(book, now: service.now()))
        } else {
            say("Added \(TextFormat.summary(book))")
            say("from \(work.primaryProvider)" + (answer.cached ? " (cached)" : "") + "; id \(book.entry.id)")
        }
    }

    /// Adds a book typed by hand.
    private func addByHand(title: String) throws {
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
        let service = try options.service(creatingUser: true)
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
