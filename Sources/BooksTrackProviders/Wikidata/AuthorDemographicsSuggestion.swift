import BooksTrackCore
import Foundation

/// What Wikidata could add to an author: only the fields the author lacks, never a replacement
/// for something the reader or an import already set.
public struct AuthorDemographicsSuggestion: Hashable, Sendable {
    /// How the Wikidata item was found, from most to least certain.
    public enum Match: String, Hashable, Sendable {
        /// The author's own Wikidata id.
        case wikidataID
        /// The Wikidata id in the author's Open Library record (`remote_ids.wikidata`).
        case openLibrary
        /// A name search, which may pick a namesake: worth a look before applying.
        case nameSearch
    }

    /// Everything Wikidata said about the item, whether the author lacks it or not.
    public var demographics: AuthorDemographics
    /// How the item was found.
    public var match: Match
    /// The gender, only when the author's is `.unknown`.
    public var gender: AuthorGender?
    /// The cultural region, only when the author has none.
    public var culturalRegion: CulturalRegion?
    /// The ISO 3166-1 alpha-2 code of the country of citizenship, only when the author has no nationality.
    public var nationality: String?
    /// The year of birth, only when the author has none.
    public var birthYear: Int?
    /// The year of death, only when the author has none.
    public var deathYear: Int?
    /// The item's id, only when the author has no Wikidata id.
    public var wikidataID: String?

    /// The part of `demographics` that `author` lacks.
    public init(demographics: AuthorDemographics, match: Match, for author: Author) {
        self.demographics = demographics
        self.match = match
        gender = author.gender == .unknown ? demographics.gender : nil
        culturalRegion = author.culturalRegion == nil ? demographics.culturalRegion : nil
        nationality = Self.isBlank(author.nationality) ? demographics.nationality : nil
        birthYear = author.birthYear == nil ? demographics.birthYear : nil
        deathYear = author.deathYear == nil ? demographics.deathYear : nil
        wikidataID = author.externalIDs.wikidataID == nil ? demographics.wikidataID : nil
    }

    /// The suggestion as the authors' use cases take it, with the item's id.
    public var authorSuggestion: AuthorSuggestion {
        AuthorSuggestion(
            match: match.rawValue, itemID: demographics.wikidataID, gender: gender, culturalRegion: culturalRegion,
            nationality: nationality, birthYear: birthYear, deathYear: deathYear, wikidataID: wikidataID
        )
    }

    /// True when there is nothing to add.
    public var isEmpty: Bool { authorSuggestion.isEmpty }

    /// The author with the suggested fields filled in where they are still empty
    /// (`AuthorSuggestion.applying`).
    public func applying(to author: Author, now: Date) -> Author {
        authorSuggestion.applying(to: author, now: now)
    }

    private static func isBlank(_ text: String?) -> Bool {
        text?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true
    }
}
