import BooksTrackConcurrency
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
///
/// For the same reason a row an earlier import merged (`ImportedRows`: its digest is recorded)
/// into a book that nothing changed since is counted unchanged without reading the book: a
/// re-import of an export reads only the books of the rows that changed.
struct ImportBatcher: Sendable {
    fileprivate let store: any LibraryStore
    fileprivate let format: ImportFormat
    private let options: ImportOptions
    private let now: Date
    private var authors: AuthorDirectory
    fileprivate var keys = MatchingKeys()
    /// On a dry run, the keys of books an earlier batch would have added.
    private var plannedKeys: Set<String> = []
    /// Rows that named no status and became to-read.
    private(set) var rowsWithoutStatus = 0
    /// The first row of this import that described each book, to report a book the file lists twice.
    fileprivate let firstRows = FirstRows()
    /// The pass under which the batch being merged records its first rows.
    fileprivate var pass = 0
    /// The candidates of the next batch, being read on another thread while this one is merged.
    private var ahead: ReadAhead?
    /// The next batch, being merged on another thread while this one is written.
    private var mergeAhead: MergeAhead?
    /// Whether the last batch wrote anything; nil before the first. Candidates read beside a batch
    /// that writes are out of date when it commits, so after such a batch (a new library, most of a
    /// first import) none are read ahead; after one that wrote nothing (a re-import) they are.
    /// Beside the first batch none are either: the import may be a first one, and asking for the
    /// next batch there would hold the first until the next is mapped.
    private var lastBatchWrote: Bool?
    /// How many batches were merged ahead (`MergeAhead`) and used.
    private(set) var batchesMergedAhead = 0
    /// The rows earlier imports recorded, as they were when this one began.
    private let importedRows: ImportedRowIndex

    init(store: any LibraryStore, format: ImportFormat, options: ImportOptions, now: Date) throws {
        self.store = store
        self.format = format
        self.options = options
        self.now = now
        self.authors = AuthorDirectory(try store.allAuthors())
        var importedRows = try store.importedRows()
        if importedRows.needsCompacting && !options.dryRun {
            try store.compactImportedRows(importedRows)
            importedRows.storedCount = importedRows.records.count
        }
        self.importedRows = importedRows
    }

    /// Merges one batch and, unless this is a dry run, writes it in the transaction that read
    /// its candidates. `upcoming` gives the batch the next call will bring, which may be read and
    /// merged on another thread meanwhile; it is asked only when that work begins (it may be asked
    /// twice and gives the same batch), so the batch may still be read while this one is merged.
    ///
    /// Work done ahead is used only when the library's version in this batch's transaction shows
    /// that nothing else was committed since it began (by another import or another process):
    /// - after a batch that wrote nothing (a re-import, from its second batch on), the next
    ///   batch's candidates are read beside its merge (`ReadAhead`), and used when the version is
    ///   still the one they were read after;
    /// - after a batch that wrote (a first import), the next batch is merged beside its writes
    ///   (`MergeAhead`), against the library as it was before them, when none of its rows shares
    ///   an ISBN or a title key with a book the batch wrote; it is used when the version is the
    ///   one the batch's commit left.
    /// Otherwise the batch reads its candidates and merges here, as it would without.
    ///
    /// Rows without digests (`MappedRows.digests`) are neither known from an earlier import nor recorded.
    mutating func process(_ rows: MappedRows, upcoming: () -> MappedRows? = { nil }, into summary: inout ImportSummary) throws {
        let books = rows.books
        guard !books.isEmpty else { return }
        defer { keys.forgetTitles() }
        if options.dryRun {
            pass = firstRows.beginPass()
            _ = try plan(rows, into: &summary)
            return
        }
        // Waited for before the transaction, which would otherwise hold off other writers meanwhile.
        let mergingAhead = mergeAhead
        mergeAhead = nil
        let mergedAhead = mergingAhead?.result(for: books)
        let readAhead = ahead.flatMap { $0.result(for: books) }
        ahead = nil
        // The title keys normalized for the read stay of use to the merge.
        if let readAhead { keys.learnTitles(of: readAhead.keys) }
        var merged = summary
        try store.blockingImportTransaction {
            let version = try store.libraryVersion()
            let plan: Plan
            if let mergedAhead, let version, mergedAhead.version == version {
                plan = adopt(mergedAhead.merge, into: &merged)
            } else {
                if let mergingAhead { firstRows.drop(mergingAhead.pass) }
                pass = firstRows.beginPass()
                let candidates = readAhead.flatMap { $0.version == version ? $0.found : nil }
                if let version, lastBatchWrote == false, let upcoming = upcoming(), !upcoming.books.isEmpty {
                    ahead = ReadAhead(upcoming, after: version, batcher: self)
                }
                plan = try self.plan(rows, candidates: candidates, into: &merged)
            }
            let applied = try write(plan, mergingAhead: version == nil ? { nil } : upcoming)
            Disposal.release(consume plan)
            merged.queuedForEnrichment += applied.newlyQueuedForEnrichment
        }
        summary = merged
        // The work done ahead is freed on another thread.
        Disposal.release((consume mergingAhead, consume mergedAhead))
    }

    /// What a batch writes, and the keys (ISBNs, title keys) of every book it adds or changes, as
    /// it was and as it will be: the rows of a batch merged beside it must not share one.
    fileprivate struct Plan: Sendable {
        var changes: LibraryChanges
        var touchedKeys: Set<String>
        /// The works of the books it adds or changes.
        var touchedWorks: Set<Work.ID>
    }

    /// Writes a batch's changes. When it writes something and `upcoming` is given, the next batch
    /// is merged on another thread meanwhile, from this batcher as it will be once they are written.
    private mutating func write(_ plan: Plan, mergingAhead upcoming: () -> MappedRows?) throws -> AppliedChanges {
        let changes = plan.changes
        lastBatchWrote = !changes.isEmpty
        guard !changes.isEmpty else { return AppliedChanges() }
        authors.markSaved(changes.newBooks.flatMap(\.authors).map(\.id) + changes.authors.map(\.id))
        // Candidates read beside a batch that writes are out of date once it commits.
        ahead = nil
        var next = upcoming().flatMap { $0.books.isEmpty ? nil : MergeAhead($0, batcher: self, touched: plan) }
        let applied = try store.apply(changes)
        next?.expect(try store.libraryVersionAtCommit())
        mergeAhead = next
        return applied
    }

    /// Takes on the state of a batcher that merged this batch ahead, and its counts; returns its plan.
    private mutating func adopt(_ merge: MergeAhead.Merge, into summary: inout ImportSummary) -> Plan {
        var replaced = merge.batcher
        swap(&self, &replaced)
        Disposal.release(consume replaced)
        batchesMergedAhead += 1
        summary.added += merge.summary.added
        summary.merged += merge.summary.merged
        summary.unchanged += merge.summary.unchanged
        summary.skipped += merge.summary.skipped
        summary.problems += merge.summary.problems
        return merge.plan
    }

    /// The rows of a batch (those at `positions`, all by default) that an earlier import recorded
    /// (`ImportedRows`) for a book nothing changed since, by their position in the batch, with the
    /// book's work; `lastChanges` is the store's `lastChanges(of:)` or `lastChangesAhead(of:)`.
    fileprivate func knownRows(
        of rows: MappedRows, at positions: Range<Int>? = nil, lastChanges: (_ workIDs: [Work.ID]) throws -> [Work.ID: Date]
    ) throws -> [Int: Work.ID] {
        guard let digests = rows.digests, !importedRows.records.isEmpty else { return [:] }
        var recorded: [(position: Int, record: ImportedRowIndex.Record)] = []
        for position in positions ?? digests.indices {
            if let record = importedRows.records[digests[position]] { recorded.append((position, record)) }
        }
        guard !recorded.isEmpty else { return [:] }
        let changed = try lastChanges(recorded.map(\.record.workID))
        var known: [Int: Work.ID] = [:]
        for (position, record) in recorded {
            // Stamped at or before the import that recorded the row: that import wrote it last.
            if let last = changed[record.workID], last <= record.recorded { known[position] = record.workID }
        }
        return known
    }

    /// The keys by which a book could be among the candidates of a row (`candidates(of:at:keys:load:)`):
    /// its editions' ISBNs, its title key and its key before the subtitle.
    fileprivate static func candidateKeys(isbns: [ISBN], title: String, keys: inout MatchingKeys, into set: inout Set<String>) {
        for isbn in isbns { set.insert(isbn.isbn13) }
        let titleKey = keys.title(title)
        if !titleKey.isEmpty { set.insert(titleKey) }
        if let main = keys.mainTitle(title), !main.isEmpty { set.insert(main) }
    }

    /// The library's books that the rows of `books` at `positions` (all by default) may match,
    /// through `load` (the store's `books(sharingISBNs:orTitleKeys:)` or `booksAhead`), in the
    /// order they were added.
    ///
    /// The books sharing an ISBN with a row are read first; only rows none of whose ISBNs is in
    /// the library then look for their titles. A row whose ISBN is found matches by that ISBN
    /// (`DraftIndex.match`), and every book another row can match by title is found by that
    /// row's own title keys, so the books left unread are books no row of the batch can match.
    fileprivate static func candidates(
        of books: [ImportedBook], at positions: [Int]? = nil, keys: inout MatchingKeys,
        load: (_ isbns: [ISBN], _ titleKeys: [String]) throws -> BookPage
    ) throws -> BookPage {
        let positions = positions ?? Array(books.indices)
        // Fields read where the rows lie: a row read out of the array is a copy of all of it.
        let isbns = books.withUnsafeBufferPointer { rows in positions.flatMap { rows[$0].isbns } }
        var page = isbns.isEmpty ? BookPage(books: [], editions: [:]) : try load(isbns, [])
        let found = Set(page.editions.values.joined().flatMap(\.isbns))
        var titleKeys: [String] = []
        books.withUnsafeBufferPointer { rows in
            for position in positions where !rows[position].isbns.contains(where: found.contains) {
                let title = rows[position].title
                titleKeys.append(keys.title(title))
                if let main = keys.mainTitle(title) { titleKeys.append(main) }
            }
        }
        titleKeys.removeAll { $0.isEmpty }
        if !titleKeys.isEmpty { page.formUnion(try load([], titleKeys)) }
        page.sortByDateAdded()
        return page
    }

    /// The drafts of the library's books read in `parts` (each in the order the books were added),
    /// each book once, in the order added: the drafts one read of the whole batch would give.
    /// Parts are not joined into one page first: that copied every book of a re-import once more.
    static func drafts(of parts: [BookPage]) -> [BookDraft] {
        guard parts.count > 1 else {
            guard let page = parts.first else { return [] }
            return page.books.map { BookDraft(existing: $0, editions: page.editions[$0.work.id] ?? []) }
        }
        var held = Set<LibraryEntry.ID>()
        var drafts: [BookDraft] = []
        drafts.reserveCapacity(parts.reduce(0) { $0 + $1.books.count })
        for part in parts {
            for book in part.books where held.insert(book.entry.id).inserted {
                drafts.append(BookDraft(existing: book, editions: part.editions[book.work.id] ?? []))
            }
        }
        drafts.sort { LibraryEntry.addedBefore($0.entry, $1.entry) }
        return drafts
    }

    /// Merges a batch into its candidates (read here unless given, in one or more parts, with the
    /// rows known unchanged) and returns what to write.
    fileprivate mutating func plan(_ rows: MappedRows, candidates readAhead: Candidates? = nil, into summary: inout ImportSummary) throws -> Plan {
        let store = store
        let known = try readAhead?.known ?? knownRows(of: rows) { try store.lastChanges(of: $0) }
        summary.unchanged += known.count
        let merging = rows.leavingOut(known)
        let books = merging.books
        let digests = merging.digests
        var recorded = ImportedRows(recorded: now)
        // Authors another writer added since this import began: found, not made twice.
        var names: [String] = []
        books.withUnsafeBufferPointer { books in
            for position in books.indices {
                for name in books[position].authors { let key = keys.author(name); if !authors.knows(key) { names.append(key) } }
            }
        }
        if !names.isEmpty { authors.learn(try store.authors(normalizedNames: names)) }
        let candidates: [BookPage]
        if let readAhead {
            candidates = readAhead.parts
        } else {
            candidates = [try Self.candidates(of: books, keys: &keys) { isbns, titleKeys in
                try store.books(sharingISBNs: isbns, orTitleKeys: titleKeys)
            }]
        }
        var drafts = Self.drafts(of: candidates)
        let originals = drafts
        // The positions of the library's books a row changed, so that what follows the merge
        // looks at those and the new books only: a re-import changes none.
        var changed = Set<Int>()
        var index = DraftIndex(capacity: drafts.count + books.count)
        for position in drafts.indices { index.register(drafts[position], at: position, keys: &keys) }

        // Rows are taken by position from the batch's storage, not through an iterator. Each is
        // still copied once as it is passed here (the compiler copies a value read through a
        // pointer before a call that might change it); the copies this replaced were more.
        func merge(_ book: ImportedBook, at offset: Int) throws {
            let bookAuthors = authors.authors(named: book.authors, now: now, keys: &keys)
            if let match = index.match(book, keys: &keys) {
                let position = match.position
                var merged = drafts[position]
                if match.evidence == .titleBeforeSubtitle { merged.adoptSubtitle(of: book, now: now) }
                merged.mergeValues(book, authors: bookAuthors, overwrite: options.overwrite, now: now)
                guard merged != drafts[position] else {
                    summary.unchanged += 1
                    if let digests { recorded.works[digests[offset]] = merged.work.id }
                    return
                }
                merged.stampChanges(since: drafts[position], now: now)
                if let reason = Self.refusal(of: merged) {
                    summary.problems.append(ImportProblem(row: book.row, message: "\(reason); row skipped", action: .skipped))
                    summary.skipped += 1
                    return
                }
                if let note = note(merging: book, into: merged, evidence: match.evidence) {
                    summary.problems.append(ImportProblem(row: book.row, message: note))
                }
                drafts[position] = merged
                index.register(merged, at: position, keys: &keys)
                if position < originals.count { changed.insert(position) }
                if let digests { recorded.works[digests[offset]] = merged.work.id }
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
                    return
                }
                // Room for a new book a row, made at the first: growing copies every draft at each
                // doubling. Not before, as a batch that adds nothing (a re-import) shares its
                // drafts with `originals` and copies none of them.
                if drafts.count == originals.count { drafts.reserveCapacity(drafts.count + books.count) }
                index.register(draft, at: drafts.count, keys: &keys)
                firstRows.record(book.row, of: draft.work.id, pass: pass)
                if let digests { recorded.works[digests[offset]] = draft.work.id }
                // Last: the draft moves into the array instead of being copied.
                drafts.append(consume draft)
                summary.added += 1
            }
        }
        try books.withUnsafeBufferPointer { rows in
            for offset in rows.indices { try merge(rows[offset], at: offset) }
        }

        // In the order of the drafts: the library's books, then the new ones.
        let changedPositions = changed.sorted()
        let touched = changedPositions + Array(originals.count..<drafts.count)
        // An ISBN and a title key or two a book: room for them at once. Fields are read where the
        // drafts lie; a draft read out of the array is a copy of all of it.
        var touchedKeys = Set<String>(minimumCapacity: touched.count * 3)
        var touchedWorks = Set<Work.ID>(minimumCapacity: touched.count)
        // Each touched book as it was (the library's books only) and as it will be.
        for version in [originals, drafts] {
            version.withUnsafeBufferPointer { books in
                for position in touched where position < books.count {
                    let isbns = books[position].editions.flatMap(\.isbns)
                    Self.candidateKeys(isbns: isbns, title: books[position].work.title, keys: &keys, into: &touchedKeys)
                    touchedWorks.insert(books[position].work.id)
                }
            }
        }
        if options.dryRun {
            for draft in drafts where draft.isNew { plannedKeys.formUnion(DraftIndex.keys(of: draft)) }
        }
        var changes = changes(drafts: &drafts, originals: originals, changed: changedPositions)
        if options.dryRun {
            // A run counts the works it newly queues as it writes them (`process`); a dry run
            // writes nothing, so it counts those not waiting already.
            let waiting = try store.countQueuedForEnrichment(among: changes.enrichmentQueue)
            summary.queuedForEnrichment += changes.enrichmentQueue.count - waiting
        } else {
            changes.importedRows = recorded
        }
        return Plan(changes: changes, touchedKeys: touchedKeys, touchedWorks: touchedWorks)
    }

    /// What the report says of a row merged into a book other than by a shared ISBN alone: that the
    /// file lists the book twice, or that the titles differ by a subtitle. Nil for the plain merge
    /// of a row into a book from the library.
    private mutating func note(merging book: ImportedBook, into draft: BookDraft, evidence: DraftIndex.Evidence) -> String? {
        let title = "“\(draft.work.title)”" + (draft.authors.first.map { " by \($0.name)" } ?? "")
        let reads = draft.entry.readHistory.count + (draft.entry.dateCompleted == nil ? 0 : 1)
        let readsText = reads > 1 ? "; \(reads) reads kept" : ""
        if let first = firstRows.row(of: draft.work.id, pass: pass) {
            let how = evidence == .titleBeforeSubtitle ? " (the same title before its subtitle)" : ""
            return "same book as row \(first), \(title)\(how); merged into one book\(readsText)"
        }
        firstRows.record(book.row, of: draft.work.id, pass: pass)
        guard evidence == .titleBeforeSubtitle else { return nil }
        return "“\(book.title)” is \(title) in the library (the same title before its subtitle); merged\(readsText)"
    }

    /// What must be written: new books whole, and of the others only the parts that changed.
    /// `changed` are the positions of the library's drafts a row changed, in order; the new books
    /// are the drafts after `originals`, which are moved out of `drafts` rather than copied. A new
    /// book goes with the key its title was matched by, so the store need not normalize it again.
    private mutating func changes(drafts: inout [BookDraft], originals: [BookDraft], changed: [Int]) -> LibraryChanges {
        var changes = LibraryChanges()
        for position in changed {
            let draft = drafts[position]
            let original = originals[position]
            guard draft != original else { continue }
            if draft.work != original.work {
                changes.works.append(draft.work)
                changes.authors += draft.authors.filter { authors.unsaved.contains($0.id) }
            }
            changes.editions += draft.editions.filter { !original.editions.contains($0) }
            if draft.entry != original.entry { changes.entries.append(draft.entry) }
            if draft.needsEnrichment { changes.enrichmentQueue.append(draft.work.id) }
        }
        // The new books are taken off the end, last first (a move, where reading one in place
        // copies it), and put back in order the same way.
        var lastFirst: [NewBook] = []
        var otherEditions: [Edition] = []
        var queued: [Work.ID] = []
        lastFirst.reserveCapacity(drafts.count - originals.count)
        while drafts.count > originals.count {
            let draft = drafts.removeLast()
            if draft.needsEnrichment { queued.append(draft.work.id) }
            let titleKey = keys.titleKey(draft.work.title)
            let count = otherEditions.count
            lastFirst.append((consume draft).newBook(titleKey: titleKey, otherEditions: &otherEditions))
            // Each book's own editions reversed here, so that reversing the whole list at the end
            // puts them back in order, book by book. (A tuple a book, popped at the end, copied
            // each new book.)
            otherEditions[count...].reverse()
        }
        changes.newBooks.reserveCapacity(lastFirst.count)
        while let book = lastFirst.popLast() { changes.newBooks.append(book) }
        changes.editions += otherEditions.reversed()
        changes.enrichmentQueue += queued.reversed()
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

/// A batch of rows: the books mapped from them and, when the importer made them, their digests
/// (`ImportRowDigest.of`) in the same order.
struct MappedRows: Sendable {
    var books: [ImportedBook]
    var digests: [ImportRowDigest]?

    /// The rows without those at the given positions (`ImportBatcher.knownRows`).
    func leavingOut(_ positions: [Int: Work.ID]) -> MappedRows {
        guard !positions.isEmpty else { return self }
        let kept = books.indices.filter { positions[$0] == nil }
        return MappedRows(books: kept.map { books[$0] }, digests: digests.map { digests in kept.map { digests[$0] } })
    }
}

/// What a batch is merged into, read before its merge: the library's books its rows may match (in
/// parts) and its rows known unchanged (`ImportBatcher.knownRows`).
private struct Candidates: Sendable {
    var parts: [BookPage]
    var known: [Int: Work.ID]
}

/// The candidates of a batch read in snapshots taken after `version`, each half of the batch on a
/// thread of its own: a re-import's batch waits for its candidates, and the halves use both cores.
private struct ReadAhead: Sendable {
    let version: LibraryVersion
    /// The rows of the batch, to make sure the candidates are used for it.
    private let rows: [Int]
    private let loads: [ProducerThread<(page: BookPage, keys: MatchingKeys, known: [Int: Work.ID])>]

    init(_ batch: MappedRows, after version: LibraryVersion, batcher: ImportBatcher) {
        self.version = version
        rows = batch.books.map(\.row)
        let store = batcher.store
        let half = (batch.books.count + 1) / 2
        loads = [0..<half, half..<batch.books.count].filter { !$0.isEmpty }.map { part in
            ProducerThread(name: "BooksTrack import candidates", capacity: 0) { hand in
                // The rows known unchanged first: only the others' candidates are read.
                let known = try batcher.knownRows(of: batch, at: part) { try store.lastChangesAhead(of: $0) }
                var keys = MatchingKeys()
                let page = try ImportBatcher.candidates(of: batch.books, at: part.filter { known[$0] == nil }, keys: &keys) { isbns, titleKeys in
                    try store.booksAhead(sharingISBNs: isbns, orTitleKeys: titleKeys)
                }
                _ = hand((page, keys, known))
            }
        }
    }

    /// The version and the candidates read, when they are those of `books` and every read
    /// succeeded (a failed read is made again in the batch's transaction).
    func result(for books: [ImportedBook]) -> (version: LibraryVersion, found: Candidates, keys: MatchingKeys)? {
        defer { for load in loads { load.close() } }
        guard books.map(\.row) == rows else { return nil }
        var found = Candidates(parts: [], known: [:])
        var keys = MatchingKeys()
        for load in loads {
            guard let part = try? load.next() else { return nil }
            found.parts.append(part.page)
            found.known.merge(part.known) { first, _ in first }
            keys.learnTitles(of: part.keys)
        }
        return (version, found, keys)
    }
}

/// The next batch merged on a thread of its own while the batcher writes the current one, by a
/// copy of the batcher as it will be once that batch is written.
///
/// Its candidates are read in snapshots taken while the current batch's transaction holds the
/// file, so they show the library before that batch's writes or after its commit. The two agree
/// on every book a row of the next batch can find, when none of those rows shares an ISBN or a
/// title key with a book the current batch adds or changes, and none is known unchanged in a book
/// it changes: otherwise nothing is merged ahead. The merge is used only in a transaction that
/// finds the version the current batch's commit left (`expect(_:)`), so that nothing else was
/// committed in between.
private struct MergeAhead: Sendable {
    struct Merge: Sendable {
        var batcher: ImportBatcher
        var plan: ImportBatcher.Plan
        /// The counts and problems of the batch alone.
        var summary: ImportSummary
    }

    /// The pass under which the merge records its first rows (`FirstRows`).
    let pass: Int
    private let rows: [Int]
    private var expected: LibraryVersion?
    private let merge: ProducerThread<Merge>

    init(_ batch: MappedRows, batcher: ImportBatcher, touched: ImportBatcher.Plan) {
        rows = batch.books.map(\.row)
        let pass = batcher.firstRows.beginPass()
        self.pass = pass
        let touchedKeys = touched.touchedKeys
        let touchedWorks = touched.touchedWorks
        // Off the CPU of the import's writer, if it claimed one.
        merge = ProducerThread(name: "BooksTrack import merge", capacity: 0, writerCore: WriterCore.current) { hand in
            var batcher = batcher
            batcher.pass = pass
            // The title keys of the batch being written are of no use here.
            batcher.keys.forgetTitles()
            var rowKeys = Set<String>()
            for position in batch.books.indices {
                ImportBatcher.candidateKeys(
                    isbns: batch.books[position].isbns, title: batch.books[position].title, keys: &batcher.keys, into: &rowKeys)
            }
            guard rowKeys.isDisjoint(with: touchedKeys) else { return }
            let store = batcher.store
            let known = try batcher.knownRows(of: batch) { try store.lastChangesAhead(of: $0) }
            guard touchedWorks.isDisjoint(with: known.values) else { return }
            let unknown = known.isEmpty ? nil : batch.books.indices.filter { known[$0] == nil }
            let candidates = try ImportBatcher.candidates(of: batch.books, at: unknown, keys: &batcher.keys) { isbns, titleKeys in
                try store.booksAhead(sharingISBNs: isbns, orTitleKeys: titleKeys)
            }
            var summary = ImportSummary(format: batcher.format, dryRun: false)
            let plan = try batcher.plan(batch, candidates: Candidates(parts: [candidates], known: known), into: &summary)
            _ = hand(Merge(batcher: batcher, plan: plan, summary: summary))
        }
    }
    /// Records the version the current batch's commit leaves; nil (a store that cannot tell)
    /// leaves the merge unused.
    mutating func expect(_ version: LibraryVersion?) {
        expected = version
    }

    /// The merge and the version it needs, when it is of `books` and was made (a failed read or
    /// a shared key leaves the batch to be merged in its transaction).
    func result(for books: [ImportedBook]) -> (version: LibraryVersion, merge: Merge)? {
        defer { merge.close() }
        guard books.map(\.row) == rows, let expected, let done = try? merge.next() else { return nil }
        return (expected, done)
    }
}
