import BooksTrackCore

/// Where a catalog row came from; stored as the raw value in every table's `source` column.
enum CatalogSourceKind: String, Sendable {
    /// The bundled goodbooks-10k seed.
    case seed
    /// An Open Library bulk dump.
    case openLibrary = "openlibrary"
}

/// A work as the catalog stores it (`catalog_works`, its authors and its search row).
struct CatalogWorkRecord: Sendable, Equatable {
    /// "/works/OL45804W", "goodreads:2767052", or an edition's key for a work inferred from it.
    var key: String
    var source: CatalogSourceKind
    var title: String
    var subtitle: String?
    /// Another title the work is known by ("Harry Potter and the Philosopher's Stone"); searchable.
    var alternateTitle: String?
    var seriesName: String?
    var seriesPosition: Double?
    var firstPublicationYear: Int?
    var originalLanguage: String?
    var description: String?
    var subjects: [String] = []
    var coverImageURL: String?
    var goodreadsWorkID: String?
    /// Ratings count; nil when the source does not say.
    var popularity: Int?
    /// True for a work made up from an edition whose work record is not (yet) in the catalog.
    var synthetic: Bool = false
    /// Keys into `catalog_authors`, primary author first.
    var authorKeys: [String] = []
    /// The normalized title and search text, when computed ahead (on another thread); the writer
    /// computes them otherwise.
    var searchKeys: CatalogSearchText.WorkKeys?

    /// Computes `searchKeys`.
    mutating func computeSearchKeys() {
        searchKeys = CatalogSearchText.WorkKeys(self)
    }
}

/// An author as the catalog stores it (`catalog_authors`).
struct CatalogAuthorRecord: Sendable, Equatable {
    /// "/authors/OL23919A", or "goodreads-author:" and the normalized name for seed authors.
    var key: String
    var source: CatalogSourceKind
    var name: String
    var birthYear: Int?
    var deathYear: Int?
    var wikidataID: String?
    /// The name's matching key, when computed ahead; the writer computes it otherwise.
    var searchName: String?

    /// Computes `searchName`.
    mutating func computeSearchName() {
        searchName = TextNormalization.normalizeAuthor(name)
    }
}

/// An edition as the catalog stores it (`catalog_editions` and its ISBN rows).
struct CatalogEditionRecord: Sendable, Equatable {
    /// "/books/OL7353617M" or "goodreads:2767052".
    var key: String
    var source: CatalogSourceKind
    /// The work's key; nil when the source names none (the edition then gets a work of its own).
    var workKey: String?
    var title: String
    var subtitle: String?
    var publisher: String?
    /// A `PartialDate` description.
    var publicationDate: String?
    var pageCount: Int?
    /// An `EditionFormat` raw value.
    var format: String?
    var language: String?
    var coverImageURL: String?
    var isbns: [ISBN] = []
    /// The edition's authors, used only when its work has to be inferred from it.
    var authorKeys: [String] = []
    /// The edition's series, used only when its work has to be inferred from it.
    var seriesName: String?
}
