import BooksTrackCore
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

    /// Accepts several suggestions in one transaction; an author that is gone is passed over.
    /// Answers how many were accepted.
    public func accept(_ suggestions: [(AuthorSuggestion, Author.ID)]) async throws -> Int {
        let now = now()
        let store = store
        return try await store.transaction {
            var accepted = 0
            for (suggestion, id) in suggestions {
                guard let current = try store.author(id: id) else { continue }
                accepted += 1
                let updated = suggestion.applying(to: current, now: now)
                guard updated != current else { continue }
                try Validation.validate(updated)
                try store.save(updated)
            }
            return accepted
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
