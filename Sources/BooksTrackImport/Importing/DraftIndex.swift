import BooksTrackCore

/// Finds the draft an imported row is about: by a shared ISBN first, then by title and primary
/// author, then (for a row or a book without authors) by a title only one book has, and last by the
/// title before a subtitle ("Sapiens" and "Sapiens: A Brief History of Humankind") when the primary
/// author agrees and one side has no ISBN.
struct DraftIndex {
    /// How a row was matched to its draft.
    enum Evidence: Equatable {
        case isbn
        case title
        /// One title is the other's title before its subtitle.
        case titleBeforeSubtitle
    }

    /// A draft a row is about, and why.
    struct Match: Equatable {
        var position: Int
        var evidence: Evidence
    }

    private var byISBN: [ISBN: Int] = [:]
    private var byKey: [String: Int] = [:]
    private var byTitle: [String: [Int]] = [:]
    /// Drafts whose title has a subtitle, by the key of the title before it and the primary author.
    private var byMainKey: [String: [Int]] = [:]
    /// Drafts that have an ISBN, so that a subtitle match can require one side without.
    private var withISBN: Set<Int> = []
    /// The titles and primary authors registered, in order, until a row first needs a title
    /// match: a re-import's rows all match by ISBN, and normalizing the title of every book of the
    /// batch was most of the cost of registering them. Nil once the title keys are made.
    private var unkeyedTitles: [(position: Int, title: String, author: String)]? = []

    /// An index with room for `capacity` drafts: a batch registers thousands, and a table grown
    /// one doubling at a time hashes every key again at each.
    init(capacity: Int = 0) {
        byISBN.reserveCapacity(capacity)
        byKey.reserveCapacity(capacity)
        byTitle.reserveCapacity(capacity)
        unkeyedTitles?.reserveCapacity(capacity)
    }

    /// Makes `draft`, at `position` among the batch's drafts, findable by its current ISBNs and keys.
    mutating func register(_ draft: BookDraft, at position: Int, keys: inout MatchingKeys) {
        for isbn in draft.isbns where byISBN[isbn] == nil { byISBN[isbn] = position }
        if !draft.isbns.isEmpty { withISBN.insert(position) }
        let author = draft.authors.first?.name ?? ""
        if unkeyedTitles != nil {
            unkeyedTitles?.append((position, draft.work.title, author))
        } else {
            registerTitle(draft.work.title, author: author, at: position, keys: &keys)
        }
    }

    /// Makes the title keys of the titles registered so far, in the order they were registered.
    private mutating func keyTitles(keys: inout MatchingKeys) {
        guard let pending = unkeyedTitles else { return }
        unkeyedTitles = nil
        for entry in pending { registerTitle(entry.title, author: entry.author, at: entry.position, keys: &keys) }
    }

    private mutating func registerTitle(_ text: String, author name: String, at position: Int, keys: inout MatchingKeys) {
        let title = keys.title(text)
        let author = keys.author(name)
        let key = title + "|" + author
        if byKey[key] == nil { byKey[key] = position }
        if byTitle[title]?.contains(position) != true { byTitle[title, default: []].append(position) }
        if !author.isEmpty, let main = keys.mainTitle(text) {
            let mainKey = main + "|" + author
            if byMainKey[mainKey]?.contains(position) != true { byMainKey[mainKey, default: []].append(position) }
        }
    }

    /// The draft `book` describes, if any.
    mutating func match(_ book: ImportedBook, keys: inout MatchingKeys) -> Match? {
        for isbn in book.isbns {
            if let position = byISBN[isbn] { return Match(position: position, evidence: .isbn) }
        }
        keyTitles(keys: &keys)
        let title = keys.title(book.title)
        if let primary = book.authors.first {
            let author = keys.author(primary)
            if let position = byKey[title + "|" + author] ?? byKey[title + "|"] {
                // The second: a book in the library without authors, and this row names one.
                return Match(position: position, evidence: .title)
            }
            return matchBeforeSubtitle(book, title: title, author: author, keys: &keys)
        }
        guard let positions = byTitle[title], positions.count == 1 else { return nil }
        return Match(position: positions[0], evidence: .title)
    }

    /// "Sapiens" in the file and "Sapiens: A Brief History of Humankind" in the library, or the
    /// other way round; only when one of the two has no ISBN, since two ISBNs that differ with
    /// titles that differ are more likely two books of a series than one book.
    private func matchBeforeSubtitle(
        _ book: ImportedBook, title: String, author: String, keys: inout MatchingKeys
    ) -> Match? {
        guard !author.isEmpty else { return nil }
        let eligible = { (position: Int) in book.isbns.isEmpty || !withISBN.contains(position) }
        if let main = keys.mainTitle(book.title), let position = byKey[main + "|" + author], eligible(position) {
            return Match(position: position, evidence: .titleBeforeSubtitle)
        }
        if let positions = byMainKey[title + "|" + author], positions.count == 1, eligible(positions[0]) {
            return Match(position: positions[0], evidence: .titleBeforeSubtitle)
        }
        return nil
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
