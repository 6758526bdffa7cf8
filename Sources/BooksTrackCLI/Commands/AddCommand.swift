import ArgumentParser
import BooksTrackCore
import BooksTrackProviders
import BooksTrackServices
import Foundation

/// `bookstrack add`: a book typed by hand.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a book: by ISBN or a search (details filled from the catalog and providers), or by hand.",
        discussion: """
            Examples:
              bookstrack add --isbn 9780441172719 --status reading
              bookstrack add --photo back-cover.jpg
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

    @Option(name: .long, help: "A photo of the back cover (JPEG, PNG, WebP or HEIC): its ISBN barcode is read and looked up.")
    var photo: String?

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
        if title == nil, searchWords == nil, isbn.isEmpty, photo == nil {
            throw ArgumentParser.ValidationError("give a title, --isbn, --photo or --search")
        }
        if photo != nil, title != nil || searchWords != nil || !isbn.isEmpty {
            throw ArgumentParser.ValidationError("--photo reads the ISBN from the photo: give it alone, without a title, --isbn or --search")
        }
        if pick < 1 { throw ArgumentParser.ValidationError("--pick starts at 1") }
    }

    func run() async throws {
        guard let title else { return try await addFromSearch() }
        try await addByHand(title: title)
    }

    /// Looks the book up and adds what was found, reusing what the library already has.
    private func addFromSearch() async throws {
        let status = try ArgumentText.status(status)
        var isbn = isbn
        if let photo { isbn = [try await isbnInPhoto(photo).isbn13] }
        // Search words without --author may name the author too ("dune herbert"), as in `search`.
        let question = SearchQuestion(
            query: author.first == nil ? searchWords : nil, isbn: searchWords == nil ? isbn[0] : nil,
            title: author.first == nil ? nil : searchWords, author: searchWords == nil ? nil : author.first
        )
        let library = try options.library(creatingUser: true)
        let added = try await search.session(options).using {
            try await $0.add(question, pick: pick, status: status, owned: owned, tags: tag, to: library)
        }
        if options.json {
            try JSONOutput.print(BookResource(added.book, now: library.now()))
        } else {
            say("Added \(TextFormat.summary(added.book))")
            say("from \(added.provider)" + (added.cached ? " (cached)" : "") + "; id \(added.book.entry.id)")
        }
    }

    /// The ISBN of the one book whose barcode the photo shows.
    private func isbnInPhoto(_ path: String) async throws -> ISBN {
        let data = try PhotoFile.read(path, option: "--photo")
        do {
            let isbn = try await options.app().barcodeReader().isbn(inPhoto: data)
            if !options.json { say("Read ISBN \(isbn.isbn13) from the barcode") }
            return isbn
        } catch let error as ImageError {
            throw CommandFailure.invalid("--photo \(path): \(error)")
        } catch let error as BarcodeError {
            throw CommandFailure.invalid("--photo \(path): \(error)")
        }
    }

    /// Adds a book typed by hand.
    private func addByHand(title: String) async throws {
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
        let library = try options.library(creatingUser: true)
        let book = try await library.add(
            ManualBook(
                title: title, subtitle: subtitle, authors: author, isbns: isbns, pageCount: pages, format: format,
                publisher: publisher, publicationDate: published, language: language, status: status, isOwned: owned, tags: tag
            )
        )
        if options.json {
            try JSONOutput.print(BookResource(book, now: library.now()))
        } else {
            say("Added \(TextFormat.summary(book))")
            say("id \(book.entry.id)")
        }
    }
}
