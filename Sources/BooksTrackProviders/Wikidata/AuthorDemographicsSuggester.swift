import BooksTrackCore

/// Finds an author's Wikidata item and suggests the demographics the author lacks.
///
/// The item is looked for, in order: by the author's Wikidata id; by the Wikidata id in the
/// author's Open Library record; by a name search for a writer. A Wikidata id that Wikidata does
/// not know ends the search with no suggestion: it is the reader's own answer, a namesake found
/// by name would not be better. A stored Wikidata id that is no item id ("Q…") is skipped, and is
/// never replaced by the suggestion.
public struct AuthorDemographicsSuggester: Sendable {
    /// Where the demographics come from.
    public let wikidata: WikidataClient
    /// Where Open Library author ids are resolved; nil skips that step.
    public let openLibrary: OpenLibraryProvider?

    /// Creates a suggester from its two sources.
    public init(wikidata: WikidataClient, openLibrary: OpenLibraryProvider?) {
        self.wikidata = wikidata
        self.openLibrary = openLibrary
    }

    /// Creates a suggester asking Wikidata and Open Library as configured, through `transport`.
    public init(configuration: ProviderConfiguration, transport: HTTPTransport) {
        self.init(
            wikidata: WikidataClient(configuration: configuration, transport: transport),
            openLibrary: OpenLibraryProvider(configuration: configuration, transport: transport)
        )
    }

    /// The suggestion for `author`, nil when no Wikidata item was found. A found item whose answers
    /// the author already has gives an empty suggestion (`isEmpty`).
    public func suggestion(for author: Author) async throws(ProviderError) -> AuthorDemographicsSuggestion? {
        if let id = WikidataID(author.externalIDs.wikidataID) {
            return try await wikidata.demographics(of: id).map {
                AuthorDemographicsSuggestion(demographics: $0, match: .wikidataID, for: author)
            }
        }
        if let openLibrary, let openLibraryID = author.externalIDs.openLibraryID,
            let id = WikidataID(try await openLibrary.author(openLibraryID: openLibraryID)?.wikidataID),
            let demographics = try await wikidata.demographics(of: id)
        {
            return AuthorDemographicsSuggestion(demographics: demographics, match: .openLibrary, for: author)
        }
        return try await wikidata.searchWriter(named: author.name).map {
            AuthorDemographicsSuggestion(demographics: $0, match: .nameSearch, for: author)
        }
    }
}

extension AuthorDemographicsSuggester: AuthorDetailsSource {
    /// The suggestion as the authors' use cases take it.
    public func suggestedDetails(for author: Author) async throws -> AuthorSuggestion? {
        let found: AuthorDemographicsSuggestion? = try await suggestion(for: author)
        return found?.authorSuggestion
    }
}
