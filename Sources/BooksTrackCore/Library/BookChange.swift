import Foundation

/// The copy a reader got of a wishlist book.
public struct CopyDetails: Sendable, Hashable {
    public var isbns: [ISBN]
    public var format: EditionFormat?
    public var pageCount: Int?
    public var publisher: String?

    /// Creates the details; all empty means "the edition the library knows".
    public init(isbns: [ISBN] = [], format: EditionFormat? = nil, pageCount: Int? = nil, publisher: String? = nil) {
        self.isbns = isbns
        self.format = format
        self.pageCount = pageCount
        self.publisher = publisher
    }

    public var isEmpty: Bool { isbns.isEmpty && format == nil && pageCount == nil && publisher == nil }
}

/// A book before and after a use case changed it.
public struct BookChange: Sendable {
    /// The book as it was.
    public var before: LibraryBook
    /// The book as it is now.
    public var book: LibraryBook

    public init(before: LibraryBook, book: LibraryBook) {
        self.before = before
        self.book = book
    }
}

/// Why a book could not be added.
public enum AddBookError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The library already has this book.
    case alreadyInLibrary(LibraryEntry.ID, title: String, reason: String)

    /// A message that says what was wrong and what to do.
    public var description: String {
        switch self {
        case .alreadyInLibrary(let id, let title, let reason):
            "\"\(title)\" is already in your library (\(reason)); its id is \(id.description.prefix(8))"
        }
    }
}
