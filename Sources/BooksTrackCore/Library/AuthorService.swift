import Foundation

/// The authors' use cases: list them, describe them for the diversity insights, and take what an
/// outside source suggests. Each is one transaction of the store.
public struct AuthorService: Sendable {
    private let store: any AuthorStore & LibraryTransactions
    private let now: @Sendable () -> Date

    /// Creates the service over one user's authors.
    public init(store: any AuthorStore & LibraryTransactions, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// Every author, by sort name.
    public func all() async throws -> [Author] {
        let store = store
        return try await store.snapshot { try store.allAuthors() }
    }

    /// The author with this ID; `LibraryError.authorNotFound` when the library has none.
    public func author(id: Author.ID) async throws -> Author {
        let store = store
        return try await store.snapshot {
            guard let author = try store.author(id: id) else { throw LibraryError.authorNotFound(id) }
            return author
        }
    }

    /// The one author a name means.
    public func author(named name: String) async throws -> Author {
        let store = store
        return try await store.snapshot { try Self.unique(named: name, in: store) }
    }

    static func unique(named name: String, in store: any AuthorStore) throws -> Author {
        let found = try store.authors(named: name)
        guard let author = found.first else { throw ItemLookupError.noAuthor(name) }
        guard found.count == 1 else { throw ItemLookupError.ambiguousAuthor(name, candidates: found.map(\.displayName)) }
        return author
    }

    /// Applies what the reader says of an author (found by name) and saves it, in one transaction.
    public func describe(named name: String, _ description: AuthorDescription) async throws -> Author {
        try await describe(description) { store in try Self.unique(named: name, in: store) }
    }

    /// Applies what the reader says of an author (by ID: the server's way) and saves it, in one transaction.
    public func describe(id: Author.ID, _ description: AuthorDescription) async throws -> Author {
        try await describe(description) { store in
            guard let author = try store.author(id: id) else { throw LibraryError.authorNotFound(id) }
            return author
        }
    }

    private func describe(
        _ description: AuthorDescription, find: @escaping @Sendable (any AuthorStore) throws -> Author
    ) async throws -> Author {
        let update = try description.validated()
        let now = now()
        let store = store
        return try await store.transaction {
            var author = try find(store)
            update.apply(to: &author)
            author.touch(now)
            try Validation.validate(author)
            try store.save(author)
            return author
        }
    }

    /// The authors an outside source is asked about: the named one, else every author missing
    /// any of gender, region or nationality.
    public func authorsToAsk(named name: String?) async throws -> [Author] {
        let store = store
        return try await store.snapshot {
            if let name { return [try Self.unique(named: name, in: store)] }
            return try store.allAuthors().filter(\.lacksDiversityDetails)
        }
    }

    /// Takes a suggestion the reader accepted: fills only what the author still lacks (what they
    /// set since stays), in one transaction against the author as they are now.
    public func accept(_ suggestion: AuthorSuggestion, for id: Author.ID) async throws -> Author {
        let now = now()
        let store = store
        return try await store.transaction {
            guard let current = try store.author(id: id) else { throw LibraryError.authorNotFound(id) }
            let updated = suggestion.applying(to: current, now: now)
            if updated != current {
                try Validation.validate(updated)
                try store.save(updated)
            }
            return updated
        }
    }

    /// Asks `source` about each author (at most `maximum`) and, when `apply`, fills only what each
    /// lacks, each author in its own transaction against the author as it is then. `progress(asked,
    /// total)` follows each author; when `isCancelled` turns true it stops before the next one and
    /// throws `CancellationError` (what was applied stays).
    public func suggest(
        named name: String?, maximum: Int, apply: Bool, source: any AuthorDetailsSource,
        progress: (Int, Int) -> Void = { _, _ in }, isCancelled: () -> Bool = { false }
    ) async throws -> AuthorSuggestionRun {
        let authors = try await authorsToAsk(named: name)
        let asked = authors.prefix(max(0, maximum))
        var outcomes: [AuthorSuggestionOutcome] = []
        progress(0, asked.count)
        for author in asked {
            if isCancelled() { throw CancellationError() }
            defer { progress(outcomes.count, asked.count) }
            var outcome = AuthorSuggestionOutcome(authorID: author.id, author: author.displayName)
            do {
                if let suggestion = try await source.suggestedDetails(for: author) {
                    outcome.suggestion = suggestion
                    if apply, !suggestion.isEmpty {
                        _ = try await accept(suggestion, for: author.id)
                        outcome.applied = true
                    }
                }
            } catch {
                outcome.problem = "\(error)"
            }
            outcomes.append(outcome)
        }
        return AuthorSuggestionRun(outcomes: outcomes, notAsked: max(0, authors.count - maximum))
    }
}

extension Author {
    /// Missing any of gender, cultural region or nationality: what `author suggest` asks about.
    public var lacksDiversityDetails: Bool { gender == .unknown || culturalRegion == nil || nationality == nil }
}

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
    func validated() throws(ValidationError) -> AuthorDescription {
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

    func apply(to author: inout Author) {
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

    init(authorID: Author.ID, author: String) {
        self.authorID = authorID
        self.author = author
    }
}

/// What asking about authors found.
public struct AuthorSuggestionRun: Sendable, Hashable {
    public var outcomes: [AuthorSuggestionOutcome]
    /// Authors left for another run (over the maximum).
    public var notAsked: Int
}
