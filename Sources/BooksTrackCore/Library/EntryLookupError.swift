/// Why a name given for a book did not pick exactly one entry.
public enum EntryLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing in the library matches.
    case notFound(String)
    /// Several books match; the candidates are listed so the reader can be more precise.
    case ambiguous(String, candidates: [Candidate])

    /// A book that matched an ambiguous name.
    public struct Candidate: Hashable, Sendable {
        public var id: LibraryEntry.ID
        public var title: String
        public var authors: String
        public var status: ReadingStatus

        /// Creates a candidate line.
        public init(id: LibraryEntry.ID, title: String, authors: String, status: ReadingStatus) {
            self.id = id
            self.title = title
            self.authors = authors
            self.status = status
        }
    }

    /// A message that says what was wrong and what to do.
    public var description: String {
        switch self {
        case .notFound(let name):
            return "no book matches \"\(name)\"; name a book by id, id prefix, ISBN or a piece of its title (see `bookstrack list`)"
        case .ambiguous(let name, let candidates):
            let lines = candidates.map { "  \($0.id.description.prefix(8))  \($0.title) — \($0.authors) [\($0.status.displayName)]" }
            return "\"\(name)\" matches \(candidates.count) books; name one by id:\n" + lines.joined(separator: "\n")
        }
    }
}
