import BooksTrackCore
import Foundation

/// Editing a book, its editions and its cover: the one use case behind the terminal's `edit`, the
/// API's `PATCH /v1/books/{id}` and the web app's Edit page.
extension LibraryService {
    /// Applies a reader's edit to a book in one transaction and returns the book before and after.
    /// With `ifMatch` (the book's `revision` as the reader last read it) the edit is refused with
    /// `EditError.changedSinceRead` when the book changed since, checked in the same transaction
    /// as the write, so of two edits made from one reading exactly one lands.
    public func edit(_ reference: BookReference, _ edit: BookEdit, ifMatch: String? = nil) async throws -> BookChange {
        guard !edit.isEmpty else { throw EditError.nothingToChange }
        let now = now()
        let store = self.store
        return try await store.transaction {
            let before = try Self.resolve(reference, in: store)
            if let ifMatch, ifMatch != before.revision { throw EditError.changedSinceRead(current: before.revision) }
            var book = before
            var newAuthors: [Author] = []
            var authors: [Author]?
            if let people = edit.people {
                authors = try Self.authors(named: book.people(after: people).filter { $0.role == "author" }.map(\.name),
                                           known: before.authors, in: store, now: now, new: &newAuthors)
            }
            try book.apply(edit, authors: authors, now: now)
            if let edition = book.edition, edit.isbns != nil {
                try Self.refuseISBNsHeldElsewhere(edition.isbns, workID: book.work.id, in: store)
            }
            for author in newAuthors { try store.save(author) }
            if book.work != before.work { try store.save(book.work) }
            if let edition = book.edition, edition != before.edition { try store.save(edition) }
            if book.entry != before.entry { try store.save(book.entry) }
            guard let after = try store.book(entryID: before.entry.id) else { throw LibraryError.entryNotFound(before.entry.id) }
            return BookChange(before: before, book: after)
        }
    }

    /// The library's authors for `names`, in order and without repeats: the book's own authors
    /// first (by name, without case), then any author of the library of that name, else a new one
    /// (added to `new`, to be saved with the book).
    static func authors(named names: [String], known: [Author], in store: any LibraryStore, now: Date, new: inout [Author]) throws -> [Author] {
        var authors: [Author] = []
        for name in names {
            let key = TextNormalization.normalizeAuthor(name)
            var author = known.first { TextNormalization.normalizeAuthor($0.name) == key }
                ?? new.first { TextNormalization.normalizeAuthor($0.name) == key }
            if author == nil { author = try store.authors(named: name).first }
            let chosen: Author
            if let author {
                chosen = author
            } else {
                let created = Author(name: name, sortName: TextNormalization.sortName(forAuthor: name), dateCreated: now)
                try Validation.validate(created)
                new.append(created)
                chosen = created
            }
            if !authors.contains(where: { $0.id == chosen.id }) { authors.append(chosen) }
        }
        return authors
    }

    /// Refuses ISBNs an edition of another work of the library carries already.
    static func refuseISBNsHeldElsewhere(_ isbns: [ISBN], workID: Work.ID, in store: any LibraryStore) throws {
        for isbn in isbns {
            guard let holder = try store.edition(isbn: isbn), holder.workID != workID else { continue }
            let title = try store.work(id: holder.workID)?.title ?? "another book"
            throw EditError.isbnHeldByAnotherBook(isbn, title: title)
        }
    }

    // MARK: Editions

    /// Makes `editionID`, an edition of the book's work, the reader's own (owned) edition.
    public func chooseEdition(_ reference: BookReference, editionID: Edition.ID) async throws -> BookChange {
        let now = now()
        let store = self.store
        return try await store.transaction {
            let before = try Self.resolve(reference, in: store)
            guard let edition = try store.edition(id: editionID), edition.workID == before.work.id else {
                throw EditError.editionOfAnotherBook(editionID)
            }
            try Self.attach(edition, to: before, in: store, now: now)
            guard let after = try store.book(entryID: before.entry.id) else { throw LibraryError.entryNotFound(before.entry.id) }
            return BookChange(before: before, book: after)
        }
    }

    /// Makes `edition` the reader's own: the share read stays and the page follows the edition's
    /// page count (no reading day is counted: nothing was read).
    private static func attach(_ edition: Edition, to book: LibraryBook, in store: any LibraryStore, now: Date) throws {
        var entry = book.entry
        try entry.setOwnedEdition(edition, now: now)
        if edition.pageCount != book.pageCount { entry.moveToEdition(pageCount: edition.pageCount) }
        try Validation.validate(entry, pageCount: edition.pageCount)
        try store.save(entry)
    }

    /// Adds an edition to the book's work from the edition fields of `details` (ISBNs, pages,
    /// publisher …; other fields are refused), and makes it the reader's own when `choose`.
    public func addEdition(_ reference: BookReference, details: BookEdit, choose: Bool) async throws -> (BookChange, Edition) {
        guard details.changesEdition else { throw EditError.nothingToChange }
        let others = details.fields.filter { !$0.isOfEdition }
        guard others.isEmpty else {
            throw LibraryError.invalid(.notValid(field: "edition", value: others.map(\.rawValue).joined(separator: ", "),
                                                 expected: "an edition's field"))
        }
        let now = now()
        let store = self.store
        return try await store.transaction {
            let before = try Self.resolve(reference, in: store)
            var draft = before
            draft.edition = nil
            try draft.apply(details, authors: nil, now: now)
            // An edition made only of cleared fields says nothing.
            guard let edition = draft.edition, edition.describesSomething else { throw EditError.nothingToChange }
            return try Self.saveNew(edition, of: before, choose: choose, in: store, now: now)
        }
    }

    /// Adds an edition a search found (its details are the source's, not the reader's) to the
    /// book's work, and makes it the reader's own when `choose`.
    public func addEdition(_ reference: BookReference, found: Edition, choose: Bool) async throws -> (BookChange, Edition) {
        let now = now()
        let store = self.store
        return try await store.transaction {
            let before = try Self.resolve(reference, in: store)
            var edition = found
            edition.id = Edition.ID()
            edition.workID = before.work.id
            edition.readerSetFields = []
            (edition.dateCreated, edition.lastModified) = (now, now)
            if let cover = edition.coverImageURL, cover.scheme?.lowercased() != "https" { edition.coverImageURL = nil }
            try Validation.validate(edition)
            return try Self.saveNew(edition, of: before, choose: choose, in: store, now: now)
        }
    }

    /// Saves a new edition of `book`'s work, unless one of its ISBNs is another book's or already
    /// an edition's of this one, and makes it the reader's own when `choose`; the book before and after.
    private static func saveNew(
        _ edition: Edition, of book: LibraryBook, choose: Bool, in store: any LibraryStore, now: Date
    ) throws -> (BookChange, Edition) {
        try refuseISBNsHeldElsewhere(edition.isbns, workID: book.work.id, in: store)
        if let held = try edition.isbns.lazy.compactMap({ try store.edition(isbn: $0) }).first {
            throw EditError.isbnInThisBook(held.isbns.first { edition.isbns.contains($0) } ?? held.isbns[0])
        }
        try store.save(edition)
        if choose { try attach(edition, to: book, in: store, now: now) }
        guard let after = try store.book(entryID: book.entry.id) else { throw LibraryError.entryNotFound(book.entry.id) }
        return (BookChange(before: book, book: after), edition)
    }

    /// Removes an edition of the book's work. When it was the reader's own, the entry keeps its
    /// progress and is no longer owned (the edition is cleared from it).
    public func removeEdition(_ reference: BookReference, editionID: Edition.ID) async throws -> BookChange {
        let now = now()
        let store = self.store
        return try await store.transaction {
            let before = try Self.resolve(reference, in: store)
            guard let edition = try store.edition(id: editionID), edition.workID == before.work.id else {
                throw EditError.editionOfAnotherBook(editionID)
            }
            try store.deleteEdition(id: edition.id)
            guard var after = try store.book(entryID: before.entry.id) else { throw LibraryError.entryNotFound(before.entry.id) }
            // Shown in another edition now: the share read stays, the page follows.
            if after.pageCount != before.pageCount {
                after.entry.moveToEdition(pageCount: after.pageCount)
                after.entry.lastModified = now
                try Validation.validate(after.entry, pageCount: after.pageCount)
                try store.save(after.entry)
                guard let saved = try store.book(entryID: before.entry.id) else { throw LibraryError.entryNotFound(before.entry.id) }
                after = saved
            }
            return BookChange(before: before, book: after)
        }
    }

    // MARK: Covers

    /// Keeps an uploaded image as the cover of the reader's edition (made when the book has none):
    /// checked by its bytes, at most 10 MB, and with an image processor turned upright, stripped
    /// of its metadata and made at most 600 pixels wide. The cover is the reader's: enrichment
    /// does not replace it.
    public func uploadCover(_ reference: BookReference, data: Data) async throws -> BookChange {
        guard data.count <= PagePhoto.byteLimit else { throw ImageError.tooLarge(bytes: data.count, limit: PagePhoto.byteLimit) }
        let kept: Data
        if let images {
            kept = try await images.resized(data, width: Self.coverWidth)
        } else {
            _ = try Validation.imageType(of: data)
            kept = data
        }
        let now = now()
        let store = self.store
        return try await store.transaction {
            let before = try Self.resolve(reference, in: store)
            var book = before
            var edition = book.edition ?? Edition(workID: book.work.id, dateCreated: now)
            edition.coverImageURL = Edition.uploadedCoverURL
            edition.readerSetFields.insert(.coverImageURL)
            edition.lastModified = now
            book.edition = edition
            try store.save(edition)
            try store.setUploadedCover(kept, editionID: edition.id, now: now)
            guard let after = try store.book(entryID: before.entry.id) else { throw LibraryError.entryNotFound(before.entry.id) }
            return BookChange(before: before, book: after)
        }
    }

    /// The widest an uploaded cover is kept.
    static let coverWidth = 600

    /// The cover a reader uploaded for the book's shown edition.
    public func uploadedCover(_ reference: BookReference) async throws -> Data {
        let store = self.store
        return try await store.snapshot {
            let book = try Self.resolve(reference, in: store)
            guard let edition = book.edition, edition.hasUploadedCover, let data = try store.uploadedCover(editionID: edition.id) else {
                throw LibraryError.photoNotFound(PagePhoto.ID())
            }
            return data
        }
    }
}

extension Edition {
    /// True when the edition holds any detail: an ISBN, a publisher, a page count …
    var describesSomething: Bool {
        !isbns.isEmpty || publisher != nil || publicationDate != nil || pageCount != nil || format != .other || language != nil
            || editionTitle != nil || coverImageURL != nil || translator != nil || narrator != nil || audioDurationMinutes != nil
    }
}
