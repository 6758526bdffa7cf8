/// One author asked about, as the terminal's `--json` and the API answer it.
public struct AuthorSuggestionReport: Codable, Hashable, Sendable {
    public var authorID: String
    public var author: String
    /// How the source's item was found: "wikidataID", "openLibrary" or "nameSearch".
    public var match: String?
    public var wikidataID: String?
    /// The fields that could be filled: gender, region, nationality, birthYear, deathYear.
    public var suggested: [String: String]
    public var applied: Bool
    /// Why the source could not be asked.
    public var problem: String?

    /// The report of an outcome.
    public init(_ outcome: AuthorSuggestionOutcome) {
        authorID = outcome.authorID.description
        author = outcome.author
        match = outcome.suggestion?.match
        wikidataID = outcome.suggestion?.itemID
        suggested = outcome.suggestion.map(Self.fields) ?? [:]
        applied = outcome.applied
        problem = outcome.problem
    }

    /// The suggestion this report stands for, as accepting it later applies it (nil when the
    /// source had nothing).
    public var suggestion: AuthorSuggestion? {
        guard let match, !suggested.isEmpty || wikidataID != nil else { return nil }
        let isWikidataItem = wikidataID.map { $0.count > 1 && $0.hasPrefix("Q") && $0.dropFirst().allSatisfy { $0.isASCII && $0.isNumber } } ?? false
        return AuthorSuggestion(
            match: match, itemID: wikidataID, gender: suggested["gender"].flatMap(AuthorGender.init(rawValue:)),
            culturalRegion: suggested["region"].flatMap(CulturalRegion.init(rawValue:)), nationality: suggested["nationality"],
            birthYear: suggested["birthYear"].flatMap { Int($0) }, deathYear: suggested["deathYear"].flatMap { Int($0) },
            wikidataID: isWikidataItem ? wikidataID : nil)
    }

    /// The suggestion's fields under their JSON keys.
    public static func fields(of suggestion: AuthorSuggestion) -> [String: String] {
        var fields: [String: String] = [:]
        if let gender = suggestion.gender { fields["gender"] = gender.rawValue }
        if let region = suggestion.culturalRegion { fields["region"] = region.rawValue }
        if let nationality = suggestion.nationality { fields["nationality"] = nationality }
        if let year = suggestion.birthYear { fields["birthYear"] = String(year) }
        if let year = suggestion.deathYear { fields["deathYear"] = String(year) }
        return fields
    }
}

/// A run of asking about authors, as the API answers it.
public struct AuthorSuggestionsReport: Codable, Hashable, Sendable {
    public var authors: [AuthorSuggestionReport]
    /// Authors left for another run (over the maximum).
    public var notAsked: Int

    /// The report of a run.
    public init(_ run: AuthorSuggestionRun) {
        authors = run.outcomes.map(AuthorSuggestionReport.init)
        notAsked = run.notAsked
    }
}
