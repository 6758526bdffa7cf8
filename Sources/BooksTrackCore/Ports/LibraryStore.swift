import Foundation

// The library's store, split by concern so that a use case, or a test double, depends only on
// what it uses. Every method is one transaction of its own, or a part of the transaction it runs
// in (`LibraryTransactions`). These methods block the calling thread on SQLite: front ends never
// call them directly, only through the services' async methods, whose transactions run on the
// store's own threads.

/// The user a library store is created for: nothing in it can reach another user's data.
public protocol UserScoped: Sendable {
    /// The user whose library this is.
    var userID: User.ID { get }
}

/// Use cases made of several store calls run them in one transaction.
public protocol LibraryTransactions: Sendable {
    /// Runs `body` in one write transaction on the store's writer thread, not on the caller's:
    /// every store call inside it joins that transaction, and it is rolled back when `body` throws.
    func transaction<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T
    /// Runs `body` in one read transaction (a consistent snapshot) on one of the store's reader
    /// threads; store calls inside it read that snapshot.
    func snapshot<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T
    /// `transaction` for bulk paths that run on a thread of their own (imports): blocks the calling
    /// thread until the transaction commits.
    func blockingTransaction<T>(_ body: () throws -> T) throws -> T
    /// `blockingTransaction` for an import's batch, whose only write is `BookStore.apply`: `apply`
    /// checks every reference it writes itself (a work's authors, an edition's work, an entry's
    /// work and edition), so the store may leave out its own per-row reference checks.
    func blockingImportTransaction<T>(_ body: () throws -> T) throws -> T
}

extension LibraryTransactions {
    /// `blockingTransaction` itself, for a store that checks references the same way always.
    public func blockingImportTransaction<T>(_ body: () throws -> T) throws -> T {
        try blockingTransaction(body)
    }
}

extension BookStore {
    /// No version: a store that cannot tell whether it changed has nothing read ahead of an import's batch.
    public func libraryVersion() throws -> LibraryVersion? { nil }
    /// No version: nothing is merged ahead of an import's batch.
    public func libraryVersionAtCommit() throws -> LibraryVersion? { nil }
    /// `books(sharingISBNs:orTitleKeys:)` itself, for a store without readers beside its writer.
    public func booksAhead(sharingISBNs isbns: [ISBN], orTitleKeys titleKeys: [String]) throws -> BookPage {
        try books(sharingISBNs: isbns, orTitleKeys: titleKeys)
    }
}

/// A state of the library as one store's writer saw it: the same value later means nothing was
/// committed to the file in between, by this process or another.
public struct LibraryVersion: Hashable, Sendable {
    /// Transactions with changes this process committed to the file.
    public let commits: UInt64
    /// SQLite's `data_version` on the writer's connection, which moves when another process commits.
    public let otherWriters: Int64

    /// A version made of its two counts.
    public init(commits: UInt64, otherWriters: Int64) {
        self.commits = commits
        self.otherWriters = otherWriters
    }
}

/// The library's authors.
public protocol AuthorStore: UserScoped {
    /// Inserts or updates an author.
    func save(_ author: Author) throws
    /// The author with this ID, if it is in this library.
    func author(id: Author.ID) throws -> Author?
    /// Authors whose normalized name matches `name` ("Le Guin, Ursula K." finds "Ursula K. Le Guin").
    func authors(named name: String) throws -> [Author]
    /// The authors whose normalized name (`TextNormalization.normalizeAuthor`) is one of `keys`.
    func authors(normalizedNames keys: [String]) throws -> [Author]
    /// Every author, by sort name.
    func allAuthors() throws -> [Author]
}

/// Which works each author of the library wrote: an author's page, a merge of two authors.
public protocol AuthorWorksStore: UserScoped {
    /// The works `id` is an author of.
    func workIDs(byAuthor id: Author.ID) throws -> [Work.ID]
    /// How many books of the library (works with an entry) each author wrote; an author without
    /// any is absent.
    func bookCounts() throws -> [Author.ID: Int]
    /// Deletes an author, with their links to works.
    func deleteAuthor(id: Author.ID) throws
}

/// The library's works.
public protocol WorkStore: UserScoped {
    /// Inserts or updates a work and its ordered author links.
    func save(_ work: Work) throws
    /// The work with this ID, if it is in this library.
    func work(id: Work.ID) throws -> Work?
    /// Works whose normalized title and primary author match (the dedupe key).
    func works(title: String, primaryAuthor: String?) throws -> [Work]
    /// Deletes a work with its editions and its entry.
    func deleteWork(id: Work.ID) throws
}

/// The editions of the library's works.
public protocol EditionStore: UserScoped {
    /// Inserts or updates an edition with its ISBNs.
    func save(_ edition: Edition) throws
    /// The edition with this ID, if it is in this library.
    func edition(id: Edition.ID) throws -> Edition?
    /// The work's editions, oldest first.
    func editions(ofWork workID: Work.ID) throws -> [Edition]
    /// The edition carrying this ISBN, if any.
    func edition(isbn: ISBN) throws -> Edition?
    /// The editions of each work, oldest first; works without editions are absent.
    func editions(ofWorks workIDs: [Work.ID]) throws -> [Work.ID: [Edition]]
    /// Deletes an edition; entries that owned it keep their progress and become not owned.
    func deleteEdition(id: Edition.ID) throws
}

/// The reader's entries: one per book, with its reading state.
public protocol EntryStore: UserScoped {
    /// Inserts or updates an entry with its tags, quotes, sessions and read history (not photos).
    func save(_ entry: LibraryEntry) throws
    /// The entry with this ID, if it is in this library.
    func entry(id: LibraryEntry.ID) throws -> LibraryEntry?
    /// The entry for a work, if the user has one.
    func entry(workID: Work.ID) throws -> LibraryEntry?
    /// Deletes an entry with its sessions, quotes and photos; the work stays.
    func deleteEntry(id: LibraryEntry.ID) throws
    /// Reads the entry, lets `change` apply rules to it (given the page count of its shown
    /// edition), validates and saves it, all in one transaction. Returns the saved entry.
    func updateEntry(id: LibraryEntry.ID, _ change: (inout LibraryEntry, _ pageCount: Int?) throws -> Void) throws -> LibraryEntry
}

/// Whole books (work, authors, edition and entry) added, merged, found and paged.
public protocol BookStore: UserScoped {
    /// Adds authors (reusing existing IDs), the work, the edition and the entry in one transaction.
    func add(_ book: NewBook) throws -> LibraryBook
    /// Adds many books in one transaction; the fast path for imports.
    func add(_ books: [NewBook]) throws
    /// Writes new books and updates to existing ones in one transaction; nothing is written when
    /// any part is refused. Answers how many works it newly queued for enrichment.
    @discardableResult
    func apply(_ changes: LibraryChanges) throws -> AppliedChanges
    /// The books that have an edition carrying one of `isbns` or whose title key
    /// (`TextNormalization.normalizeTitle`) or key of the title before its subtitle
    /// (`TextNormalization.mainTitleKey`) is one of `titleKeys` (the caller compares authors): the
    /// candidates an import matches against, with every edition of their works.
    func books(sharingISBNs isbns: [ISBN], orTitleKeys titleKeys: [String]) throws -> BookPage
    /// The library's version, asked inside a write transaction: books read with
    /// `booksAhead(sharingISBNs:orTitleKeys:)` after it are still the library's books in a later
    /// transaction that finds the same version. Nil when the store cannot tell (reading ahead is
    /// then of no use).
    func libraryVersion() throws -> LibraryVersion?
    /// The version the library will have once the write transaction it is asked in commits,
    /// when nothing else commits before: a later transaction that finds it knows that only this
    /// one was committed in between. Nil when the store cannot tell.
    func libraryVersionAtCommit() throws -> LibraryVersion?
    /// `books(sharingISBNs:orTitleKeys:)` read in a snapshot of their own, outside any write
    /// transaction and beside it: an import reads the candidates of its next batch while it
    /// writes the current one.
    func booksAhead(sharingISBNs isbns: [ISBN], orTitleKeys titleKeys: [String]) throws -> BookPage
    /// The book for an entry.
    func book(entryID: LibraryEntry.ID) throws -> LibraryBook?
    /// One page of books.
    func books(_ query: EntryQuery) throws -> [LibraryBook]
    /// The keys of every `step`-th entry in the order books were added (the last entry of each
    /// full page of `step` books), for walking the library in pages that can load side by side.
    func entryOrderKeys(every step: Int) throws -> [EntryOrderKey]
    /// The books added after `start` (from the first when nil) up to and including `end` (to the
    /// last when nil), in the order they were added, with every edition of their works.
    func books(after start: EntryOrderKey?, through end: EntryOrderKey?) throws -> BookPage
    /// Entries whose ID starts with `idPrefix` (hex digits, hyphens optional).
    func entries(idPrefix: String) throws -> [LibraryEntry.ID]
    /// Entries whose owned or primary edition carries the ISBN.
    func entries(isbn: ISBN) throws -> [LibraryEntry.ID]
    /// Entries whose title contains `text` (case- and diacritic-insensitive); at most `limit`.
    func entries(titleContaining text: String, limit: Int) throws -> [LibraryEntry.ID]
}

/// The works waiting to be completed from the providers.
public protocol EnrichmentQueueStore: UserScoped {
    /// Up to `limit` queued works, oldest first.
    func queuedForEnrichment(limit: Int) throws -> [Work.ID]
    /// How many works wait for enrichment.
    func countQueuedForEnrichment() throws -> Int
    /// How many of `workIDs` wait for enrichment.
    func countQueuedForEnrichment(among workIDs: [Work.ID]) throws -> Int
    /// Up to `limit` queued works due at `now` (never tried, or due again), oldest first.
    func queuedForEnrichment(limit: Int, dueAt now: Date) throws -> [Work.ID]
    /// How many queued works are due at `now`.
    func countQueuedForEnrichment(dueAt now: Date) throws -> Int
    /// Remembers attempts on works that stay queued: when, what came of it, when to try again.
    func recordEnrichmentAttempts(_ attempts: [EnrichmentAttempt]) throws
    /// Takes works off the queue.
    func dequeueEnrichment(_ workIDs: [Work.ID]) throws
}

/// Counts, statistics and insights, counted in SQL.
public protocol InsightStore: UserScoped {
    /// How many entries match the query's filters (paging ignored), counted in SQL.
    func count(_ query: EntryQuery) throws -> Int
    /// Entries per status, every status present, counted in SQL.
    func countByStatus() throws -> [ReadingStatus: Int]
    /// Works waiting for review (pending), counted in SQL.
    func reviewQueueCount() throws -> Int
    /// The insights of one year (nil for all time) as of `now`, with SQL aggregates.
    func insights(year: Int?, now: Date) throws -> Insights
}

/// Reading goals per year.
public protocol GoalStore: UserScoped {
    /// How a year's goal stands as of `now`; nil without one.
    func goalProgress(year: Int, now: Date) throws -> GoalProgress?
    /// The goal set for a year.
    func goal(year: Int) throws -> ReadingGoal?
    /// Sets (or replaces) a year's goal.
    func setGoal(_ goal: ReadingGoal) throws
    /// Removes a year's goal.
    func removeGoal(year: Int) throws
}

/// Photos of pages, kept with their entry.
public protocol PhotoStore: UserScoped {
    /// Stores a photo's bytes with its metadata.
    func addPhoto(_ photo: PagePhoto, data: Data, entryID: LibraryEntry.ID) throws
    /// The entry's photos, oldest first.
    func photos(entryID: LibraryEntry.ID) throws -> [PagePhoto]
    /// A photo's bytes.
    func photoData(id: PagePhoto.ID) throws -> Data?
    /// Keeps a photo's thumbnail (JPEG) beside it.
    func setPhotoThumbnail(_ thumbnail: Data, id: PagePhoto.ID) throws
    /// A photo's thumbnail, when it has one.
    func photoThumbnail(id: PagePhoto.ID) throws -> Data?
    /// Keeps the photo as it was sent beside the processed one (a reader asked to).
    func setPhotoOriginal(_ original: Data, id: PagePhoto.ID) throws
    /// The photo as it was sent, when it was kept.
    func photoOriginal(id: PagePhoto.ID) throws -> Data?
    /// Photos kept before page photos were processed (they have no thumbnail), oldest first.
    func photosWithoutThumbnail() throws -> [PagePhoto.ID]
    /// Replaces a photo's bytes with what processing made of them, and keeps its thumbnail.
    func replacePhoto(id: PagePhoto.ID, data: Data, imageType: ImageType, thumbnail: Data) throws
    /// Deletes a photo.
    func deletePhoto(id: PagePhoto.ID) throws
}

/// Covers readers uploaded, one per edition; deleting the edition deletes its cover.
public protocol CoverStore: UserScoped {
    /// Keeps an uploaded cover (processed image bytes) for an edition, replacing the one before.
    func setUploadedCover(_ data: Data, editionID: Edition.ID, now: Date) throws
    /// The cover uploaded for an edition, if any.
    func uploadedCover(editionID: Edition.ID) throws -> Data?
    /// Forgets the cover uploaded for an edition.
    func removeUploadedCover(editionID: Edition.ID) throws
}

/// Column mappings a reader confirmed for files no importer knows, by the file's header.
public protocol ImportMappingStore: UserScoped {
    /// The mapping kept for a header (its key), if any.
    func importMapping(header key: String) throws -> String?
    /// Keeps a mapping for a header, replacing the one kept before.
    func rememberImportMapping(_ mapping: String, header key: String, now: Date) throws
}

/// What imports remember of the rows they merged (`ImportedRows`, written by `BookStore.apply`).
public protocol ImportRowStore: UserScoped {
    /// Every recorded row, the latest record of each digest.
    func importedRows() throws -> ImportedRowIndex
    /// The last time each of `workIDs`, its entry or one of its editions was changed (their
    /// `lastModified`); a work not in the library, or without an entry, has none.
    func lastChanges(of workIDs: [Work.ID]) throws -> [Work.ID: Date]
    /// `lastChanges(of:)` on a reader beside the writer, in a snapshot of its own.
    func lastChangesAhead(of workIDs: [Work.ID]) throws -> [Work.ID: Date]
    /// Replaces every recorded row with the records of `index`, so that replaced records are dropped.
    func compactImportedRows(_ index: ImportedRowIndex) throws
}

extension ImportRowStore {
    /// `lastChanges(of:)` itself, for a store without readers beside its writer.
    public func lastChangesAhead(of workIDs: [Work.ID]) throws -> [Work.ID: Date] {
        try lastChanges(of: workIDs)
    }
}

/// One user's library, persisted: every concern together, as the SQLite store implements it.
public protocol LibraryStore:
    AuthorStore, AuthorWorksStore, WorkStore, EditionStore, EntryStore, BookStore, EnrichmentQueueStore, InsightStore, GoalStore, PhotoStore,
    CoverStore, ImportMappingStore, ImportRowStore, ScanStore, LibraryTransactions
{}

/// The users of one data directory.
public protocol UserDirectory: Sendable {
    /// Every user, by name.
    func users() throws -> [User]
    /// The user with this name.
    func user(named name: String) throws -> User?
    /// The user with this name, created if missing.
    func ensureUser(named name: String, now: Date) throws -> User
}
