/// How a front end names a book: the server by its entry ID, the terminal by whatever the reader
/// typed (an id, a unique id prefix, an ISBN or a unique piece of the title). The service resolves
/// it inside the use case's transaction.
public enum BookReference: Sendable, Hashable {
    /// The entry with this ID.
    case id(LibraryEntry.ID)
    /// An id, unique id prefix, ISBN or unique piece of a title.
    case name(String)
}

/// Why a name given for something other than a book did not pick exactly one thing.
public enum ItemLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No quote of the book has an id starting so.
    case noQuote(String, bookTitle: String)
    /// Several quotes of the book have ids starting so.
    case ambiguousQuote(String, count: Int)
    /// No author of the library has this name.
    case noAuthor(String)
    /// Several authors of the library have this name.
    case ambiguousAuthor(String, candidates: [String])

    /// A message that says what was wrong and what to do.
    public var description: String {
        switch self {
        case .noQuote(let prefix, let title): "no quote \(prefix) on \(title)"
        case .ambiguousQuote(let prefix, let count): "\(prefix) matches \(count) quotes; give more of the id"
        case .noAuthor(let name): "no author named \"\(name)\" in the library"
        case .ambiguousAuthor(let name, let candidates):
            "\(candidates.count) authors are named \"\(name)\": " + candidates.joined(separator: "; ")
        }
    }
}
