import BooksTrackCore

/// What Wikidata says about an author: gender (P21), country of citizenship (P27) as an ISO code
/// with its cultural region, and the years of birth (P569) and death (P570).
public struct AuthorDemographics: Hashable, Sendable {
    /// The item, "Q235302".
    public var wikidataID: String
    /// The English label, "Octavia E. Butler".
    public var label: String?
    /// The gender, nil when Wikidata has no usable statement.
    public var gender: AuthorGender?
    /// The country of citizenship as an ISO 3166-1 alpha-2 code, upper case ("US"); nil when the
    /// country has no code (the Soviet Union, the Russian Empire) or Wikidata states none.
    public var nationality: String?
    /// The region of `nationality`, by `CountryRegions`.
    public var culturalRegion: CulturalRegion?
    /// The year of birth, when known to the year.
    public var birthYear: Int?
    /// The year of death, when known to the year.
    public var deathYear: Int?

    /// Creates a description.
    public init(
        wikidataID: String, label: String? = nil, gender: AuthorGender? = nil, nationality: String? = nil,
        culturalRegion: CulturalRegion? = nil, birthYear: Int? = nil, deathYear: Int? = nil
    ) {
        self.wikidataID = wikidataID
        self.label = label
        self.gender = gender
        self.nationality = nationality
        self.culturalRegion = culturalRegion
        self.birthYear = birthYear
        self.deathYear = deathYear
    }
}
