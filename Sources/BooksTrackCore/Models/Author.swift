import Foundation

/// A person who wrote (or co-wrote) works in the library, with the demographics used by insights.
public struct Author: Hashable, Sendable, Codable, Identifiable {
    /// The author's identifier.
    public typealias ID = Identifier<Author>

    public var id: ID
    @SingleLineText public var name: String
    /// "Last, First".
    @SingleLineText public var sortName: String?
    public var gender: AuthorGender
    public var culturalRegion: CulturalRegion?
    @SingleLineText public var nationality: String?
    @SingleLineText public var ethnicity: String?
    public var birthYear: Int?
    public var deathYear: Int?
    /// An explicit answer from the reader; wins over the computed rule.
    public var marginalizedVoiceOverride: Bool?
    /// Identifiers of this author at outside services.
    public var externalIDs: AuthorExternalIDs
    public var dateCreated: Date
    /// Changed by every mutation.
    public var lastModified: Date

    /// Creates an author with the model's defaults.
    public init(
        id: ID = ID(),
        name: String,
        sortName: String? = nil,
        gender: AuthorGender = .unknown,
        culturalRegion: CulturalRegion? = nil,
        nationality: String? = nil,
        ethnicity: String? = nil,
        birthYear: Int? = nil,
        deathYear: Int? = nil,
        marginalizedVoiceOverride: Bool? = nil,
        externalIDs: AuthorExternalIDs = AuthorExternalIDs(),
        dateCreated: Date,
        lastModified: Date? = nil
    ) {
        self.id = id
        self.name = name.trimmingWhitespace()
        self.sortName = sortName
        self.gender = gender
        self.culturalRegion = culturalRegion
        self.nationality = nationality
        self.ethnicity = ethnicity
        self.birthYear = birthYear
        self.deathYear = deathYear
        self.marginalizedVoiceOverride = marginalizedVoiceOverride
        self.externalIDs = externalIDs
        self.dateCreated = dateCreated
        self.lastModified = lastModified ?? dateCreated
    }
}

/// An author's identifiers at outside services.
public struct AuthorExternalIDs: Hashable, Sendable, Codable {
    public var openLibraryID: String?
    public var isbndbID: String?
    public var googleBooksID: String?
    public var goodreadsID: String?
    public var wikidataID: String?

    /// Creates a set of identifiers; empty strings are treated as missing.
    public init(
        openLibraryID: String? = nil,
        isbndbID: String? = nil,
        googleBooksID: String? = nil,
        goodreadsID: String? = nil,
        wikidataID: String? = nil
    ) {
        self.openLibraryID = ExternalID.clean(openLibraryID)
        self.isbndbID = ExternalID.clean(isbndbID)
        self.googleBooksID = ExternalID.clean(googleBooksID)
        self.goodreadsID = ExternalID.clean(goodreadsID)
        self.wikidataID = ExternalID.clean(wikidataID)
    }
}
