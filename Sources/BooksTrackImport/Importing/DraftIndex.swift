import BooksTrackCore

/// Finds the draft an imported row is about: by a shared ISBN first, then by title and primary
/// author, then (for a row or a book without authors) by a title only one book has.
struct DraftIndex {
    private var byISBN: [ISBN: Int] = [:]
    private var byKey: [String: Int] = [:]
    private var byTitle: [String: [Int]] = [:]

    /// Makes `draft`, at `position` among the batch's drafts, findable by its current ISBNs and keys.
    mutating func register(_ draft: BookDraft, at position: Int, keys: inout MatchingKeys) {
        for isbn in draft.isbns where byISBN[isbn] == nil { byISBN[isbn] = position }
        let title = keys.title(draft.work.title)
        let key = title + "|" + keys.author(draft.authors.first?.name ?? "")
        if byKey[key] == nil { byKey[key] = position }
        if byTitle[title]?.contains(position) != true { byTitle[title, default: []].append(position) }
    }

    /// The position of the draft `book` describes, if any.
    func match(_ book: ImportedBook, keys: inout MatchingKeys) -> Int? {
        for isbn in book.isbns {
            if let position = byISBN[isbn] { return position }
        }
        let title = keys.title(book.title)
        if let primary = book.authors.first {
            if let position = byKey[title + "|" + keys.author(primary)] { return position }
            // A book in the library without authors, and this row names one.
            return byKey[title + "|"]
        }
        guard let positions = byTitle[title], positions.count == 1 else { return nil }
        return positions[0]
    }

    /// The keys a planned book is known by, for dry runs that write nothing between batches.
    static func keys(of draft: BookDraft) -> [String] {
        draft.isbns.map(\.isbn13) + [draft.dedupeKey]
    }

    /// The keys an imported row would match a planned book by.
    static func keys(of book: ImportedBook) -> [String] {
        book.isbns.map(\.isbn13) + [book.dedupeKey]
    }
}
