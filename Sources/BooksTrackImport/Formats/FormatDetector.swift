/// Names the export a CSV or TSV header comes from, by the columns only that export has.
///
/// Columns are looked up by name without regard to case, never by position or count: Goodreads
/// alone has written three headers (31, 24 and 23 columns) and other tools add columns over time.
enum FormatDetector {
    /// The columns that together mark one format, most specific first.
    private static let signatures: [(format: ImportFormat, columns: [String])] = [
        (.hardcover, ["Hardcover Book ID"]),
        (.hardcover, ["Hardcover Edition ID"]),
        (.storygraph, ["ISBN/UID", "Read Status"]),
        // LibraryThing's TSV also has "Book Id", so it is told from Goodreads by "Primary Author".
        (.librarything, ["Primary Author", "Book Id"]),
        (.goodreads, ["Exclusive Shelf", "My Rating"]),
        (.goodreads, ["Book Id", "Bookshelves", "Date Read"]),
        (.bookwyrm, ["author_text", "remote_id"]),
        (.bookwyrm, ["author_text", "shelf_name"]),
        // The current reading log says "Work ID", the old one "Work Id"; header lookups ignore case.
        (.openlibrary, ["Work Id", "Bookshelf"]),
        (.calibre, ["author_sort", "title_sort"]),
        (.calibre, ["author_sort", "identifiers"]),
        (.openreads, ["book_format", "olid"]),
        (.openreads, ["favourite", "olid"]),
    ]

    /// The format whose distinctive columns the header has, or nil when no known export matches
    /// (the caller then falls back to the generic importer).
    static func detect(header: CSVHeader) -> ImportFormat? {
        signatures.first { header.contains(all: $0.columns) }?.format
    }
}
