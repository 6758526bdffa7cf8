import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackImport

/// The title keys of a batch's books are made only when a row first needs a title match; the
/// matches must be those of keys made as each book was registered.
@Suite struct DraftIndexTests {
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func draft(_ title: String, by author: String, isbn: String? = nil, directory: inout AuthorDirectory, keys: inout MatchingKeys) throws -> BookDraft {
        var book = ImportedBook(row: 1, title: title)
        book.authors = [author]
        if let isbn { book.isbns = [try #require(ISBN(isbn))] }
        let authors = directory.authors(named: book.authors, now: now, keys: &keys)
        // As the batcher makes a new book: the row's editions come with the merge.
        var draft = BookDraft(newFrom: book, authors: authors, userID: User.ID(), source: .goodreads, now: now)
        draft.merge(book, authors: authors, overwrite: false, now: now)
        return draft
    }

    private func row(_ title: String, by author: String, isbn: String? = nil) throws -> ImportedBook {
        var book = ImportedBook(row: 2, title: title)
        book.authors = [author]
        if let isbn { book.isbns = [try #require(ISBN(isbn))] }
        return book
    }

    @Test func titlesRegisteredBeforeAndAfterTheFirstTitleMatchAreFoundInTheOrderRegistered() throws {
        var keys = MatchingKeys()
        var directory = AuthorDirectory([])
        var index = DraftIndex()
        // Two books by one title and author, the first with an ISBN; then a row that matches by ISBN.
        index.register(try draft("Dune", by: "Frank Herbert", isbn: "9780441013593", directory: &directory, keys: &keys), at: 0, keys: &keys)
        index.register(try draft("DUNE ", by: "Frank Herbert", directory: &directory, keys: &keys), at: 1, keys: &keys)
        #expect(index.match(try row("Dune (Deluxe)", by: "Someone", isbn: "9780441013593"), keys: &keys) == .init(position: 0, evidence: .isbn))

        // The first row without a shared ISBN: the earlier registered of the two books wins.
        #expect(index.match(try row("dune", by: "Frank Herbert"), keys: &keys) == .init(position: 0, evidence: .title))
        // A book registered after the title keys were made is found by its title at once.
        index.register(try draft("Emma", by: "Jane Austen", directory: &directory, keys: &keys), at: 2, keys: &keys)
        #expect(index.match(try row("Emma", by: "Jane Austen"), keys: &keys) == .init(position: 2, evidence: .title))
        // And by the title before its subtitle.
        index.register(try draft("Sapiens: A Brief History of Humankind", by: "Yuval Noah Harari", directory: &directory, keys: &keys), at: 3, keys: &keys)
        #expect(index.match(try row("Sapiens", by: "Yuval Noah Harari"), keys: &keys) == .init(position: 3, evidence: .titleBeforeSubtitle))
        #expect(index.match(try row("Persuasion", by: "Jane Austen"), keys: &keys) == nil)
    }

    @Test func aSubtitleRegisteredBeforeTheFirstTitleMatchIsFound() throws {
        var keys = MatchingKeys()
        var directory = AuthorDirectory([])
        var index = DraftIndex()
        index.register(try draft("Sapiens: A Brief History of Humankind", by: "Yuval Noah Harari", directory: &directory, keys: &keys), at: 0, keys: &keys)
        index.register(try draft("Emma", by: "Jane Austen", directory: &directory, keys: &keys), at: 1, keys: &keys)

        #expect(index.match(try row("Sapiens", by: "Yuval Noah Harari"), keys: &keys) == .init(position: 0, evidence: .titleBeforeSubtitle))
        #expect(index.match(try row("Emma", by: "Jane Austen"), keys: &keys) == .init(position: 1, evidence: .title))
    }
}
