import Foundation

/// Books with every edition of their works: one page of a walk through a library.
public struct BookPage: Hashable, Sendable {
    /// The books, in the order asked for.
    public var books: [LibraryBook]
    /// Each work's editions, oldest first; works without editions are absent.
    public var editions: [Work.ID: [Edition]]

    /// Groups a page.
    public init(books: [LibraryBook], editions: [Work.ID: [Edition]]) {
        self.books = books
        self.editions = editions
    }
}

/// Where an entry stands in the order books were added: its date added, then its ID for ties.
public struct EntryOrderKey: Hashable, Sendable {
    public var dateAdded: Date
    public var id: LibraryEntry.ID

    public init(dateAdded: Date, id: LibraryEntry.ID) {
        self.dateAdded = dateAdded
        self.id = id
    }
}
