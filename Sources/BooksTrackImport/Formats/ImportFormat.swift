/// The export formats BooksTrack reads.
public enum ImportFormat: String, CaseIterable, Sendable, Hashable {
    case goodreads
    case storygraph
    case librarything
    case librarythingJSON = "librarything-json"
    case hardcover
    case bookwyrm
    case openlibrary
    case calibre
    case openreads
    case generic
    case bookstrack

    /// The name shown to a reader.
    public var displayName: String {
        switch self {
        case .goodreads: "Goodreads"
        case .storygraph: "StoryGraph"
        case .librarything: "LibraryThing (TSV)"
        case .librarythingJSON: "LibraryThing (JSON)"
        case .hardcover: "Hardcover"
        case .bookwyrm: "BookWyrm"
        case .openlibrary: "Open Library reading log"
        case .calibre: "Calibre"
        case .openreads: "Openreads"
        case .generic: "CSV (columns matched by name)"
        case .bookstrack: "BooksTrack JSON"
        }
    }
}
