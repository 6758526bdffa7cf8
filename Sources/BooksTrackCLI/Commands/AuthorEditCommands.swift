import ArgumentParser
import BooksTrackCore
import BooksTrackServices
import Foundation

/// `bookstrack author edit NAME …`: any field of an author, each read by `AuthorEdit.set`.
struct AuthorEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit an author: name, sort name, gender, region, nationality, ethnicity, birth and death years.",
        discussion: """
            Empty text clears a field (--ethnicity ""), as does --clear FIELD. Genders: \
            \(AuthorGender.allCases.map(\.rawValue).joined(separator: ", ")). Regions: \
            \(CulturalRegion.allCases.map(\.rawValue).joined(separator: ", ")). --marginalized yes|no answers for the \
            author; auto goes back to the rule. Years: -700 is 700 BCE.
            """
    )

    @OptionGroup var options: LibraryOptions
    @Argument(help: "The author's name as the library has it.") var author: String
    @Option(name: .long, help: "The name shown.") var name: String?
    @Option(name: .customLong("sort-name"), help: "\"Last, First\".") var sortName: String?
    @Option(name: .long, help: "female, male, nonBinary, other or unknown.") var gender: String?
    @Option(name: .long, help: "The cultural region, e.g. africa or northAmerica.") var region: String?
    @Option(name: .long, help: "ISO 3166 country code, e.g. NG.") var nationality: String?
    @Option(name: .long, help: "The author's ethnicity, as the reader words it.") var ethnicity: String?
    @Option(name: .long, help: "Year of birth.") var born: String?
    @Option(name: .long, help: "Year of death.") var died: String?
    @Option(name: .long, help: "yes, no or auto.") var marginalized: String?
    @Option(name: .long, help: "A field to clear (repeatable): \(AuthorField.allCases.map(\.rawValue).joined(separator: ", ")).")
    var clear: [String] = []

    func edit() throws -> AuthorEdit {
        var edit = AuthorEdit()
        let given: [(AuthorField, String?)] = [
            (.name, name), (.sortName, sortName), (.gender, gender), (.culturalRegion, region), (.nationality, nationality),
            (.ethnicity, ethnicity), (.birthYear, born), (.deathYear, died), (.marginalizedVoiceOverride, marginalized),
        ]
        for case let (field, text?) in given { try edit.set(field, text: text) }
        for name in clear {
            guard let field = AuthorField(rawValue: name) ?? AuthorField.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
            else {
                throw ArgumentParser.ValidationError("--clear takes one of \(AuthorField.allCases.map(\.rawValue).joined(separator: ", ")); not \(name)")
            }
            try edit.set(field, text: "")
        }
        return edit
    }

    func run() async throws {
        let edit = try edit()
        guard !edit.isEmpty else {
            throw ArgumentParser.ValidationError("give a field to change: --name, --sort-name, --gender, --region, --nationality, "
                                                 + "--ethnicity, --born, --died, --marginalized or --clear FIELD")
        }
        let user = try options.user()
        let found = try await user.authors.author(named: author)
        let edited = try await user.library.editAuthor(found.id, edit)
        if options.json { return try JSONOutput.print(AuthorResource(edited, bookCount: try await user.library.bookCount(ofAuthor: edited.id))) }
        say(AuthorText.details(edited).joined(separator: "\n"))
    }
}

/// `bookstrack author show NAME`: every field of an author and the reader's books by them.
struct AuthorShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show an author and your books by them.")

    @OptionGroup var options: LibraryOptions
    @Argument(help: "The author's name as the library has it.") var author: String

    func run() async throws {
        let user = try options.user()
        let page = try await user.library.authorPage(try await user.authors.author(named: author).id)
        if options.json { return try JSONOutput.print(AuthorResource(page.author, bookCount: page.books.count)) }
        say(AuthorText.details(page.author).joined(separator: "\n"))
        say("Books (\(page.books.count)):")
        for book in page.books {
            say("  \(book.entry.id.description.prefix(8))  \(book.work.title) [\(book.entry.status.displayName)]")
        }
    }
}

/// `bookstrack author merge NAME --into OTHER`: two records of one person become one.
struct AuthorMergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge an author into another who is the same person (Goodreads and StoryGraph spell names differently).",
        discussion: "Every book of the first names the second, who keeps their fields and takes those they lack; the first is deleted."
    )

    @OptionGroup var options: LibraryOptions
    @Argument(help: "The author merged away.") var author: String
    @Option(name: .long, help: "The author kept.") var into: String

    func run() async throws {
        let user = try options.user()
        let merged = try await user.authors.author(named: author)
        let kept = try await user.authors.author(named: into)
        let page = try await user.library.mergeAuthor(merged.id, into: kept.id)
        if options.json { return try JSONOutput.print(AuthorResource(page.author, bookCount: page.books.count)) }
        say("Merged \(merged.displayName) into \(page.author.displayName): \(page.books.count) book\(page.books.count == 1 ? "" : "s").")
    }
}

extension AuthorText {
    /// Every field of an author that is known, one per line.
    static func details(_ author: Author) -> [String] {
        var lines = [author.displayName]
        if let sortName = author.sortName { lines.append("  Sort name: \(sortName)") }
        lines.append("  Gender: \(author.gender.displayName)")
        if let region = author.culturalRegion { lines.append("  Region: \(region.displayName)") }
        if let nationality = author.nationality { lines.append("  Nationality: \(nationality)") }
        if let ethnicity = author.ethnicity { lines.append("  Ethnicity: \(ethnicity)") }
        let voice = author.representsMarginalizedVoices ? "yes" : "no"
        lines.append("  Marginalized voice: \(voice)" + (author.marginalizedVoiceOverride == nil ? " (by the rule)" : " (your answer)"))
        return lines
    }
}
