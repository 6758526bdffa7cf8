import ArgumentParser
import BooksTrackCore
import Foundation

/// `bookstrack tag add|remove`.
struct TagCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tag", abstract: "Add or remove tags.", subcommands: [Add.self, Remove.self])

    struct Add: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add tags to a book.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
        @Argument(help: "Tags (up to 64 characters each).") var tags: [String]

        func validate() throws {
            if tags.isEmpty { throw ArgumentParser.ValidationError("give at least one tag") }
        }

        func run() async throws {
            let library = try options.library()
            let (change, added) = try await library.addTags(reference, tags)
            let updated = change.book
            try report(updated, now: library.now(), message: added.isEmpty ? "No new tags." : "Tagged: \(added.joined(separator: ", ")). Tags now: \(updated.entry.tags.joined(separator: ", "))")
        }
    }

    struct Remove: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove tags from a book.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
        @Argument(help: "Tags to remove.") var tags: [String]

        func validate() throws {
            if tags.isEmpty { throw ArgumentParser.ValidationError("give at least one tag") }
        }

        func run() async throws {
            let library = try options.library()
            let (change, removed) = try await library.removeTags(reference, tags)
            try report(change.book, now: library.now(), message: removed.isEmpty ? "None of those tags were on the book." : "Removed: \(removed.joined(separator: ", ")).")
        }
    }
}

/// `bookstrack quote add|list|remove`.
struct QuoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "quote", abstract: "Keep passages from a book.", subcommands: [Add.self, List.self, Remove.self])

    struct Add: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a quote (up to 2,000 characters).")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
        @Argument(help: "The quoted text.") var text: String
        @Option(name: .long, help: "The page it is on.") var page: Int?

        func run() async throws {
            let library = try options.library()
            let (change, quote) = try await library.addQuote(reference, text: text, page: page)
            try report(change.book, now: library.now(), message: "Quote \(quote.id.description.prefix(8)) added.")
        }
    }

    struct List: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a book's quotes.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String

        func run() async throws {
            let found = try await options.library().book(reference)
            if options.json { return try JSONOutput.print(found.entry.quotes) }
            if found.entry.quotes.isEmpty { return say("No quotes for \(found.work.title).") }
            for quote in found.entry.quotes {
                say("\(quote.id.description.prefix(8))  “\(quote.text)”" + (quote.page.map { " (p. \($0))" } ?? ""))
            }
        }
    }

    struct Remove: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a quote by its id or id prefix.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
        @Argument(help: "The quote's id or id prefix (see `quote list`).") var quote: String

        func run() async throws {
            let library = try options.library()
            let (change, _) = try await library.removeQuote(reference, quoteID: quote)
            try report(change.book, now: library.now(), message: "Quote removed.")
        }
    }
}

/// `bookstrack session add|list`.
struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "session", abstract: "Record reading sessions.", subcommands: [Add.self, List.self])

    struct Add: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Record a sitting with a book.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
        @Option(name: .long, help: "How long you read, 1–1440 minutes.") var minutes: Int
        @Option(name: .long, help: "How many pages you read.") var pages: Int = 0
        @Option(name: .long, help: "When (YYYY-MM-DD); default today.") var date: String?

        func run() async throws {
            let date = try date.map { try ArgumentText.date($0, option: "--date") }
            let library = try options.library()
            let (change, session) = try await library.addSession(reference, minutes: minutes, pages: pages, date: date)
            let updated = change.book
            try report(updated, now: library.now(), message: "Session of \(session.durationMinutes) min on \(TextFormat.date(session.date)) recorded; \(updated.entry.totalReadingMinutes) min in all.")
        }
    }

    struct List: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a book's sessions.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String

        func run() async throws {
            let found = try await options.library().book(reference)
            let sessions = found.entry.sessions
            if options.json { return try JSONOutput.print(sessions) }
            if sessions.isEmpty { return say("No sessions for \(found.work.title).") }
            for session in sessions {
                say("\(TextFormat.date(session.date))  \(String(session.durationMinutes).leftPadded(4)) min  \(String(session.pagesRead).leftPadded(4)) \(session.pagesRead == 1 ? "page" : "pages")")
            }
            let pages = sessions.map(\.pagesRead).saturatingSum()
            say("Total: \(HumanFormat.count(sessions.count, "session", "sessions")), \(found.entry.totalReadingMinutes) min, \(HumanFormat.count(pages, "page", "pages")).")
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

/// `bookstrack photo add|list|save`.
struct PhotoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "photo", abstract: "Keep photos of pages (JPEG, PNG, WebP or HEIC, up to 10 MB; kept as JPEG without location or camera data).", subcommands: [Add.self, List.self, Save.self])

    struct Add: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a photo of a page.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String
        @Argument(help: "The photo (JPEG, PNG, WebP or HEIC).") var file: String
        @Option(name: .long, help: "The page shown.") var page: Int?
        @Option(name: .long, help: "A caption.") var caption: String?
        @Flag(name: .customLong("keep-original"), help: "Also keep the photo as it is, location and camera data included.") var keepOriginal = false

        func run() async throws {
            let url = URL(fileURLWithPath: file)
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
            guard let size else { throw CommandFailure.notFound("cannot read \(file): no such file") }
            guard size <= PagePhoto.byteLimit else { throw LibraryError.imageTooLarge(bytes: size, limit: PagePhoto.byteLimit) }
            let data: Data
            do { data = try Data(contentsOf: url) } catch { throw CommandFailure.notFound("cannot read \(file): \(error.localizedDescription)") }
            let (found, photo) = try await options.library().addPhoto(reference, data: data, page: page, caption: caption, keepOriginal: keepOriginal)
            if options.json { return try JSONOutput.print(photo) }
            say("Photo \(photo.id) added to \(found.work.title) (\(photo.imageType.rawValue.uppercased()), \(ByteCountText.megabytes(photo.byteCount))).")
        }
    }

    struct List: AsyncParsableCommand, BookCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a book's photos.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.") var book: String

        func run() async throws {
            let (found, photos) = try await options.library().photos(reference)
            if options.json { return try JSONOutput.print(photos) }
            if photos.isEmpty { return say("No photos for \(found.work.title).") }
            for photo in photos {
                var line = "\(photo.id)  \(photo.imageType.rawValue.uppercased())  \(photo.byteCount) bytes  \(TextFormat.date(photo.dateAdded))"
                if let page = photo.page { line += "  p. \(page)" }
                if let caption = photo.caption { line += "  \(caption)" }
                say(line)
            }
        }
    }

    struct Save: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "save", abstract: "Write a photo's image to a file.")
        @OptionGroup var options: LibraryOptions
        @Argument(help: "The photo's id (see `photo list`).") var photo: String
        @Option(name: [.short, .long], help: "Where to write it (default: the id with the image's extension).") var output: String?

        func run() async throws {
            guard let id = PagePhoto.ID(uuidString: photo) else { throw CommandFailure.invalid("\"\(photo)\" is not a photo id; see `bookstrack photo list BOOK`") }
            let data = try await options.library().photoData(id)
            let type = ImageType(sniffing: data) ?? .jpeg
            let path = output ?? "\(id).\(type.fileExtension)"
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CommandFailure.invalid("cannot write \(path): \(error.localizedDescription)")
            }
            say("Saved \(data.count) bytes to \(path).")
        }
    }
}
