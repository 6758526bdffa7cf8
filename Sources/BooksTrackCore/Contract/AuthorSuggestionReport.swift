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
