import Foundation

/// An entry together with the work, authors and edition it points to: what a reader sees as "a book".
public struct LibraryBook: Hashable, Sendable {
    public var entry: LibraryEntry
    public var work: Work
    /// The work's authors in order; the first is the primary author.
    public var authors: [Author]
    /// The owned edition, else the work's primary edition (see `EditionSelection`).
    public var edition: Edition?

    /// Groups the parts of a book.
    public init(entry: LibraryEntry, work: Work, authors: [Author], edition: Edition?) {
        self.entry = entry
        self.work = work
        self.authors = authors
        self.edition = edition
    }

    /// The page count the reading rules use: the shown edition's, when known.
    public var pageCount: Int? { edition?.pageCount }

    /// Author names joined for display.
    public var authorNames: String { authors.map(\.name).joined(separator: ", ") }
}

/// Everything needed to add one book in one step: the work, its authors (new ones are inserted,
/// existing ones reused by ID), an optional edition and the entry.
public struct NewBook: Hashable, Sendable {
    public var work: Work
    public var authors: [Author]
    public var edition: Edition?
    public var entry: LibraryEntry
    /// The matching key of `work.title`, when the caller made it already (an import matches its
    /// rows by it); the store normalizes the title itself when it is nil or of another title.
    public var titleKey: TitleKey?

    /// Groups the parts of a new book. `work.authorIDs` should list `authors` in order.
    public init(work: Work, authors: [Author], edition: Edition?, entry: LibraryEntry, titleKey: TitleKey? = nil) {
        self.work = work
        self.authors = authors
        self.edition = edition
        self.entry = entry
        self.titleKey = titleKey
    }
}
