import BooksTrackCore
import BooksTrackProviders
import Foundation

/// One book a client sent to be looked up (the seed's enrichment batch): an ISBN, or a title with
/// the author when known.
public struct BookLookupQuestion: Codable, Hashable, Sendable {
    public var title: String?
    public var author: String?
    public var isbn: String?

    /// Creates a question.
    public init(title: String? = nil, author: String? = nil, isbn: String? = nil) {
        self.title = title
        self.author = author
        self.isbn = isbn
    }

    /// The search it asks: the ISBN when one is given, else the title (and author).
    func searchQuestion() -> SearchQuestion {
        if let isbn = isbn?.trimmingCharacters(in: .whitespaces), !isbn.isEmpty { return SearchQuestion(isbn: isbn) }
        return SearchQuestion(title: title ?? "", author: author)
    }
}

/// What a looked-up book found: the best result, or nothing.
public struct BookLookupResult: Codable, Hashable, Sendable {
    /// The question as sent.
    public var question: BookLookupQuestion
    /// The best result: the one carrying the ISBN asked for, else the first; nil when nothing was found.
    public var work: WorkDTO?
    /// Whether the answer came from the cache.
    public var cached: Bool
}

extension SearchService {
    /// The most books one lookup batch takes.
    public static let lookupLimit = 500

    /// Checks every question before any search: 1–500 of them, each a valid ISBN or a title of
    /// 1–512 characters. The error names the question (`books[3].isbn`).
    public static func checkLookups(_ questions: [BookLookupQuestion]) throws(ValidationError) {
        guard !questions.isEmpty else { throw .empty(field: "books") }
        guard questions.count <= lookupLimit else {
            throw .outOfRange(field: "books", value: "\(questions.count) books", allowed: "at most \(lookupLimit) in one batch")
        }
        for (index, question) in questions.enumerated() {
            do {
                _ = try question.searchQuestion().parsed()
            } catch let error as ISBNError {
                throw .outOfRange(field: "books[\(index)].isbn", value: question.isbn ?? "", allowed: error.description)
            } catch SearchError.questionTooLong(let length, let limit) {
                throw .tooLong(field: "books[\(index)].title", limit: limit, length: length)
            } catch {
                throw .empty(field: "books[\(index)].title")
            }
        }
    }

    /// Looks each book up, ten at a time, calling `progress(done, total)` after each ten. When
    /// `isCancelled` turns true it stops before the next ten and throws `CancellationError`.
    public func lookUp(
        _ questions: [BookLookupQuestion], progress: (Int, Int) -> Void = { _, _ in }, isCancelled: () -> Bool = { false }
    ) async throws -> [BookLookupResult] {
        try Self.checkLookups(questions)
        var results: [BookLookupResult] = []
        progress(0, questions.count)
        for start in stride(from: 0, to: questions.count, by: LibraryEnricher.batchSize) {
            if isCancelled() { throw CancellationError() }
            let batch = Array(questions[start..<min(start + LibraryEnricher.batchSize, questions.count)])
            let answers = await withTaskGroup(of: (Int, BookLookupResult).self) { group in
                for (index, question) in batch.enumerated() {
                    group.addTask { (index, await lookUp(question)) }
                }
                var answers: [Int: BookLookupResult] = [:]
                for await (index, result) in group { answers[index] = result }
                return answers
            }
            results += batch.indices.compactMap { answers[$0] }
            progress(results.count, questions.count)
        }
        return results
    }

    private func lookUp(_ question: BookLookupQuestion) async -> BookLookupResult {
        let search = question.searchQuestion()
        // Checked before the batch started.
        guard let answer = try? await answer(search) else { return BookLookupResult(question: question, work: nil, cached: false) }
        var best = answer.works.first
        if case .isbn(let isbn)? = try? search.parsed() {
            best = answer.works.first { $0.editions.contains { $0.isbn13.contains(isbn.isbn13) } } ?? best
        }
        return BookLookupResult(question: question, work: best, cached: answer.cached)
    }
}
