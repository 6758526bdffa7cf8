import BooksTrackCore
import Foundation

/// An author as a reader sees them: every field, whether they count as a marginalized voice, and
/// the reader's books by them.
public struct AuthorPage: Sendable, Hashable {
    public var author: Author
    public var books: [LibraryBook]

    public init(author: Author, books: [LibraryBook]) {
        self.author = author
        self.books = books
    }
}

/// Editing the library's authors: every field, and merging two records of one person (Goodreads
/// and StoryGraph spell names differently).
extension LibraryService {
    /// Every author with how many books of the library they wrote, by sort name.
    public func authorsWithBookCounts() async throws -> [(author: Author, books: Int)] {
        let store = self.store
        return try await store.snapshot {
            let counts = try store.bookCounts()
            return try store.allAuthors().map { ($0, counts[$0.id] ?? 0) }
        }
    }

    /// How many of the reader's books `id` wrote, counted in SQL (no book is read).
    public func bookCount(ofAuthor id: Author.ID) async throws -> Int {
        let store = self.store
        return try await store.snapshot { try store.bookCounts()[id] ?? 0 }
    }

    /// An author and the reader's books by them (each work with an entry), by title.
    public func authorPage(_ id: Author.ID) async throws -> AuthorPage {
        let store = self.store
        return try await store.snapshot {
            guard let author = try store.author(id: id) else { throw LibraryError.authorNotFound(id) }
            var books: [LibraryBook] = []
            for workID in try store.workIDs(byAuthor: id) {
                if let entry = try store.entry(workID: workID), let book = try store.book(entryID: entry.id) { books.append(book) }
            }
            books.sort { $0.work.title.localizedStandardCompare($1.work.title) == .orderedAscending }
            return AuthorPage(author: author, books: books)
        }
    }

    /// Applies a reader's edit to an author in one transaction.
    public func editAuthor(_ id: Author.ID, _ edit: AuthorEdit) async throws -> Author {
        guard !edit.isEmpty else { throw EditError.nothingToChange }
        let now = now()
        let store = self.store
        return try await store.transaction {
            guard var author = try store.author(id: id) else { throw LibraryError.authorNotFound(id) }
            try author.apply(edit, now: now)
            try store.save(author)
            return author
        }
    }

    /// Makes `id` and `target` one author: every work of `id` names `target` instead (once, in the
    /// place `id` had when `target` was not already there), `target` keeps its own fields and takes
    /// the ones it lacks from `id`, and `id` is deleted. One transaction.
    public func mergeAuthor(_ id: Author.ID, into target: Author.ID) async throws -> AuthorPage {
        let now = now()
        let store = self.store
        try await store.transaction {
            guard let merged = try store.author(id: id) else { throw LibraryError.authorNotFound(id) }
            guard id != target else { throw LibraryError.invalid(.notValid(field: "into", value: target.description, expected: "another author")) }
            guard var kept = try store.author(id: target) else { throw LibraryError.authorNotFound(target) }
            kept.takeMissingFields(of: merged, now: now)
            try store.save(kept)
            for workID in try store.workIDs(byAuthor: id) {
                guard var work = try store.work(id: workID) else { continue }
                work.authorIDs = work.authorIDs.reduce(into: []) { ids, author in
                    let replaced = author == id ? target : author
                    if !ids.contains(replaced) { ids.append(replaced) }
                }
                work.lastModified = now
                try store.save(work)
            }
            try store.deleteAuthor(id: id)
        }
        return try await authorPage(target)
    }
}

extension Author {
    /// Fills what this author lacks from another record of the same person; what it has stays.
    mutating func takeMissingFields(of other: Author, now: Date) {
        let before = self
        if sortName == nil { sortName = other.sortName }
        if gender == .unknown { gender = other.gender }
        if culturalRegion == nil { culturalRegion = other.culturalRegion }
        if nationality == nil { nationality = other.nationality }
        if ethnicity == nil { ethnicity = other.ethnicity }
        if birthYear == nil { birthYear = other.birthYear }
        if deathYear == nil { deathYear = other.deathYear }
        if marginalizedVoiceOverride == nil { marginalizedVoiceOverride = other.marginalizedVoiceOverride }
        externalIDs.merge(other.externalIDs)
        if self != before { lastModified = now }
    }
}
