import BooksTrackCore
import Foundation

/// Fills the empty fields of queued works (cover, page count, publication year, and what else a
/// search result has) from book search, in batches of ten looked up at once.
///
/// Only empty fields are filled, so nothing the reader typed or imported is replaced. A work is
/// taken off the queue once an online source answered, found or not; otherwise (offline, or every
/// source failed) it stays queued, with its attempt remembered: a run skips the works tried
/// recently (`retryDelay`) unless forced, so it moves on instead of asking about the same ones.
public struct LibraryEnricher: Sendable {
    /// What one search answered: the works found, and whether any source could be asked at all.
    public struct Answer: Sendable {
        public var works: [WorkDTO]
        /// False when no online source answered (offline, or they failed), so the work should stay queued.
        public var reachedASource: Bool
        /// True when a source that was asked failed (unreachable, timed out, rate limited, a local
        /// catalog that could not be read): finding nothing then says nothing about the book.
        public var aSourceFailed: Bool

        /// Creates an answer.
        public init(works: [WorkDTO], reachedASource: Bool, aSourceFailed: Bool = false) {
            self.works = works
            self.reachedASource = reachedASource
            self.aSourceFailed = aSourceFailed
        }
    }

    /// Looks a book up by ISBN, or by title and primary author when it has none.
    public typealias Search = @Sendable (_ isbn: ISBN?, _ title: String, _ author: String?) async -> Answer

    /// The fields still empty after one work was enriched.
    public struct Outcome: Hashable, Sendable {
        public var workID: Work.ID
        public var title: String
        /// What was filled: "cover", "page count", "publication year", "description", ...
        public var filled: [String]
        /// What is still missing among cover, page count and publication year.
        public var missing: [String]
        /// True when something is still missing and no online source was reached (only the offline
        /// catalog, or nothing, answered): the work stays queued for a run with providers.
        public var requeued: Bool
        /// What came of the attempt.
        public var result: EnrichmentAttempt.Result
    }

    /// How long a work kept queued waits before a run tries it again: soon when a source failed
    /// (it may be back in an hour), a day when the sources asked answered without it.
    public static func retryDelay(after result: EnrichmentAttempt.Result) -> TimeInterval {
        switch result {
        case .unreachable: 3_600
        case .filled, .notFound: 86_400
        }
    }

    /// The batch size: works searched together.
    public static let batchSize = 10

    /// The ports it uses: the queue, the works, editions and authors it fills, and transactions.
    public typealias Store = EnrichmentQueueStore & WorkStore & EditionStore & AuthorStore & LibraryTransactions

    private let store: any Store
    private let search: Search
    private let now: @Sendable () -> Date

    /// Creates an enricher over a library and a search.
    public init(store: any Store, search: @escaping Search, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.search = search
        self.now = now
    }

    /// A run's outcomes and what is still queued after it.
    public struct Run: Sendable {
        public var outcomes: [Outcome]
        /// Works still queued.
        public var stillQueued: Int
        /// Of those, the works tried recently, skipped until they are due again.
        public var waiting: Int
    }

    /// `run`, then counts what is still queued and what waits its turn.
    public func runAndCount(
        limit: Int? = nil, force: Bool = false, progress: (Int, Int) -> Void = { _, _ in }, isCancelled: () -> Bool = { false }
    ) async throws -> Run {
        let outcomes = try await run(limit: limit, force: force, progress: progress, isCancelled: isCancelled)
        let now = now()
        let store = store
        let (queued, due) = try await store.snapshot {
            (try store.countQueuedForEnrichment(), try store.countQueuedForEnrichment(dueAt: now))
        }
        return Run(outcomes: outcomes, stillQueued: queued, waiting: queued - due)
    }

    /// Enriches the queued works that are due (all of them when `force`) until none is left or
    /// `limit` works were searched, calling `progress(done, total)` after each batch. When
    /// `isCancelled` turns true it stops after the current batch (whose results are saved) and
    /// throws `CancellationError`.
    public func run(
        limit: Int? = nil, force: Bool = false, progress: (Int, Int) -> Void = { _, _ in }, isCancelled: () -> Bool = { false }
    ) async throws -> [Outcome] {
        let started = now()
        let store = store
        let due = try await store.snapshot {
            force ? try store.countQueuedForEnrichment() : try store.countQueuedForEnrichment(dueAt: started)
        }
        let total = min(due, limit ?? .max)
        var outcomes: [Outcome] = []
        var requeued: Set<Work.ID> = []
        progress(0, total)
        while outcomes.count < total {
            if isCancelled() { throw CancellationError() }
            let wanted = min(Self.batchSize, total - outcomes.count)
            // Works kept on the queue stay at its front; skip past them.
            let skipped = requeued
            let batch = try await store.snapshot {
                let queued = force
                    ? try store.queuedForEnrichment(limit: wanted + skipped.count)
                    : try store.queuedForEnrichment(limit: wanted + skipped.count, dueAt: started)
                return queued.filter { !skipped.contains($0) }
            }
            guard !batch.isEmpty else { break }
            let results = try await enrich(Array(batch.prefix(wanted)))
            outcomes += results
            requeued.formUnion(results.filter(\.requeued).map(\.workID))
            progress(outcomes.count, total)
        }
        return outcomes
    }

    /// Searches a batch (off the store), then writes what was found, the attempts of the works
    /// kept queued and the dequeuing of the others in one transaction.
    private func enrich(_ workIDs: [Work.ID]) async throws -> [Outcome] {
        let store = store
        let books = try await store.snapshot {
            let editionsByWork = try store.editions(ofWorks: workIDs)
            var books: [Book] = []
            for id in workIDs {
                guard let work = try store.work(id: id) else { continue }
                let author = try work.primaryAuthorID.flatMap { try store.author(id: $0) }?.name
                books.append(Book(work: work, editions: editionsByWork[id] ?? [], author: author))
            }
            return books
        }
        let search = self.search
        let answers = await withTaskGroup(of: (Int, Answer).self) { group in
            for (index, book) in books.enumerated() {
                let isbn = book.editions.lazy.compactMap(\.primaryISBN).first
                group.addTask { (index, await search(isbn, book.work.title, book.author)) }
            }
            var answers: [Int: Answer] = [:]
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        let now = now()
        return try await store.transaction {
            var outcomes: [Outcome] = []
            for (index, book) in books.enumerated() {
                let answer = answers[index] ?? Answer(works: [], reachedASource: false)
                outcomes.append(try apply(answer, to: book.work, editions: book.editions, author: book.author, now: now))
            }
            try store.recordEnrichmentAttempts(outcomes.filter(\.requeued).map { outcome in
                EnrichmentAttempt(
                    workID: outcome.workID, result: outcome.result, attemptedAt: now,
                    retryAfter: now.addingTimeInterval(Self.retryDelay(after: outcome.result))
                )
            })
            try store.dequeueEnrichment(outcomes.filter { !$0.requeued }.map(\.workID))
            return outcomes
        }
    }

    /// A queued work with what its search needs.
    private struct Book: Sendable {
        var work: Work
        var editions: [Edition]
        var author: String?
    }

    private func apply(_ answer: Answer, to original: Work, editions originals: [Edition], author: String?, now: Date) throws -> Outcome {
        var work = original
        var editions = originals
        var filled: [String] = []
        if let match = Self.bestMatch(in: answer.works, for: work, editions: editions, author: author) {
            work.fillEmptyFields(from: match, now: now)
            let found = match.editions.first { dto in
                let isbns = (dto.isbn13 + dto.isbn10).compactMap { ISBN($0) }
                return editions.contains { edition in isbns.contains { edition.isbns.contains($0) } }
            } ?? match.editions.first
            if let found {
                let offered = DTOMapping.edition(found, workID: work.id, now: now)
                if editions.isEmpty {
                    editions.append(offered)
                } else {
                    let index = editions.firstIndex { edition in offered.isbns.contains { edition.isbns.contains($0) } } ?? 0
                    editions[index].fillEmptyFields(from: offered, now: now)
                }
            }
            // What the reader set by hand stays the reader's, even where it is empty.
            work.keepReaderSetFields(of: original)
            for (index, edition) in editions.enumerated() {
                if let before = originals.first(where: { $0.id == edition.id }) { editions[index].keepReaderSetFields(of: before) }
            }
            filled = Self.filledFields(before: original, originals, after: work, editions)
            work.lastEnrichedAt = now
            try store.save(work)
            for edition in editions where !originals.contains(edition) { try store.save(edition) }
        }
        let missing = Self.missingFields(work, editions)
        // What the offline catalog alone could not fill stays queued for a run that reaches a provider.
        let result: EnrichmentAttempt.Result = !filled.isEmpty ? .filled : answer.aSourceFailed ? .unreachable : .notFound
        return Outcome(
            workID: work.id, title: work.title, filled: filled, missing: missing,
            requeued: !missing.isEmpty && !answer.reachedASource, result: result
        )
    }

    /// The result for the same book: one sharing an ISBN, else one with the same normalized title
    /// (and primary author, when both have one).
    private static func bestMatch(in works: [WorkDTO], for work: Work, editions: [Edition], author: String?) -> WorkDTO? {
        let isbns = Set(editions.flatMap(\.isbns))
        if let byISBN = works.first(where: { dto in
            dto.editions.contains { ($0.isbn13 + $0.isbn10).contains { ISBN($0).map(isbns.contains) ?? false } }
        }) {
            return byISBN
        }
        let key = TextNormalization.dedupeKey(title: work.title, primaryAuthor: author)
        return works.first { dto in
            guard TextNormalization.normalizeTitle(dto.title) == TextNormalization.normalizeTitle(work.title) else { return false }
            guard author != nil, let dtoAuthor = dto.authors.first?.name else { return true }
            return TextNormalization.dedupeKey(title: dto.title, primaryAuthor: dtoAuthor) == key
        }
    }

    private static func filledFields(before work: Work, _ editions: [Edition], after newWork: Work, _ newEditions: [Edition]) -> [String] {
        var filled: [String] = []
        let hadCover = work.coverImageURL != nil || editions.contains { $0.coverImageURL != nil }
        if !hadCover, newWork.coverImageURL != nil || newEditions.contains(where: { $0.coverImageURL != nil }) { filled.append("cover") }
        if !editions.contains(where: { $0.pageCount != nil }), newEditions.contains(where: { $0.pageCount != nil }) { filled.append("page count") }
        let hadYear = work.firstPublicationYear != nil || editions.contains { $0.publicationDate != nil }
        if !hadYear, newWork.firstPublicationYear != nil || newEditions.contains(where: { $0.publicationDate != nil }) {
            filled.append("publication year")
        }
        if work.description == nil, newWork.description != nil { filled.append("description") }
        if work.genres.isEmpty, !newWork.genres.isEmpty { filled.append("subjects") }
        return filled
    }

    private static func missingFields(_ work: Work, _ editions: [Edition]) -> [String] {
        var missing: [String] = []
        if work.coverImageURL == nil, !editions.contains(where: { $0.coverImageURL != nil }) { missing.append("cover") }
        if !editions.contains(where: { $0.pageCount != nil }) { missing.append("page count") }
        if work.firstPublicationYear == nil, !editions.contains(where: { $0.publicationDate != nil }) {
            missing.append("publication year")
        }
        return missing
    }
}

extension Edition {
    /// Fills the fields this edition lacks from another description of it; adds its ISBNs and
    /// identifiers. Values it has are never replaced.
    public mutating func fillEmptyFields(from other: Edition, now: Date) {
        let before = self
        for isbn in other.isbns where !isbns.contains(isbn) { isbns.append(isbn) }
        if publisher == nil { publisher = other.publisher }
        if publicationDate == nil { publicationDate = other.publicationDate }
        if pageCount == nil { pageCount = other.pageCount }
        if format == .other { format = other.format }
        if language == nil { language = other.language }
        if coverImageURL == nil { coverImageURL = other.coverImageURL }
        if externalIDs.openLibraryEditionID == nil { externalIDs.openLibraryEditionID = other.externalIDs.openLibraryEditionID }
        if externalIDs.isbndbID == nil { externalIDs.isbndbID = other.externalIDs.isbndbID }
        ExternalID.union(&externalIDs.googleBooksVolumeIDs, other.externalIDs.googleBooksVolumeIDs)
        ExternalID.union(&externalIDs.amazonASINs, other.externalIDs.amazonASINs)
        if self != before { lastModified = now }
    }
}
