import BooksTrackCore
import BooksTrackProviders
import Foundation

/// The search use cases: answer a question typed in one box or in fields, add a result to the
/// library, and search for the enrichment of queued books. Shared by the terminal and the server.
public struct SearchService: Sendable {
    /// The longest question accepted, in characters.
    public static let queryLimit = 512

    private let orchestrator: SearchOrchestrator

    /// Creates the service over an orchestrator (catalog, cache, providers).
    public init(orchestrator: SearchOrchestrator) {
        self.orchestrator = orchestrator
    }

    /// Answers one question: an ISBN, free words of the title and author, a title, or a title and
    /// an author. Free words that parse as an ISBN are an ISBN lookup.
    public func answer(_ question: SearchQuestion) async throws -> SearchAnswer {
        await answer(try question.parsed())
    }

    private func answer(_ parsed: SearchQuestion.Parsed) async -> SearchAnswer {
        switch parsed {
        case .isbn(let isbn): await orchestrator.lookup(isbn: isbn)
        case .words(let words): await orchestrator.search(text: words)
        case .title(let title, nil): await orchestrator.search(title: title)
        case .title(let title, let author?): await orchestrator.search(title: title, author: author)
        }
    }

    /// Searches and adds the `pick`-th result (from 1) to the library: for an ISBN question, the
    /// edition carrying that ISBN. Nothing found, or fewer results than `pick`, is a `SearchError`.
    public func add(
        _ question: SearchQuestion, pick: Int = 1, status: ReadingStatus = .toRead, owned: Bool = false, tags: [String] = [],
        to library: LibraryService
    ) async throws -> AddedFromSearch {
        if owned, status == .wishlist { throw LibraryError.wishlistCannotBeOwned }
        guard pick >= 1 else { throw SearchError.pickOutOfRange(pick: pick, found: 0) }
        let parsed = try question.parsed()
        let answer = await answer(parsed)
        guard !answer.works.isEmpty else {
            let asked = answer.reports.map { "\($0.provider): \($0.message ?? $0.outcome.displayName)" }.joined(separator: "; ")
            throw SearchError.nothingFound(question: parsed.description, asked: asked)
        }
        guard pick <= answer.works.count else { throw SearchError.pickOutOfRange(pick: pick, found: answer.works.count) }
        let work = answer.works[pick - 1]
        var edition = work.editions.first
        if case .isbn(let wanted) = parsed {
            edition = work.editions.first { $0.isbn13.contains(wanted.isbn13) } ?? edition
        }
        let book = try await library.add(work, edition: edition, status: status, owned: owned, tags: tags)
        return AddedFromSearch(book: book, provider: work.primaryProvider, cached: answer.cached)
    }

    /// Looks an ISBN up (the catalog, the cache, the providers) and adds the edition found to the
    /// book's work, made the reader's own when `choose`. Nothing found is `SearchError.nothingFound`:
    /// the reader can then add the edition by hand with the ISBN and what they know.
    public func addEdition(
        isbn: ISBN, to reference: BookReference, choose: Bool, library: LibraryService
    ) async throws -> (change: BookChange, edition: Edition, provider: String) {
        let answer = await orchestrator.lookup(isbn: isbn)
        let found = answer.works.lazy.compactMap { work in
            work.editions.first { dto in dto.isbn13.contains(isbn.isbn13) || dto.isbn10.contains { ISBN($0) == isbn } }.map { (work, $0) }
        }.first
        guard let (work, dto) = found else {
            let asked = answer.reports.map { "\($0.provider): \($0.message ?? $0.outcome.displayName)" }.joined(separator: "; ")
            throw EditError.noEditionFound(isbn, asked: asked)
        }
        var edition = DTOMapping.edition(dto, workID: Work.ID(), now: library.now())
        if !edition.isbns.contains(isbn) { edition.isbns.insert(isbn, at: 0) }
        let (change, added) = try await library.addEdition(reference, found: edition, choose: choose)
        return (change, added, dto.primaryProvider.isEmpty ? work.primaryProvider : dto.primaryProvider)
    }

    /// The search an enrichment run uses. Only an online provider's answer counts as reaching a
    /// source (found or not found), so books the offline catalog cannot complete stay queued for a
    /// run with providers; a cached answer keeps the reports it was made with.
    public var enrichmentSearch: LibraryEnricher.Search {
        let orchestrator = orchestrator
        let offline = Set([orchestrator.catalog?.name].compactMap { $0 })
        return { isbn, title, author in
            let answer: SearchAnswer
            if let isbn {
                answer = await orchestrator.lookup(isbn: isbn)
            } else if let author {
                answer = await orchestrator.search(title: title, author: author)
            } else {
                answer = await orchestrator.search(title: title)
            }
            let reached = answer.reports.contains { report in
                !offline.contains(report.provider) && (report.outcome == .found || report.outcome == .notFound)
            }
            let failed = answer.reports.contains { [.failed, .timedOut, .rateLimited].contains($0.outcome) }
            return LibraryEnricher.Answer(works: answer.works, reachedASource: reached, aSourceFailed: failed)
        }
    }
}

/// A search question as a front end received it: one box (`query`), or fields.
public struct SearchQuestion: Sendable, Hashable {
    public var query: String?
    public var isbn: String?
    public var title: String?
    public var author: String?

    /// Creates a question; give `query`, `isbn` or `title` (with `author` optionally).
    public init(query: String? = nil, isbn: String? = nil, title: String? = nil, author: String? = nil) {
        self.query = query
        self.isbn = isbn
        self.title = title
        self.author = author
    }

    /// What is asked, checked.
    public enum Parsed: Sendable, Hashable, CustomStringConvertible {
        case isbn(ISBN)
        /// Free words of the title and the author ("dune herbert").
        case words(String)
        case title(String, author: String?)

        public var description: String {
            switch self {
            case .isbn(let isbn): "ISBN \(isbn.isbn13)"
            case .words(let words), .title(let words, nil): "\"\(words)\""
            case .title(let title, let author?): "\"\(title)\" by \(author)"
            }
        }
    }

    /// The question checked: an ISBN must be valid; words are 1–512 characters; free words that
    /// parse as an ISBN are an ISBN.
    public func parsed() throws -> Parsed {
        if let isbn { return .isbn(try ISBN(parsing: isbn)) }
        if let query, let parsed = ISBN(query) { return .isbn(parsed) }
        let words = (title ?? query ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty else { throw SearchError.emptyQuestion }
        guard words.count <= SearchService.queryLimit else {
            throw SearchError.questionTooLong(length: words.count, limit: SearchService.queryLimit)
        }
        let author = author?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let author, !author.isEmpty {
            guard author.count <= SearchService.queryLimit else {
                throw SearchError.questionTooLong(length: author.count, limit: SearchService.queryLimit)
            }
            return .title(words, author: author)
        }
        return title == nil ? .words(words) : .title(words, author: nil)
    }
}

/// A book added from a search, and where it came from.
public struct AddedFromSearch: Sendable {
    public var book: LibraryBook
    /// The provider tag of the result.
    public var provider: String
    public var cached: Bool
}

/// Why a search use case could not be done.
public enum SearchError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyQuestion
    case questionTooLong(length: Int, limit: Int)
    case nothingFound(question: String, asked: String)
    case pickOutOfRange(pick: Int, found: Int)

    public var description: String {
        switch self {
        case .emptyQuestion: "give some words of the title or author"
        case .questionTooLong(let length, let limit): "the search is \(length) characters long; the limit is \(limit)"
        case .nothingFound(let question, let asked):
            "nothing found for \(question) (\(asked)); add it by hand: bookstrack add \"TITLE\" --author … --isbn …"
        case .pickOutOfRange(let pick, let found):
            pick < 1 ? "the pick starts at 1" : "--pick \(pick): the search found only \(found) books"
        }
    }
}
