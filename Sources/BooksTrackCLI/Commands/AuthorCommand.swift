import ArgumentParser
import BooksTrackCore
import Foundation

/// `bookstrack author` (also `authors`): describe the authors the diversity insights count.
struct AuthorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "author",
        abstract: "Describe authors (gender, region, nationality) for the diversity insights.",
        subcommands: [AuthorSetCommand.self, AuthorListCommand.self, AuthorSuggestCommand.self],
        aliases: ["authors"]
    )
}

extension AuthorGender: ExpressibleByArgument {}
extension CulturalRegion: ExpressibleByArgument {}

/// Finds the one author a name means.
func uniqueAuthor(named name: String, in store: any LibraryStore) throws -> Author {
    let found = try store.authors(named: name)
    guard let author = found.first else { throw CommandFailure.notFound("no author named \"\(name)\" in the library") }
    guard found.count == 1 else {
        throw CommandFailure.notFound("\(found.count) authors are named \"\(name)\": " + found.map(\.displayName).joined(separator: "; "))
    }
    return author
}

struct AuthorSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set an author's gender, cultural region, nationality or marginalized-voices answer.",
        discussion: """
            Genders: \(AuthorGender.allCases.map(\.rawValue).joined(separator: ", ")). \
            Regions: \(CulturalRegion.allCases.map(\.rawValue).joined(separator: ", ")). \
            Nationality: an ISO 3166 country code such as US or NG ("" clears it). \
            --marginalized yes|no answers for the author; auto goes back to the rule.
            """
    )

    enum Answer: String, ExpressibleByArgument, CaseIterable {
        case yes, no, auto
    }

    @OptionGroup var options: LibraryOptions
    @Argument(help: "The author's name as the library has it.") var name: String
    @Option(name: .long, help: "female, male, nonBinary, other or unknown.") var gender: AuthorGender?
    @Option(name: .long, help: "The cultural region, e.g. africa or northAmerica.") var region: CulturalRegion?
    @Option(name: .long, help: "ISO 3166 country code, e.g. US.") var nationality: String?
    @Option(name: .long, help: "yes, no or auto.") var marginalized: Answer?

    func validate() throws {
        if gender == nil, region == nil, nationality == nil, marginalized == nil {
            throw ArgumentParser.ValidationError("give at least one of --gender, --region, --nationality, --marginalized")
        }
        if let nationality, !nationality.isEmpty, !CountryRegions.isKnownCountryCode(nationality) {
            throw ArgumentParser.ValidationError("--nationality \(nationality) is not an ISO 3166 country code (such as US, NG or JP)")
        }
    }

    func run() throws {
        let service = try options.service()
        var author = try uniqueAuthor(named: name, in: service.store)
        if let gender { author.gender = gender }
        if let region { author.culturalRegion = region }
        if let nationality {
            let code = nationality.trimmingCharacters(in: .whitespaces).uppercased()
            author.nationality = code.isEmpty ? nil : code
        }
        switch marginalized {
        case .yes?: author.marginalizedVoiceOverride = true
        case .no?: author.marginalizedVoiceOverride = false
        case .auto?: author.marginalizedVoiceOverride = nil
        case nil: break
        }
        author.lastModified = CommandContext.current.now()
        try service.store.save(author)
        if options.json { return try JSONOutput.print(author) }
        say(AuthorText.line(author))
    }
}

struct AuthorListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the library's authors and what is known of them.")

    @OptionGroup var options: LibraryOptions

    func run() throws {
        let authors = try options.service().store.allAuthors()
        if options.json { return try JSONOutput.print(authors) }
        authors.forEach { say(AuthorText.line($0)) }
    }
}

/// One line about an author.
enum AuthorText {
    static func line(_ author: Author) -> String {
        let facts = [
            author.gender == .unknown ? "gender unknown" : author.gender.displayName.lowercased(),
            author.culturalRegion?.displayName ?? "region unknown",
            author.nationality ?? "nationality unknown",
        ] + (author.marginalizedVoiceOverride.map { [$0 ? "marginalized voice (set)" : "not a marginalized voice (set)"] } ?? [])
        return "\(author.displayName): " + facts.joined(separator: ", ")
    }
}
