import BooksTrackCore
import Foundation

/// The authors of the library and of the import so far, by normalized name, so that every row
/// naming "Tamsyn Muir" (or "Muir, Tamsyn") points at one author.
struct AuthorDirectory: Sendable {
    private var byName: [String: Author] = [:]
    /// Authors made by this import and not yet written.
    private(set) var unsaved: Set<Author.ID> = []

    /// Starts from the library's authors.
    init(_ authors: [Author]) {
        for author in authors {
            let key = TextNormalization.normalizeAuthor(author.name)
            if byName[key] == nil { byName[key] = author }
        }
    }

    /// Whether an author with this normalized name is known.
    func knows(_ key: String) -> Bool { byName[key] != nil }

    /// Adds authors of the library met after the directory was made.
    mutating func learn(_ authors: [Author]) {
        for author in authors {
            let key = TextNormalization.normalizeAuthor(author.name)
            if byName[key] == nil { byName[key] = author }
        }
    }

    /// The author for each name, in order without repeats, made when the library has none by that name.
    mutating func authors(named names: [String], now: Date, keys: inout MatchingKeys) -> [Author] {
        var result: [Author] = []
        for name in names {
            let key = keys.author(name)
            guard !key.isEmpty else { continue }
            let author: Author
            if let known = byName[key] {
                author = known
            } else {
                author = Author(name: name, sortName: TextNormalization.sortName(forAuthor: name), dateCreated: now)
                byName[key] = author
                unsaved.insert(author.id)
            }
            if !result.contains(where: { $0.id == author.id }) { result.append(author) }
        }
        return result
    }

    /// Records that these authors are now in the library.
    mutating func markSaved(_ ids: some Sequence<Author.ID>) {
        unsaved.subtract(ids)
    }
}
