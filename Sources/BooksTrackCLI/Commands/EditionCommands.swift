import ArgumentParser
import BooksTrackCore
import BooksTrackServices
import Foundation

/// `bookstrack edition`: the editions of a book's work, and which one is the reader's copy.
struct EditionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edition",
        abstract: "List a book's editions, add one, choose which is your copy, or remove one.",
        discussion: """
            Name an edition by the start of its id, as `bookstrack edition list BOOK` shows it.

            Examples:
              bookstrack edition list dune
              bookstrack edition add dune --isbn 9780593099322 --pages 688 --mine
              bookstrack edition choose dune 01a25300-eb
              bookstrack edition remove dune 01a25300-eb
            """,
        subcommands: [List.self, Add.self, Choose.self, Remove.self]
    )

    /// `bookstrack edition list BOOK`.
    struct List: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the editions of a book, marking your copy.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String

        func run() async throws {
            let (found, editions, _) = try await options.library().details(reference)
            if options.json { return try JSONOutput.print(editions.map { BookResource.EditionJSON($0, entryID: found.entry.id) }) }
            guard !editions.isEmpty else {
                return say("No edition of \(found.work.title) is known; add one with bookstrack edition add.")
            }
            say("Editions of \(found.work.title):")
            let ids = TextFormat.shortIDs(editions)
            for edition in editions { say(EditionText.line(edition, id: ids[edition.id] ?? "", of: found)) }
            if !found.entry.isOwned { say("None is your copy: choose one with bookstrack edition choose.") }
        }
    }

    /// `bookstrack edition add BOOK --isbn … --pages … [--mine]`.
    struct Add: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an edition to a book (--mine makes it your copy).")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
        @Option(name: .long, help: "An ISBN-10 or ISBN-13 (repeat for several).") var isbn: [String] = []
        @Option(name: [.customLong("pages"), .customLong("page-count")], parsing: .unconditional, help: "The number of pages.") var pages: String?
        @Option(name: .long, parsing: .unconditional, help: "hardcover, paperback, massMarket, ebook, audiobook or other.") var format: String?
        @Option(name: .long, parsing: .unconditional, help: "The publisher.") var publisher: String?
        @Option(name: [.customLong("published"), .customLong("publication-date")], parsing: .unconditional, help: "1969, 1998-09 or 2020-10-25.")
        var published: String?
        @Option(name: .long, parsing: .unconditional, help: "The language: en, de, pt-BR.") var language: String?
        @Option(name: .customLong("edition-title"), parsing: .unconditional, help: "\"25th anniversary edition\".") var editionTitle: String?
        @Option(name: .long, parsing: .unconditional, help: "The translator.") var translator: String?
        @Option(name: .long, parsing: .unconditional, help: "The narrator of an audiobook.") var narrator: String?
        @Option(name: .customLong("audio-minutes"), parsing: .unconditional, help: "An audiobook's length in minutes.") var audioMinutes: String?
        @Option(name: .customLong("cover-url"), parsing: .unconditional, help: "An https:// address of its cover.") var coverURL: String?
        @Flag(name: .long, help: "It is your copy: the book becomes owned in this edition.") var mine = false
        @Flag(name: .customLong("look-up"), help: "Look the ISBN up (catalog, providers) and add the edition found with its details.")
        var lookUp = false
        @OptionGroup var search: SearchOptions

        func run() async throws {
            if lookUp { return try await addFound() }
            var details = BookEdit()
            if !isbn.isEmpty { try details.set(.isbns, text: isbn.joined(separator: "\n")) }
            let values: [(BookField, String?)] = [
                (.pageCount, pages), (.format, format), (.publisher, publisher), (.publicationDate, published), (.language, language),
                (.editionTitle, editionTitle), (.translator, translator), (.narrator, narrator), (.audioDurationMinutes, audioMinutes),
                (.coverImageURL, coverURL),
            ]
            for case let (field, text?) in values { try details.set(field, text: text) }
            guard details.changesEdition else {
                throw CommandFailure.invalid("say what the edition is: --isbn, --pages, --format, --publisher, --published, --language, "
                    + "--edition-title, --translator, --narrator, --audio-minutes or --cover-url")
            }
            let library = try options.library()
            let (change, edition) = try await library.addEdition(reference, details: details, choose: mine)
            if options.json { return try JSONOutput.print(BookResource(change.book, now: library.now())) }
            say("Added edition \(edition.id) of \(change.book.work.title): \(TextFormat.edition(edition)).")
            if change.book.entry.editionID == edition.id { say("It is your copy.") }
        }
    }

    /// `bookstrack edition choose BOOK EDITION`.
    struct Choose: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "choose", abstract: "Make an edition your copy of the book.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
        @Argument(help: "The edition: the first digits of its id (see edition list).") var edition: String

        func run() async throws {
            let library = try options.library()
            let (chosen, id) = try await EditionText.edition(edition, of: reference, in: library)
            let change = try await library.chooseEdition(reference, editionID: chosen.id)
            if options.json { return try JSONOutput.print(BookResource(change.book, now: library.now())) }
            say("Your copy of \(change.book.work.title) is edition \(id): \(TextFormat.edition(chosen)).")
            say(TextFormat.summary(change.book))
        }
    }

    /// `bookstrack edition remove BOOK EDITION`.
    struct Remove: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove an edition of a book; if it was your copy, the book is no longer owned and your progress is kept."
        )
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
        @Argument(help: "The edition: the first digits of its id (see edition list).") var edition: String

        func run() async throws {
            let library = try options.library()
            let (removed, id) = try await EditionText.edition(edition, of: reference, in: library)
            let change = try await library.removeEdition(reference, editionID: removed.id)
            if options.json { return try JSONOutput.print(BookResource(change.book, now: library.now())) }
            say("Removed edition \(id) of \(change.book.work.title): \(TextFormat.edition(removed)).")
            if change.before.entry.editionID == removed.id {
                say("It was your copy: the book is no longer owned; your progress is kept.")
            }
            say(TextFormat.summary(change.book))
        }
    }
}

/// `bookstrack cover BOOK --file PATH | --url https://…`: the book's cover.
struct CoverCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(
        commandName: "cover",
        abstract: "Set a book's cover: upload an image (JPEG, PNG, WebP or HEIC, up to 10 MB) or give its https address.",
        discussion: "The cover is yours: enrichment and re-imports leave it. --clear removes it."
    )
    @OptionGroup var options: LibraryOptions
    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
    @Option(name: .long, help: "An image file to upload.") var file: String?
    @Option(name: .long, help: "An https:// address of a cover image.") var url: String?
    @Flag(name: .long, help: "Remove the cover you set.") var clear = false

    func validate() throws {
        if [file != nil, url != nil, clear].filter({ $0 }).count != 1 {
            throw ArgumentParser.ValidationError("give --file PATH, --url https://… or --clear (one of them)")
        }
    }

    func run() async throws {
        let library = try options.library()
        let change: BookChange
        if let file {
            change = try await library.uploadCover(reference, data: try Self.read(file))
        } else {
            var edit = BookEdit()
            if let url { try edit.set(.coverImageURL, text: url) } else { try edit.clear(.coverImageURL) }
            change = try await library.edit(reference, edit)
        }
        if options.json { return try JSONOutput.print(BookResource(change.book, now: library.now())) }
        say(TextFormat.cover(change.book).map { "Cover of \(change.book.work.title): \($0)" } ?? "\(change.book.work.title) has no cover now.")
    }

    /// The bytes of an image file, refused before reading when larger than a cover may be.
    static func read(_ file: String) throws -> Data {
        let url = URL(fileURLWithPath: file)
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int else {
            throw CommandFailure.notFound("cannot read \(file): no such file")
        }
        guard size <= PagePhoto.byteLimit else { throw LibraryError.imageTooLarge(bytes: size, limit: PagePhoto.byteLimit) }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CommandFailure.notFound("cannot read \(file): \(error.localizedDescription)")
        }
    }
}

/// Editions named on the command line, and their lines in a list.
enum EditionText {
    /// "  3f2a9c01  Paperback, ISBN 978-0-441-47812-5, 304 pages, Ace  ← your copy".
    static func line(_ edition: Edition, id: String, of book: LibraryBook) -> String {
        "  " + id + "  " + TextFormat.edition(edition) + (edition.id == book.entry.editionID ? "  ← your copy" : "")
    }

    /// The edition of the book whose id starts with `prefix`, with its short id.
    static func edition(_ prefix: String, of reference: BookReference, in library: LibraryService) async throws -> (Edition, String) {
        let key = prefix.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty, key.count <= 36, key.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw CommandFailure.invalid("\"\(prefix.prefix(40))\" is not an edition id; bookstrack edition list BOOK shows them")
        }
        let (found, editions, _) = try await library.details(reference)
        let matches = editions.filter { $0.id.description.lowercased().hasPrefix(key) }
        guard let match = matches.first else {
            throw CommandFailure.notFound("\(found.work.title) has no edition \(key); bookstrack edition list shows its editions")
        }
        guard matches.count == 1 else {
            throw CommandFailure.invalid("\(key) starts the ids of \(matches.count) editions of \(found.work.title); give more of the id")
        }
        return (match, TextFormat.shortIDs(editions)[match.id] ?? match.id.description)
    }
}

extension EditionCommand.Add {
    /// `--look-up`: the edition a search finds for the one ISBN given.
    private func addFound() async throws {
        let others = [pages, format, publisher, published, language, editionTitle, translator, narrator, audioMinutes, coverURL]
        guard isbn.count == 1, others.allSatisfy({ $0 == nil }) else {
            throw CommandFailure.invalid("--look-up takes one --isbn and nothing else: the details come from what the search finds")
        }
        let wanted = try ISBN(parsing: isbn[0])
        let library = try options.library()
        let added = try await search.session(options).using {
            try await $0.addEdition(isbn: wanted, to: reference, choose: mine, library: library)
        }
        if options.json { return try JSONOutput.print(BookResource(added.change.book, now: library.now())) }
        say("Added edition \(added.edition.id) of \(added.change.book.work.title) from \(added.provider): \(TextFormat.edition(added.edition)).")
        if added.change.book.entry.editionID == added.edition.id { say("It is your copy.") }
    }
}
