import Foundation

/// An author of the library as the API answers it: every field, with the diversity analytics the
/// insights use (whether the author counts as a marginalized voice, by the reader's answer or the
/// rule) and how many of the reader's books they wrote.
public struct AuthorResource: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var sortName: String?
    public var gender: AuthorGender
    public var culturalRegion: CulturalRegion?
    public var nationality: String?
    public var ethnicity: String?
    public var birthYear: Int?
    public var deathYear: Int?
    public var marginalizedVoiceOverride: Bool?
    /// The reader's answer when given, else the rule (gender or region).
    public var representsMarginalizedVoices: Bool
    public var representsIndigenousVoices: Bool
    public var bookCount: Int
    public var externalIDs: AuthorExternalIDs
    public var dateCreated: Date
    public var lastModified: Date

    /// The resource of `author`, who wrote `bookCount` of the reader's books.
    public init(_ author: Author, bookCount: Int) {
        id = author.id.description
        name = author.name
        sortName = author.sortName
        gender = author.gender
        culturalRegion = author.culturalRegion
        nationality = author.nationality
        ethnicity = author.ethnicity
        birthYear = author.birthYear
        deathYear = author.deathYear
        marginalizedVoiceOverride = author.marginalizedVoiceOverride
        representsMarginalizedVoices = author.representsMarginalizedVoices
        representsIndigenousVoices = author.representsIndigenousVoices
        self.bookCount = bookCount
        externalIDs = author.externalIDs
        dateCreated = author.dateCreated
        lastModified = author.lastModified
    }
}
