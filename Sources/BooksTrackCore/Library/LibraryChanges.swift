/// Changes to many books written together in one transaction: the unit an import commits.
///
/// Authors are saved first, then works, editions and entries, so an updated work may name an
/// author added in the same batch and an entry may own an edition added in it.
public struct LibraryChanges: Hashable, Sendable {
    /// Books new to the library.
    public var newBooks: [NewBook]
    /// Authors to insert or update (for books that are not new).
    public var authors: [Author]
    /// Existing works to update.
    public var works: [Work]
    /// Editions to insert or update.
    public var editions: [Edition]
    /// Existing entries to update.
    public var entries: [LibraryEntry]
    /// Works to queue for enrichment (a missing cover, page count or publication year).
    public var enrichmentQueue: [Work.ID]
    /// The rows of an import file these changes come from, to remember (`ImportedRows`).
    public var importedRows: ImportedRows

    /// Creates a set of changes; all empty by default.
    public init(
        newBooks: [NewBook] = [], authors: [Author] = [], works: [Work] = [],
        editions: [Edition] = [], entries: [LibraryEntry] = [], enrichmentQueue: [Work.ID] = [],
        importedRows: ImportedRows = ImportedRows()
    ) {
        self.newBooks = newBooks
        self.authors = authors
        self.works = works
        self.editions = editions
        self.entries = entries
        self.enrichmentQueue = enrichmentQueue
        self.importedRows = importedRows
    }

    /// True when there is nothing to write.
    public var isEmpty: Bool {
        newBooks.isEmpty && authors.isEmpty && works.isEmpty && editions.isEmpty && entries.isEmpty
            && enrichmentQueue.isEmpty && importedRows.works.isEmpty
    }
}

/// What `BookStore.apply` wrote beyond the changes themselves.
public struct AppliedChanges: Hashable, Sendable {
    /// How many works of `LibraryChanges.enrichmentQueue` were not queued before and are now: a
    /// work already waiting keeps its place and is not counted again.
    public var newlyQueuedForEnrichment: Int

    public init(newlyQueuedForEnrichment: Int = 0) {
        self.newlyQueuedForEnrichment = newlyQueuedForEnrichment
    }
}
