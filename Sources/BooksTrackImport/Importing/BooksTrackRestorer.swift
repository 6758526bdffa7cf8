import BooksTrackCore
import Foundation

/// Brings a BooksTrack JSON export back into a library, with the identifiers it was exported with.
///
/// A book whose work is already in the library (the same export imported twice, or an import cut
/// short and run again) is left as it is. A book the library already holds under other
/// identifiers (an edition with one of its ISBNs, or the same title by the same primary author) is
/// not added a second time: the library's copy is kept and the row is reported. Everything else is
/// recreated whole (sessions, quotes, read history and photos included), one transaction a batch.
struct BooksTrackRestorer {
    private let store: any LibraryStore
    private let options: ImportOptions
    private let now: Date

    init(store: any LibraryStore, options: ImportOptions, now: Date) {
        self.store = store
        self.options = options
        self.now = now
    }

    /// Reads the export at `url` into the library (or, on a dry run, counts what it would do).
    func restore(from url: URL, into summary: inout ImportSummary, progress: (ImportProgress) -> Void) throws {
        let reader = BooksTrackJSONReader(url: url, userID: store.userID, limits: options.limits, batchSize: options.batchSize)
        var total = 0
        var outcome = summary
        let count = try reader.read(announcing: { books in
            total = books
            progress(ImportProgress(processed: 0, total: books))
        }) { batch in
            try restore(batch, into: &outcome)
            progress(ImportProgress(processed: outcome.rows, total: total))
        }
        summary = outcome
        if count == 0 { throw ImportError.headerOnly }
    }

    /// Restores one batch; unless this is a dry run, what it finds missing is written in the same
    /// transaction that looked, so two restores at once cannot both add a book.
    private func restore(_ batch: BooksTrackJSONBatch, into summary: inout ImportSummary) throws {
        if options.dryRun { return try merge(batch, into: &summary) }
        var outcome = summary
        try store.blockingTransaction { try merge(batch, into: &outcome) }
        summary = outcome
    }

    private func merge(_ batch: BooksTrackJSONBatch, into summary: inout ImportSummary) throws {
        summary.rows += batch.books.count
        var missing: [ExportedBook] = []
        for book in batch.books {
            if try store.work(id: book.work.id) != nil {
                summary.unchanged += 1
            } else {
                missing.append(book)
            }
        }
        let held = try heldUnderOtherIDs(missing)
        var recreated: [ExportedBook] = []
        for book in missing {
            if let title = held[book.work.id] {
                summary.problems.append(ImportProblem(
                    row: book.line,
                    message: "\"\(title)\" is already in the library under another identifier; kept the library's copy",
                    action: .skipped
                ))
                summary.skipped += 1
            } else {
                recreated.append(book)
            }
        }
        summary.added += recreated.count
        guard !options.dryRun else { return }
        let newAuthors = try batch.authors.filter { try store.author(id: $0.id) == nil }
        let changes = ExportedBook.changes(recreating: recreated, authors: newAuthors)
        if !changes.isEmpty { try store.apply(changes) }
        for book in recreated {
            for photo in try book.addPhotos(to: store) {
                summary.problems.append(ImportProblem(row: book.line, message: "\(photo.reason); photo left out"))
            }
            for reason in try book.addCovers(to: store, now: book.entry.lastModified) {
                summary.problems.append(ImportProblem(row: book.line, message: "\(reason); cover left out"))
            }
        }
    }

    /// The books of `books` that the library holds under other identifiers, by work ID, with the
    /// library's title for them.
    private func heldUnderOtherIDs(_ books: [ExportedBook]) throws -> [Work.ID: String] {
        guard !books.isEmpty else { return [:] }
        let isbns = books.flatMap { $0.editions.flatMap(\.isbns) }
        let titleKeys = books.map { TextNormalization.normalizeTitle($0.work.title) }.filter { !$0.isEmpty }
        let candidates = try store.books(sharingISBNs: isbns, orTitleKeys: titleKeys)
        guard !candidates.books.isEmpty else { return [:] }
        let editions = candidates.editions
        var titlesByKey: [String: String] = [:]
        var titlesByISBN: [ISBN: String] = [:]
        for candidate in candidates.books {
            let key = TextNormalization.dedupeKey(title: candidate.work.title, primaryAuthor: candidate.authors.first?.name)
            titlesByKey[key] = candidate.work.title
            for edition in editions[candidate.work.id] ?? [] {
                for isbn in edition.isbns { titlesByISBN[isbn] = candidate.work.title }
            }
        }
        var held: [Work.ID: String] = [:]
        for book in books {
            let key = TextNormalization.dedupeKey(title: book.work.title, primaryAuthor: book.authors.first?.name)
            if let title = titlesByKey[key] ?? book.editions.lazy.flatMap(\.isbns).compactMap({ titlesByISBN[$0] }).first {
                held[book.work.id] = title
            }
        }
        return held
    }
}
