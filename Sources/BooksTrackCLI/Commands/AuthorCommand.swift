import ArgumentParser
import BooksTrackCore
import BooksTrackProviders
import BooksTrackServices
import Foundation

/// `bookstrack author` (also `authors`): describe the authors the diversity insights count.
struct AuthorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "author",
        abstract: "Describe, edit and merge authors (gender, region, nationality …) for the diversity insights.",
        subcommands: [
            AuthorSetCommand.self, AuthorEditCommand.self, AuthorShowCommand.self, AuthorMergeCommand.self, AuthorListCommand.self,
            AuthorSuggestCommand.self,
        ],
        aliases: ["authors"]
    )
}

extension AuthorGender: ExpressibleByArgument {}
extension CulturalRegion: ExpressibleByArgument {}
extension AuthorDescription.Answer: ExpressibleByArgument {}

struct AuthorSetCommand: AsyncParsableCommand {
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

    @OptionGroup var options: LibraryOptions
    @Argument(help: "The author's name as the library has it.") var name: String
    @Option(name: .long, help: "female, male, nonBinary, other or unknown.") var gender: AuthorGender?
    @Option(name: .long, help: "The cultural region, e.g. africa or northAmerica.") var region: CulturalRegion?
    @Option(name: .long, help: "ISO 3166 country code, e.g. US.") var nationality: String?
    @Option(name: .long, help: "yes, no or auto.") var marginalized: AuthorDescription.Answer?

    func validate() throws {
        if gender == nil, region == nil, nationality == nil, marginalized == nil {
            throw ArgumentParser.ValidationError("give at least one of --gender, --region, --nationality, --marginalized")
        }
    }

    func run() async throws {
        let description = AuthorDescription(gender: gender, culturalRegion: region, nationality: nationality, marginalized: marginalized)
        let author = try await options.user().authors.describe(named: name, description)
        if options.json { return try JSONOutput.print(author) }
        say(AuthorText.line(author))
    }
}

struct AuthorListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the library's authors and what is known of them.")

    @OptionGroup var options: LibraryOptions

    func run() async throws {
        let authors = try await options.user().authors.all()
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

struct AuthorSuggestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Suggest authors' gender, citizenship and region from Wikidata; --apply accepts them.",
        discussion: """
            Finds each author's Wikidata item (the author's Wikidata id, else the one on its Open \
            Library record, else a search for a writer of that name) and suggests only what the \
            author lacks: gender, country of citizenship, the region of that country, life years. \
            Values already set are never replaced. A match found by name search may be a namesake: \
            read the suggestions before --apply. Without a name, the authors missing any of gender, \
            region or nationality are asked about, at most --max of them.
            """
    )

    @OptionGroup var options: LibraryOptions
    @Argument(help: "One author's name (default: every author missing something).") var name: String?
    @Flag(name: .long, help: "Save the suggestions (only into empty fields).") var apply = false
    @Option(name: .customLong("max"), help: "Ask about at most this many authors.") var maximum = 25
    @Option(name: .long, help: "Your e-mail or URL for the User-Agent (or BOOKSTRACK_CONTACT).") var contact: String?

    func validate() throws {
        if maximum < 1 { throw ArgumentParser.ValidationError("--max must be at least 1") }
    }

    func run() async throws {
        let app = try options.app()
        let configuration = try app.providerConfiguration(offline: false, timeout: nil, providers: nil, contact: contact)
        let (source, close) = try app.authorDetailsSource(configuration)
        let authors: AuthorService
        do {
            authors = try options.user().authors
        } catch {
            await close()
            throw error
        }
        let run: AuthorSuggestionRun
        do {
            run = try await authors.suggest(named: name, maximum: maximum, apply: apply, source: source)
            await close()
        } catch {
            await close()
            throw error
        }
        let outcomes = run.outcomes.map(AuthorSuggestionReport.init)
        if options.json { return try JSONOutput.print(outcomes) }
        guard !outcomes.isEmpty else { return say("Every author already has gender, region and nationality.") }
        for outcome in outcomes { say(Self.line(outcome)) }
        let found = outcomes.filter { !$0.suggested.isEmpty }.count
        let applied = outcomes.filter(\.applied).count
        say("")
        say(apply ? "Applied suggestions to \(applied) of \(outcomes.count) authors."
            : "\(found) of \(outcomes.count) authors have suggestions; run again with --apply to save them.")
        if run.notAsked > 0 { say("\(run.notAsked) more authors to ask about: run again, or raise --max.") }
    }

    /// The suggested fields in words ("gender non-binary", "region North America", "born 1929"),
    /// not the JSON keys and values they are kept under.
    static func suggestionWords(_ suggested: [String: String]) -> [String] {
        var words: [String] = []
        if let gender = suggested["gender"] {
            words.append("gender " + (AuthorGender(rawValue: gender)?.displayName.lowercased() ?? gender))
        }
        if let region = suggested["region"] { words.append("region " + (CulturalRegion(rawValue: region)?.displayName ?? region)) }
        if let nationality = suggested["nationality"] { words.append("nationality " + nationality) }
        if let year = suggested["birthYear"] { words.append("born " + year) }
        if let year = suggested["deathYear"] { words.append("died " + year) }
        return words
    }

    private static func line(_ outcome: AuthorSuggestionReport) -> String {
        if let problem = outcome.problem { return "\(outcome.author): could not ask Wikidata (\(problem))" }
        guard let match = outcome.match, let id = outcome.wikidataID else { return "\(outcome.author): no Wikidata item found" }
        let how = match == "nameSearch" ? "found by name: check it is the right person" : "linked"
        guard !outcome.suggested.isEmpty else { return "\(outcome.author) (\(id), \(how)): nothing to add" }
        let text = suggestionWords(outcome.suggested).joined(separator: ", ")
        return "\(outcome.author) (\(id), \(how)): \(text)" + (outcome.applied ? " — saved" : "")
    }
}
