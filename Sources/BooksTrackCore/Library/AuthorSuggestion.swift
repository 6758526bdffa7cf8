import Foundation

/// What the reader says of an author; nil fields stay as they are.
public struct AuthorDescription: Sendable, Hashable {
    /// The reader's answer to "is this a marginalized voice?"; `.auto` goes back to the rule.
    public enum Answer: String, Sendable, Hashable, CaseIterable, Codable {
        case yes, no, auto
    }

    public var gender: AuthorGender?
    public var culturalRegion: CulturalRegion?
    /// An ISO 3166 alpha-2 code in any case; "" clears it.
    public var nationality: String?
    public var marginalized: Answer?

    /// Creates a description.
    public init(gender: AuthorGender? = nil, culturalRegion: CulturalRegion? = nil, nationality: String? = nil, marginalized: Answer? = nil) {
        self.gender = gender
        self.culturalRegion = culturalRegion
        self.nationality = nationality
        self.marginalized = marginalized
    }

    /// The description with the nationality checked and upper-cased; refuses an empty one.
    public func validated() throws(ValidationError) -> AuthorDescription {
        if gender == nil, culturalRegion == nil, nationality == nil, marginalized == nil {
            throw .empty(field: "gender, region, nationality or marginalized")
        }
        var checked = self
        if let nationality {
            let code = nationality.trimmingCharacters(in: .whitespaces).uppercased()
            if !code.isEmpty, !CountryRegions.isKnownCountryCode(code) {
                throw .outOfRange(field: "nationality", value: nationality, allowed: "an ISO 3166 country code such as US, NG or JP")
            }
            checked.nationality = code
        }
        return checked
    }

    public func apply(to author: inout Author) {
        if let gender { author.gender = gender }
        if let culturalRegion { author.culturalRegion = culturalRegion }
        if let nationality { author.nationality = nationality.isEmpty ? nil : nationality }
        switch marginalized {
        case .yes?: author.marginalizedVoiceOverride = true
        case .no?: author.marginalizedVoiceOverride = false
        case .auto?: author.marginalizedVoiceOverride = nil
        case nil: break
        }
    }
}

/// A source of authors' details (Wikidata), as the authors' use cases see it.
public protocol AuthorDetailsSource: Sendable {
    /// What the source could add to the author, or nil when it has no item for them.
    func suggestedDetails(for author: Author) async throws -> AuthorSuggestion?
}

/// What a source could add to an author: only the fields the author lacks.
public struct AuthorSuggestion: Sendable, Hashable, Codable {
    /// How the source's item was found: "wikidataID", "openLibrary" or "nameSearch" (which may be
    /// a namesake).
    public var match: String
    /// The source's item.
    public var itemID: String?
    public var gender: AuthorGender?
    public var culturalRegion: CulturalRegion?
    public var nationality: String?
    public var birthYear: Int?
    public var deathYear: Int?
    /// The item's Wikidata id, when the author has none.
    public var wikidataID: String?

    /// Creates a suggestion.
    public init(
        match: String, itemID: String?, gender: AuthorGender?, culturalRegion: CulturalRegion?, nationality: String?,
        birthYear: Int?, deathYear: Int?, wikidataID: String?
    ) {
        self.match = match
        self.itemID = itemID
        self.gender = gender
        self.culturalRegion = culturalRegion
        self.nationality = nationality
        self.birthYear = birthYear
        self.deathYear = deathYear
        self.wikidataID = wikidataID
    }

    /// True when there is nothing to add.
    public var isEmpty: Bool {
        gender == nil && culturalRegion == nil && nationality == nil && birthYear == nil && deathYear == nil && wikidataID == nil
    }

    /// The author with the suggested fields filled in where they are still empty; set fields are
    /// kept as they are. `lastModified` becomes `now` only when something was filled in.
    public func applying(to author: Author, now: Date) -> Author {
        var updated = author
        if let gender, updated.gender == .unknown { updated.gender = gender }
        if let culturalRegion, updated.culturalRegion == nil { updated.culturalRegion = culturalRegion }
        if let nationality, updated.nationality?.trimmingWhitespace().isEmpty ?? true { updated.nationality = nationality }
        if let birthYear, updated.birthYear == nil { updated.birthYear = birthYear }
        if let deathYear, updated.deathYear == nil { updated.deathYear = deathYear }
        if let wikidataID, updated.externalIDs.wikidataID == nil { updated.externalIDs.wikidataID = wikidataID }
        if updated != author { updated.touch(now) }
        return updated
    }
}

/// One author asked about.
public struct AuthorSuggestionOutcome: Sendable, Hashable {
    public var authorID: Author.ID
    public var author: String
    public var suggestion: AuthorSuggestion?
    public var applied = false
    /// Why the source could not be asked.
    public var problem: String?

    public init(authorID: Author.ID, author: String) {
        self.authorID = authorID
        self.author = author
    }
}

/// What asking about authors found.
public struct AuthorSuggestionRun: Sendable, Hashable {
    public var outcomes: [AuthorSuggestionOutcome]
    /// Authors left for another run (over the maximum).
    public var notAsked: Int

    public init(outcomes: [AuthorSuggestionOutcome], notAsked: Int) {
        self.outcomes = outcomes
        self.notAsked = notAsked
    }
}
