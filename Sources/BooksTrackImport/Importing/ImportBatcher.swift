import BooksTrackCore
import Foundation

/// Merges batches of imported rows into the library, one transaction a batch.
///
/// A batch is matched and written in the same write transaction, so that two imports into one
/// library at once (a double-click on an upload) cannot both find a book missing and both add
/// it: the second batch waits for the first and then matches the books it wrote. Each batch loads the library's books that share an ISBN or a title with its rows, merges every
/// row into its match (or into a new book, which later rows of the same batch can match), and
/// writes only what changed. A batch is written whole or not at all, and merging a row twice
/// changes nothing the second time, so an import killed part-way and run again ends with the same
/// library as one run through.
struct ImportBatcher {
    private let store: any LibraryStore
    private let format: ImportFormat
    private let options: ImportOptions
    private let now: Date
    private var authors: AuthorDirectory
    private var keys = MatchingKeys()
    /// On a dry run, the keys of books an earlier batch would have added.
    private var plannedKeys: Set<String> = []
    /// Rows that named no status and became to-read.
    private(set) var rowsWithoutStatus = 0
    /// The first row of this import that described each book, to report a book the file lists twice.
    private var firstRows: [Work.ID: Int] = [:]
    /// The candidates of the next batch, being read on another thread while this one is merged.
    private var ahead: ReadAhead?
    /// Whether the last batch wrote anything. Candidates read beside a batch that writes are out of
    /// date when it commits, so after such a batch (a new library, most of a first import) none
    /// are read ahead; after one that wrote nothing (a re-import) they are.
    private var lastBatchWrote = false

    init(store: any LibraryStore, format: ImportFormat, options: ImportOptions, now: Date) throws {
        self.store = store
        self.format = format
        self.options = options
        self.now = now
        self.authors = AuthorDirectory(try store.allAuthors())
    }

    /// Merges one batch and, unless this is a dry run, writes it in the transaction that read
    /// its candidates. `upcoming` is the batch the next call will bring, whose candidates may be
    /// read on another thread meanwhile.
    ///
    /// Candidates read ahead are used only when the library's version in this batch's
    /// transaction is the one they were read after, so nothing was committed in between (by
    /// this import, another one or another process): they are then exactly what this
    /// transaction would read. Otherwise they are read again here.
    mutating func process(_ books: [ImportedBook], upcoming: [ImportedBook]? = nil, into summary: inout ImportSummary) throws {
        guard !books.isEmpty else { return }
        defer { keys.forgetTitles() }
        if options.dryRun { return try merge(books, into: &summary) }
        // Waited for before the transaction, which would otherwise hold off other writers meanwhile.
        let readAhead = ahead.flatMap { $0.result(for: books) }
        ahead = nil
        // The title keys normalized for the read stay of use to the merge.
        if let readAhead { keys.learnTitles(of: readAhead.keys) }
        var merged = summary
        try store.blockingTransaction {
            let version = try store.libraryVersion()
            let candidates = readAhead.flatMap { $0.version == version ? $0.page : nil }
            if let version, let upcoming, !upcoming.isEmpty, !lastBatchWrote {
                ahead = ReadAhead(upcoming, after: version, store: store)
            }
            try merge(books, candidates: candidates, into: &merged)
        }
        summary = merged
    }

    /// The library's books that rows of `books` may match, through `load` (the store's
    /// `books(sharingISBNs:orTitleKeys:)` or `booksAhead`), in the order they were added.
    ///
    /// The books sharing an ISBN with a row are read first; only rows none of whose ISBNs is in
    /// the library then look for their titles. A row whose ISBN is found matches by that ISBN
    /// (`DraftIndex.match`), and every book another row can match by title is found by that
    /// row's own title keys, so the books left unread are books no row of the batch can match.
    fileprivate static func candidates(
        of books: [ImportedBook], keys: inout MatchingKeys, load: (_ isbns: [ISBN], _ titleKeys: [String]) throws -> BookPage
    ) throws -> BookPage {
        let isbns = books.flatMap(\.isbns)
        var page = isbns.isEmpty ? BookPage(books: [], editions: [:]) : try load(isbns, [])
        let found = Set(page.editions.values.joined().flatMap(\.isbns))
        var titleKeys: [String] = []
        for book in books where !book.isbns.contains(where: found.contains) {
            titleKeys.append(keys.title(book.title))
            if let main = keys.mainTitle(book.title) { titleKeys.append(main) }
        }
        titleKeys.removeAll { $0.isEmpty }
        if !titleKeys.isEmpty { page.formUnion(try load([], titleKeys)) }
        page.sortByDateAdded()
        return page
    }

    private mutating func merge(_ books: [ImportedBook], candidates readAhead: BookPage? = nil, into summary: inout ImportSummary) throws {
        // Authors another writer added since this import began: found, not made twice.
        var names: [String] = []
        for book in books { for name in book.authors { let key = keys.author(name); if !authors.knows(key) { names.append(key) } } }
        if !names.isEmpty { authors.learn(try store.authors(normalizedNames: names)) }
        let candidates: BookPage
        if let readAhead {
            candidates = readAhead
        } else {
            let store = store
            candidates = try Self.candidates(of: books, keys: &keys) { isbns, titleKeys in
                try store.books(sharingISBNs: isbns, orTitleKeys: titleKeys)
            }
        }
        var drafts = candidates.books.map { BookDraft(existing: $0, editions: candidates.editions[$0.work.id] ?? []) }
        let originals = drafts
        var index = DraftIndex()
        for (position, draft) in drafts.enumerated() { index.register(draft, at: position, keys: &keys) }

        for book in books {
            let bookAuthors = authors.authors(named: book.authors, now: now, keys: &keys)
            if let match = index.match(book, keys: &keys) {
                let position = match.position
                var merged = drafts[position]
                if match.evidence == .titleBeforeSubtitle { merged.adoptSubtitle(of: book, now: now) }
                merged.merge(book, authors: bookAuthors, overwrite: options.overwrite, now: now)
                guard merged != drafts[position] else {
                    summary.unchanged += 1
                    continue
                }
                if let reason = Self.refusal(of: merged) {
                    summary.problems.append(ImportProblem(row: book.row, message: "\(reason); row skipped", action: .skipped))
                    summary.skipped += 1
                    continue
                }
                if let note = note(merging: book, into: merged, evidence: match.evidence) {
                    summary.problems.append(ImportProblem(row: book.row, message: note))
                }
                drafts[position] = merged
                index.register(merged, at: position, keys: &keys)
                summary.merged += 1
            } else if options.dryRun, DraftIndex.keys(of: book).contains(where: plannedKeys.contains) {
                summary.merged += 1
            } else {
                if book.status == nil { rowsWithoutStatus += 1 }
                var draft = BookDraft(newFrom: book, authors: bookAuthors, userID: store.userID, source: format, now: now)
                draft.merge(book, authors: bookAuthors, overwrite: false, now: now)
                if let reason = Self.refusal(of: draft) {
                    summary.problems.append(ImportProblem(row: book.row, message: "\(reason); row skipped", action: .skipped))
                    summary.skipped += 1
                    continue
                }
                drafts.append(draft)
                index.register(draft, at: drafts.count - 1, keys: &keys)
                firstRows[draft.work.id] = book.row
                summary.added += 1
            }
        }

        let changes = changes(drafts: drafts, originals: originals)
        summary.queuedForEnrichment += changes.enrichmentQueue.count
        if options.dryRun {
            for draft in drafts where draft.isNew { plannedKeys.formUnion(DraftIndex.keys(of: draft)) }
        } else {
            try store.apply(changes)
            lastBatchWrote = !changes.isEmpty
            authors.markSaved(changes.newBooks.flatMap(\.authors).map(\.id) + changes.authors.map(\.id))
        }
    }

    /// What the report says of a row merged into a book other than by a shared ISBN alone: that the
    /// file lists the book twice, or that the titles differ by a subtitle. Nil for the plain merge
    /// of a row into a book from the library.
    private mutating func note(merging book: ImportedBook, into draft: BookDraft, evidence: DraftIndex.Evidence) -> String? {
        let title = "“\(draft.work.title)”" + (draft.authors.first.map { " by \($0.name)" } ?? "")
        let reads = draft.entry.readHistory.count + (draft.entry.dateCompleted == nil ? 0 : 1)
        let readsText = reads > 1 ? "; \(reads) reads kept" : ""
        if let first = firstRows[draft.work.id] {
            let how = evidence == .titleBeforeSubtitle ? " (the same title before its subtitle)" : ""
            return "same book as row \(first), \(title)\(how); merged into one book\(readsText)"
        }
        firstRows[draft.work.id] = book.row
        guard evidence == .titleBeforeSubtitle else { return nil }
        return "“\(book.title)” is \(title) in the library (the same title before its subtitle); merged\(readsText)"
    }

    /// What must be written: new books whole, and of the others only the parts that changed.
    private func changes(drafts: [BookDraft], originals: [BookDraft]) -> LibraryChanges {
        var changes = LibraryChanges()
        for (position, draft) in drafts.enumerated() {
            if draft.isNew {
                // The entry may only own an edition written with it or before it.
                let first = draft.editions.first { $0.id == draft.entry.editionID } ?? draft.editions.first
                changes.newBooks.append(NewBook(work: draft.work, authors: draft.authors, edition: first, entry: draft.entry))
                changes.editions += draft.editions.filter { $0.id != first?.id }
            } else {
                let original = originals[position]
                guard draft != original else { continue }
                if draft.work != original.work {
                    changes.works.append(draft.work)
                    changes.authors += draft.authors.filter { authors.unsaved.contains($0.id) }
                }
                changes.editions += draft.editions.filter { !original.editions.contains($0) }
                if draft.entry != original.entry { changes.entries.append(draft.entry) }
            }
            if draft.needsEnrichment { changes.enrichmentQueue.append(draft.work.id) }
        }
        return changes
    }

    /// Why the store would refuse the book, if it would; checked per row so one bad row does not
    /// fail its batch.
    private static func refusal(of draft: BookDraft) -> String? {
        do {
            try Validation.validate(draft.work)
            for author in draft.authors { try Validation.validate(author) }
            for edition in draft.editions { try Validation.validate(edition) }
            let shown = EditionSelection.primaryEdition(of: draft.editions, ownedEditionID: draft.entry.editionID)
            try Validation.validate(draft.entry, pageCount: shown?.pageCount)
            return nil
        } catch {
            return error.description
        }
    }
}

/// The candidates of a batch read in snapshots taken after `version`, each half of the batch on a
/// thread of its own: a re-import's batch waits for its candidates, and the halves use both cores.
private struct ReadAhead {
    let version: LibraryVersion
    /// The rows of the batch, to make sure the candidates are used for it.
    private let rows: [Int]
    private let loads: [ProducerThread<(page: BookPage, keys: MatchingKeys)>]

    init(_ books: [ImportedBook], after version: LibraryVersion, store: any LibraryStore) {
        self.version = version
        rows = books.map(\.row)
        let half = (books.count + 1) / 2
        loads = [books[..<half], books[half...]].filter { !$0.isEmpty }.map { part in
            let part = Array(part)
            return ProducerThread(name: "BooksTrack import candidates", capacity: 0) { hand in
                var keys = MatchingKeys()
                let page = try ImportBatcher.candidates(of: part, keys: &keys) { isbns, titleKeys in
                    try store.booksAhead(sharingISBNs: isbns, orTitleKeys: titleKeys)
                }
                _ = hand((page, keys))
            }
        }
    }

    /// The version and candidates read, when they are those of `books` and every read succeeded
    /// (a failed read is made again in the batch's transaction). The candidates are in the order
    /// one read would give (`BookPage.sortByDateAdded`).
    func result(for books: [ImportedBook]) -> (version: LibraryVersion, page: BookPage, keys: MatchingKeys)? {
        defer { for load in loads { load.close() } }
        guard books.map(\.row) == rows else { return nil }
        var page = BookPage(books: [], editions: [:])
        var keys = MatchingKeys()
        for load in loads {
            guard let part = try? load.next() else { return nil }
            page.formUnion(part.page)
            keys.learnTitles(of: part.keys)
        }
        page.sortByDateAdded()
        return (version, page, keys)
    }
}
