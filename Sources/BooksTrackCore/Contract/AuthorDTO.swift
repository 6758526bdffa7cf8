/// An author as the API and every provider describe it.
public struct AuthorDTO: Codable, Hashable, Sendable {
    @SingleLineText public var name: String
    @SingleLineText public var sortName: String?
    public var birthYear: Int?
    public var deathYear: Int?
    /// "OL23919A".
    public var openLibraryID: String?
    /// "Q7934".
    public var wikidataID: String?
    public var goodreadsID: String?

    /// Creates an author description.
    public init(
        name: String, sortName: String? = nil, birthYear: Int? = nil, deathYear: Int? = nil,
        openLibraryID: String? = nil, wikidataID: String? = nil, goodreadsID: String? = nil
    ) {
        self.name = name
        self.sortName = sortName
        // Years outside `Bounds.year` are dropped: an author with them could not be saved.
        self.birthYear = birthYear.flatMap { Bounds.year.contains($0) ? $0 : nil }
        self.deathYear = deathYear.flatMap { Bounds.year.contains($0) ? $0 : nil }
        self.openLibraryID = openLibraryID
        self.wikidataID = wikidataID
        self.goodreadsID = goodreadsID
    }
}
