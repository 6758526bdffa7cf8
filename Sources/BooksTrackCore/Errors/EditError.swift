/// Why a reader's edit of a book was refused before anything was changed.
public enum EditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The edit names no field.
    case nothingToChange
    /// The book changed since the reader (or the reader's other device) read it: `current` is its
    /// revision now. Nothing was written; read the book again and edit that.
    case changedSinceRead(current: String)
    /// Another book of the library has this ISBN already.
    case isbnHeldByAnotherBook(ISBN, title: String)
    /// An edition of this book has this ISBN already.
    case isbnInThisBook(ISBN)
    /// No source knows the ISBN looked up for a new edition; `asked` says what each answered.
    case noEditionFound(ISBN, asked: String)
    /// The edition named is not one of this book's work.
    case editionOfAnotherBook(Edition.ID)

    /// A message that says what was wrong and what to do.
    public var description: String {
        switch self {
        case .nothingToChange:
            "the edit changes nothing: give at least one field"
        case .changedSinceRead:
            "the book changed since it was read (another device or window edited it); read it again and make the edit on that"
        case .isbnHeldByAnotherBook(let isbn, let title):
            "ISBN \(isbn.isbn13) belongs to another book of your library, \"\(title)\""
        case .isbnInThisBook(let isbn):
            "an edition of this book has ISBN \(isbn.isbn13) already"
        case .noEditionFound(let isbn, let asked):
            "no source knows ISBN \(isbn.isbn13)" + (asked.isEmpty ? "" : " (\(asked))")
                + "; add the edition by hand with its ISBN and what you know of it"
        case .editionOfAnotherBook(let id):
            "edition \(id.description.prefix(8)) is not an edition of this book"
        }
    }
}
