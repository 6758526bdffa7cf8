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

    /// Adds the books of `other` this page does not hold yet, with their editions.
    public mutating func formUnion(_ other: BookPage) {
        var held = Set(books.map(\.entry.id))
        books += other.books.filter { held.insert($0.entry.id).inserted }
        editions.merge(other.editions) { mine, _ in mine }
    }

    /// Orders the books as they were added (`LibraryEntry.addedBefore`).
    public mutating func sortByDateAdded() {
        books.sort { LibraryEntry.addedBefore($0.entry, $1.entry) }
    }
}

extension LibraryEntry {
    /// Whether `first` was added before `second`: by date added, then by entry ID in SQLite's byte
    /// order (an import adds all its books at one date).
    public static func addedBefore(_ first: LibraryEntry, _ second: LibraryEntry) -> Bool {
        if first.dateAdded != second.dateAdded { return first.dateAdded < second.dateAdded }
        return first.id.bytesPrecede(second.id)
    }
}

extension Edition {
    /// Whether `first` was created before `second`: by date created, then by edition ID in
    /// SQLite's byte order (the order the store gives a work's editions in).
    public static func createdBefore(_ first: Edition, _ second: Edition) -> Bool {
        if first.dateCreated != second.dateCreated { return first.dateCreated < second.dateCreated }
        return first.id.bytesPrecede(second.id)
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
