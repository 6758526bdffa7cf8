import BooksTrackConcurrency
import BooksTrackCore
import Foundation
import GRDB

/// A book checked with the core's `Validation` and reduced to what its rows need. Made without
/// the database, so a second thread can prepare books while the writer inserts earlier ones.
struct PreparedBook: Sendable {
    var work: Work
    var normalizedTitle: String
    var authors: [PreparedAuthor]
    var edition: Edition?
    var entry: LibraryEntry
    var tags: [(normalized: String, text: String)]
    /// The page count the entry was validated against (the book's edition's); nil and
    /// `ownsEarlierEdition` when the entry owns an edition already in the library, which the
    /// writer checks.
    var pageCount: Int?
    var ownsEarlierEdition: Bool
    /// The entry's read history and tags as stored, encoded with the checks; nil when encoding
    /// failed, which the writer then does again to throw its error.
    var encodedLists: EntryRecord.EncodedLists?
    /// The entry's insight facts as a new work's (its only edition the book's), with the book's
    /// first author as given; nil when the entry owns an edition already in the library.
    var facts: PreparedFacts?
}

/// A new work's insight facts, computed before its rows are written: the writer uses them when
/// the work is new indeed and its first author is stored as the book gave it.
struct PreparedFacts: Sendable {
    var facts: [InsightFact]
    var firstAuthor: Author?
}

/// An author with its matching and sort keys.
struct PreparedAuthor: Sendable {
    var author: Author
    var normalizedName: String
    var sortKey: String
}

/// Inserts prepared books inside one write transaction, with its statements prepared once.
///
/// New works and editions take a plain INSERT (an existing one falls back to an update that also
/// replaces its links and ISBNs); tags, quotes and sessions are collected and written as
/// multi-row INSERTs, and the entries' figures (`EntryFigures`) are counted; `finish()` writes what
/// is left and must be called before the transaction ends. A refused book throws, and the
/// caller's transaction rolls everything back.
///
/// Every reference it writes is checked here, so that it needs no foreign key: a work's authors
/// are the book's or the library's, its edition and entry are written with it, and an entry
/// owning an earlier edition finds that edition among the work's.
struct BookInserter {
    private let db: Database
    private let user: Int64
    private let store: SQLiteLibraryStore
    private var author: RowInserter
    private var work: RowInserter
    private var link: RowInserter
    private var edition: RowInserter
    private var isbn: RowInserter
    private var entry: RowInserter
    private var tags = PendingRows<(entryID: LibraryEntry.ID, tag: (normalized: String, text: String), position: Int)>(
        table: "entry_tags", columns: EntryTagRecord.columns
    ) { row, user, inserter in
        inserter.bind(user)
        inserter.bind(row.entryID)
        inserter.bind(row.tag.normalized)
        inserter.bind(row.tag.text)
        inserter.bind(row.position)
    }
    private var quotes = PendingRows<(entryID: LibraryEntry.ID, quote: Quote, position: Int)>(
        table: "quotes", columns: QuoteRecord.columns
    ) { row, user, inserter in
        QuoteRecord.bind(row.quote, entryID: row.entryID, position: row.position, userKey: user, to: &inserter)
    }
    private var sessions = PendingRows<(entryID: LibraryEntry.ID, session: ReadingSession, position: Int)>(
        table: "reading_sessions", columns: ReadingSessionRecord.columns
    ) { row, user, inserter in
        ReadingSessionRecord.bind(row.session, entryID: row.entryID, position: row.position, userKey: user, to: &inserter)
    }
    /// What the inserted entries add to the kept figures, written by `finish()`.
    private var figures = EntryFigures()
    /// The insight facts of inserted entries whose work is new, written and counted by `finish()`.
    private var facts: InsightFactRows
    /// Each author met in this transaction as stored (a new one as inserted), with its sort key:
    /// the same author is shared by many books, and the first author's sort key goes on the work
    /// and its demographics into the insight facts. Apart, so that a look-up copies only what it needs.
    private var storedAuthors: [Author.ID: Author] = [:]
    private var sortKeys: [Author.ID: String] = [:]

    init(_ db: Database, user: Int64, store: SQLiteLibraryStore) throws {
        self.db = db
        self.user = user
        self.store = store
        facts = InsightFactRows(user: user)
        author = try RowInserter(db, sql: AuthorRecord.insertIfMissingSQL)
        work = try RowInserter(db, sql: SQLText.insert(table: WorkRecord.table, columns: WorkRecord.columns))
        link = try RowInserter(db, sql: WorkAuthorRecord.insertSQL)
        edition = try RowInserter(db, sql: SQLText.insert(table: EditionRecord.table, columns: EditionRecord.columns))
        isbn = try RowInserter(db, sql: EditionISBNRecord.insertSQL)
        entry = try RowInserter(db, sql: EntryRecord.insertSQL)
    }

    /// Checks a book and computes its keys. The work's author list is `work.authorIDs`, or the
    /// given authors in order when it is empty; the entry is attached to the work and to `userID`.
    static func prepare(
        _ book: NewBook, userID: User.ID, knownAuthors: [Author.ID: PreparedAuthor] = [:]
    ) throws(LibraryError) -> PreparedBook {
        var work = book.work
        if work.authorIDs.isEmpty { work.authorIDs = book.authors.map(\.id) }
        var entry = book.entry
        entry.userID = userID
        entry.workID = work.id
        try Validation.validate(work)
        var authors: [PreparedAuthor] = []
        for author in book.authors {
            if let known = knownAuthors[author.id], known.author == author {
                authors.append(known)
            } else {
                try Validation.validate(author)
                let keys = AuthorRecord.keys(of: author)
                authors.append(PreparedAuthor(author: author, normalizedName: keys.normalizedName, sortKey: keys.sortKey))
            }
        }
        if let edition = book.edition {
            guard edition.workID == work.id else { throw .editionOfAnotherWork }
            try Validation.validate(edition)
        }
        let ownsEarlierEdition = entry.editionID != nil && entry.editionID != book.edition?.id
        let pageCount = ownsEarlierEdition ? nil : book.edition?.pageCount
        // Without the page count (checked by the writer) the entry's other limits, tags included, are checked here.
        try Validation.validate(entry, pageCount: pageCount)
        let tags = SQLiteLibraryStore.storedTags(entry.tags)
        var facts: PreparedFacts?
        if !ownsEarlierEdition {
            let firstAuthor = work.authorIDs.first.flatMap { id in authors.first { $0.author.id == id }?.author }
            facts = PreparedFacts(
                facts: InsightFact.facts(of: entry, work: work, countedEdition: book.edition, firstAuthor: firstAuthor),
                firstAuthor: firstAuthor)
        }
        return PreparedBook(
            work: work, normalizedTitle: book.titleKey?.key(of: work.title) ?? TextNormalization.normalizeTitle(work.title), authors: authors,
            edition: book.edition, entry: entry, tags: tags, pageCount: pageCount, ownsEarlierEdition: ownsEarlierEdition,
            encodedLists: try? EntryRecord.EncodedLists(entry, tags: tags.map(\.text)), facts: facts
        )
    }

    /// Writes the books of `preparation` in order, and throws the first refusal once the books
    /// before it are written.
    mutating func insert(_ preparation: BookPreparation) throws {
        try preparation.forEachChunk { chunk in
            // The chunk's facts were summed as it was prepared.
            facts.adopt(chunk.factSums)
            // Freed on another thread once written (`Disposal`).
            var written: [PreparedBook] = []
            written.reserveCapacity(chunk.count)
            while let book = chunk.nextBook() {
                try insertSummed(book)
                written.append(consume book)
            }
            Disposal.release(consume written)
            if let refusal = chunk.refusal { throw refusal }
        }
    }

    /// Writes one prepared book; returns its entry's ID.
    @discardableResult
    mutating func insert(_ book: PreparedBook) throws -> LibraryEntry.ID {
        var sums = InsightCounterSums()
        sums.add(book.facts?.facts ?? [])
        facts.adopt(sums)
        return try insertSummed(book)
    }

    /// `insert(_:)` for a book whose prepared facts' sums were adopted already (`InsightFactRows.adopt`).
    @discardableResult
    private mutating func insertSummed(_ book: PreparedBook) throws -> LibraryEntry.ID {
        var pageCount = book.pageCount
        if book.ownsEarlierEdition, let editionID = book.entry.editionID {
            guard let owned = try store.loadEditions(db, user, where: "e.id = ?", [editionID.databaseValue]).first else {
                throw LibraryError.editionNotFound(editionID)
            }
            guard owned.workID == book.work.id else { throw LibraryError.editionOfAnotherWork }
            pageCount = owned.pageCount
            try Validation.validate(book.entry, pageCount: pageCount)
        }

        for prepared in book.authors where storedAuthors[prepared.author.id] == nil {
            AuthorRecord.bind(prepared.author, keys: (prepared.normalizedName, prepared.sortKey), userKey: user, to: &author)
            try author.run()
            // Zero changes: the author was already in the library, and keeps its stored values.
            if db.changesCount > 0 {
                remember(prepared.author, sortKey: prepared.sortKey)
            } else {
                try loadStoredAuthor(prepared.author.id)
            }
        }
        let workExisted = try insert(book.work, normalizedTitle: book.normalizedTitle)
        if let newEdition = book.edition { try insert(newEdition) }
        let encoded = try book.encodedLists ?? EntryRecord.EncodedLists(book.entry, tags: book.tags.map(\.text))
        EntryRecord.bind(book.entry, encoded: encoded, shownPageCount: pageCount, userKey: user, to: &entry)
        do {
            try entry.run()
        } catch let error as DatabaseError where error.isUniquenessViolation {
            throw LibraryError.duplicateEntry(book.work.id)
        }
        // A new work's only edition is the one inserted with it, so its facts are known here; an
        // entry of a work already in the library is counted again from the stored rows.
        let counted = !workExisted && !book.ownsEarlierEdition
        var firstAuthor: Author?
        if counted, let firstID = book.work.authorIDs.first {
            try loadStoredAuthor(firstID)
            firstAuthor = storedAuthors[firstID]
        }
        if counted, let prepared = book.facts, prepared.firstAuthor == firstAuthor {
            facts.addSummed(prepared.facts, entryID: book.entry.id)
        } else {
            // Prepared facts that do not hold (the work was there, or its first author is stored otherwise).
            if let prepared = book.facts { facts.disown(prepared.facts) }
            if counted {
                facts.add(
                    InsightFact.facts(of: book.entry, work: book.work, countedEdition: book.edition, firstAuthor: firstAuthor),
                    entryID: book.entry.id)
            }
        }
        figures.add(book.entry, counted: counted)
        if workExisted {
            // A work already in the library may have editions that outrank the new one. The update
            // trigger moves the entry's figures, so they must be counted first.
            try figures.apply(db, user: user)
            try store.refreshShownPageCount(db, user, workID: book.work.id)
        }

        let entryID = book.entry.id
        for (position, tag) in book.tags.enumerated() {
            try tags.add((entryID, tag, position), user: user, db)
        }
        for (position, quote) in book.entry.quotes.enumerated() {
            try quotes.add((entryID, quote, position), user: user, db)
        }
        for (position, session) in book.entry.sessions.enumerated() {
            try sessions.add((entryID, session, position), user: user, db)
        }
        return entryID
    }

    /// Writes the collected tags, quotes, sessions, figures and insight facts.
    mutating func finish() throws {
        try figures.apply(db, user: user)
        try facts.write(db)
        try tags.flush(user: user, db)
        try quotes.flush(user: user, db)
        try sessions.flush(user: user, db)
    }

    /// Reads the author as stored, with its sort key, into `storedAuthors` and `sortKeys` unless
    /// it is there already (once per transaction); returns whether it is in the library.
    @discardableResult
    private mutating func loadStoredAuthor(_ id: Author.ID) throws -> Bool {
        if storedAuthors.index(forKey: id) != nil { return true }
        guard let stored = try SQLiteLibraryStore.fetch(db, Self.storedAuthorSQL, [user, id.databaseValue], table: "authors", { reader in
            (sortKey: try reader.string(), author: try AuthorRecord.decode(&reader))
        }).first else { return false }
        remember(stored.author, sortKey: stored.sortKey)
        return true
    }

    /// Notes an author as stored in this transaction, with its sort key.
    private mutating func remember(_ author: Author, sortKey: String) {
        storedAuthors[author.id] = author
        sortKeys[author.id] = sortKey
    }

    private static let storedAuthorSQL = """
        SELECT a.sortKey, \(AuthorRecord.selection(alias: "a")) FROM authors a WHERE a.userKey = ? AND a.id = ?
        """

    /// Inserts the work and its author links; returns whether it was already in the library.
    private mutating func insert(_ newWork: Work, normalizedTitle: String) throws -> Bool {
        let authorIDs = SQLiteLibraryStore.uniqued(newWork.authorIDs)
        var primarySortKey: String?
        if let firstID = authorIDs.first, try loadStoredAuthor(firstID) { primarySortKey = sortKeys[firstID] }
        WorkRecord.bind(newWork, normalizedTitle: normalizedTitle, primaryAuthorSortKey: primarySortKey, userKey: user, to: &work)
        var existed = false
        do {
            try work.run()
        } catch let error as DatabaseError where error.isUniquenessViolation {
            existed = true
            // The work is already in the library: update it and replace its author links.
            var update = try RowInserter(db, sql: WorkRecord.upsertSQL)
            WorkRecord.bind(newWork, normalizedTitle: normalizedTitle, primaryAuthorSortKey: primarySortKey, userKey: user, to: &update)
            try update.run()
            try SQLiteLibraryStore.execute(db, WorkAuthorRecord.deleteForWorkSQL, [user, newWork.id.databaseValue])
        }
        for (position, authorID) in authorIDs.enumerated() {
            // Checked here, not left to the foreign key, which an import's transaction leaves off
            // (`blockingImportTransaction`): an author met in this transaction is known without a
            // copy, another is read once.
            guard try loadStoredAuthor(authorID) else {
                throw LibraryError.authorNotFound(authorID)
            }
            link.begin()
            link.bind(user)
            link.bind(newWork.id)
            link.bind(authorID)
            link.bind(position)
            try link.run()
        }
        return existed
    }

    private mutating func insert(_ newEdition: Edition) throws {
        EditionRecord.bind(newEdition, userKey: user, to: &edition)
        do {
            try edition.run()
        } catch let error as DatabaseError where error.isUniquenessViolation {
            // The edition is already in the library: update it and replace its ISBNs.
            var update = try RowInserter(db, sql: EditionRecord.upsertSQL)
            EditionRecord.bind(newEdition, userKey: user, to: &update)
            try update.run()
            try SQLiteLibraryStore.execute(db, EditionISBNRecord.deleteForEditionSQL, [user, newEdition.id.databaseValue])
        }
        for (position, number) in newEdition.isbns.enumerated() {
            isbn.begin()
            isbn.bind(user)
            isbn.bind(newEdition.id)
            isbn.bind(number.isbn13)
            isbn.bind(position)
            try isbn.run()
        }
    }
}
