import Foundation

/// The library's use cases, shared by the command line and the server. Each call is one
/// transaction of the store; `now` comes from the injected clock.
public struct LibraryService: Sendable {
    /// The user's library.
    public let store: any LibraryStore
    /// The clock every rule reads.
    public let now: @Sendable () -> Date

    /// Creates the service over one user's store.
    public init(store: any LibraryStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    // MARK: Adding

    /// Adds a book typed by hand. Reuses authors already in the library; refuses a book whose ISBN
    /// or title and primary author are already there.
    public func add(_ manual: ManualBook) throws -> LibraryBook {
        let now = now()
        let title = try Validation.requiredText(manual.title, field: "title", limit: Work.titleLimit)
        if manual.isOwned, manual.status == .wishlist { throw LibraryError.wishlistCannotBeOwned }
        if let pageCount = manual.pageCount, pageCount <= 0 {
            throw LibraryError.invalid(.outOfRange(field: "pageCount", value: String(pageCount), allowed: "more than 0"))
        }
        for isbn in manual.isbns {
            if let existing = try store.entries(isbn: isbn).first, let book = try store.book(entryID: existing) {
                throw AddBookError.alreadyInLibrary(book.entry.id, title: book.work.title, reason: "ISBN \(isbn.isbn13)")
            }
        }
        let authorNames = manual.authors.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        for work in try store.works(title: title, primaryAuthor: authorNames.first) {
            if let entry = try store.entry(workID: work.id) {
                throw AddBookError.alreadyInLibrary(entry.id, title: work.title, reason: "same title and author")
            }
        }

        var authors: [Author] = []
        for name in authorNames {
            let author = try store.authors(named: name).first
                ?? Author(name: name, sortName: TextNormalization.sortName(forAuthor: name), dateCreated: now)
            try Validation.validate(author)
            if !authors.contains(where: { $0.id == author.id }) { authors.append(author) }
        }

        let series = TextNormalization.seriesSplit(fromTitle: title)
        let work = Work(
            title: series.series == nil ? title : series.title,
            subtitle: manual.subtitle,
            authorIDs: authors.map(\.id),
            firstPublicationYear: manual.publicationDate?.year,
            seriesName: series.series,
            seriesPosition: series.position,
            seriesPositionEnd: series.positionEnd,
            dateCreated: now
        )
        let edition: Edition? = manual.hasEditionDetails || manual.isOwned
            ? Edition(
                workID: work.id,
                isbns: manual.isbns,
                publisher: manual.publisher,
                publicationDate: manual.publicationDate,
                pageCount: manual.pageCount,
                format: manual.format ?? .other,
                language: manual.language,
                dateCreated: now
            )
            : nil
        var entry = LibraryEntry(userID: store.userID, workID: work.id, status: .toRead, dateAdded: now)
        if manual.isOwned { entry.editionID = edition?.id }
        for tag in manual.tags { try entry.addTag(tag, now: now) }
        try entry.setStatus(manual.status, pageCount: edition?.pageCount, now: now)
        try Validation.validate(work)
        if let edition { try Validation.validate(edition) }
        return try store.add(NewBook(work: work, authors: authors, edition: edition, entry: entry))
    }

    // MARK: Finding

    /// Picks one book by full id, unique id prefix, ISBN, or a unique piece of its title. A title
    /// piece that exactly matches one title wins over longer titles containing it.
    public func resolve(_ name: String) throws -> LibraryBook {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw EntryLookupError.notFound(name) }
        if let id = LibraryEntry.ID(uuidString: trimmed), let book = try store.book(entryID: id) { return book }
        if let isbn = ISBN(trimmed) {
            let ids = try store.entries(isbn: isbn)
            if !ids.isEmpty { return try single(ids, name: trimmed) }
        }
        if trimmed.count >= 4, trimmed.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            let ids = try store.entries(idPrefix: trimmed)
            if !ids.isEmpty { return try single(ids, name: trimmed) }
        }
        let ids = try store.entries(titleContaining: trimmed, limit: 50)
        if ids.count > 1 {
            let key = TextNormalization.normalizeTitle(trimmed)
            let exact = try ids.compactMap { try store.book(entryID: $0) }.filter { TextNormalization.normalizeTitle($0.work.title) == key }
            if exact.count == 1 { return exact[0] }
        }
        return try single(ids, name: trimmed)
    }

    /// One page of books.
    public func books(_ query: EntryQuery) throws -> [LibraryBook] { try store.books(query) }

    /// How many books match the query's filters.
    public func count(_ query: EntryQuery) throws -> Int { try store.count(query) }

    private func single(_ ids: [LibraryEntry.ID], name: String) throws -> LibraryBook {
        let books = try ids.compactMap { try store.book(entryID: $0) }
        switch books.count {
        case 0: throw EntryLookupError.notFound(name)
        case 1: return books[0]
        default:
            throw EntryLookupError.ambiguous(name, candidates: books.map {
                .init(id: $0.entry.id, title: $0.work.title, authors: $0.authorNames, status: $0.entry.status)
            })
        }
    }

    // MARK: Reading

    /// Applies a rule to one entry in one transaction and returns the updated book.
    @discardableResult
    public func update(_ id: LibraryEntry.ID, _ change: (inout LibraryEntry, _ pageCount: Int?, _ now: Date) throws -> Void) throws -> LibraryBook {
        let now = now()
        _ = try store.updateEntry(id: id) { entry, pageCount in try change(&entry, pageCount, now) }
        guard let book = try store.book(entryID: id) else { throw LibraryError.entryNotFound(id) }
        return book
    }

    /// Starts (or re-reads) a book.
    @discardableResult
    public func start(_ id: LibraryEntry.ID) throws -> LibraryBook { try update(id) { entry, _, now in entry.start(now: now) } }

    /// Finishes a book.
    @discardableResult
    public func finish(_ id: LibraryEntry.ID) throws -> LibraryBook { try update(id) { entry, pages, now in entry.finish(pageCount: pages, now: now) } }

    /// Stops a book for good (did not finish).
    @discardableResult
    public func stop(_ id: LibraryEntry.ID) throws -> LibraryBook { try update(id) { entry, _, now in entry.stop(now: now) } }

    /// Puts a book on hold.
    @discardableResult
    public func hold(_ id: LibraryEntry.ID) throws -> LibraryBook { try update(id) { entry, _, now in entry.hold(now: now) } }

    /// Moves a book to any status through that status's rule.
    @discardableResult
    public func setStatus(_ id: LibraryEntry.ID, to status: ReadingStatus) throws -> LibraryBook {
        try update(id) { entry, pages, now in try entry.setStatus(status, pageCount: pages, now: now) }
    }

    /// Records the page reached.
    @discardableResult
    public func progress(_ id: LibraryEntry.ID, page: Int) throws -> LibraryBook {
        try update(id) { entry, pages, now in try entry.updateProgress(page: page, pageCount: pages, now: now) }
    }

    /// Records progress as a percentage.
    @discardableResult
    public func progress(_ id: LibraryEntry.ID, percent: Double) throws -> LibraryBook {
        try update(id) { entry, pages, now in try entry.updateProgress(percent: percent, pageCount: pages, now: now) }
    }

    /// Turns a wishlist book into an owned one: with `edition` when given (a new edition of the same
    /// work), else with the work's primary edition, else with a new bare edition.
    @discardableResult
    public func acquire(_ id: LibraryEntry.ID, newEdition: Edition? = nil, status: ReadingStatus = .toRead) throws -> LibraryBook {
        guard let book = try store.book(entryID: id) else { throw LibraryError.entryNotFound(id) }
        guard book.entry.status == .wishlist else { throw LibraryError.notOnWishlist(book.entry.status) }
        guard status != .wishlist else { throw LibraryError.wishlistCannotBeOwned }
        let now = now()
        let edition: Edition
        if var given = newEdition {
            given.workID = book.work.id
            edition = given
            try Validation.validate(edition)
            try store.save(edition)
        } else if let existing = book.edition {
            edition = existing
        } else {
            edition = Edition(workID: book.work.id, dateCreated: now)
            try store.save(edition)
        }
        _ = try store.updateEntry(id: id) { entry, _ in try entry.acquire(edition: edition, status: status, now: now) }
        guard let updated = try store.book(entryID: id) else { throw LibraryError.entryNotFound(id) }
        return updated
    }

    /// Sets or clears the rating.
    @discardableResult
    public func rate(_ id: LibraryEntry.ID, rating: Double?) throws -> LibraryBook {
        try update(id) { entry, _, now in try entry.setRating(rating, now: now) }
    }

    /// Sets or clears the review.
    @discardableResult
    public func review(_ id: LibraryEntry.ID, text: String?, hasSpoilers: Bool) throws -> LibraryBook {
        try update(id) { entry, _, now in try entry.setReview(text, hasSpoilers: hasSpoilers, now: now) }
    }

    /// Sets or clears the private notes.
    @discardableResult
    public func note(_ id: LibraryEntry.ID, text: String?) throws -> LibraryBook {
        try update(id) { entry, _, now in try entry.setNotes(text, now: now) }
    }

    /// Adds tags; returns the book and the tags that were new.
    public func addTags(_ id: LibraryEntry.ID, _ tags: [String]) throws -> (LibraryBook, added: [String]) {
        var added: [String] = []
        let book = try update(id) { entry, _, now in
            for tag in tags where try entry.addTag(tag, now: now) { added.append(tag.trimmingWhitespace()) }
        }
        return (book, added)
    }

    /// Removes tags; returns the book and the tags that were there.
    public func removeTags(_ id: LibraryEntry.ID, _ tags: [String]) throws -> (LibraryBook, removed: [String]) {
        var removed: [String] = []
        let book = try update(id) { entry, _, now in
            for tag in tags where entry.removeTag(tag, now: now) { removed.append(tag) }
        }
        return (book, removed)
    }

    /// Marks or unmarks a favorite.
    @discardableResult
    public func favorite(_ id: LibraryEntry.ID, _ isFavorite: Bool) throws -> LibraryBook {
        try update(id) { entry, _, now in entry.setFavorite(isFavorite, now: now) }
    }

    /// Adds a quote.
    public func addQuote(_ id: LibraryEntry.ID, text: String, page: Int?) throws -> (LibraryBook, Quote) {
        let quote = Quote(text: text.trimmingWhitespace(), page: page, dateAdded: now())
        let book = try update(id) { entry, pages, now in try entry.addQuote(quote, pageCount: pages, now: now) }
        return (book, quote)
    }

    /// Removes a quote.
    @discardableResult
    public func removeQuote(_ id: LibraryEntry.ID, quoteID: Quote.ID) throws -> LibraryBook {
        try update(id) { entry, _, now in try entry.removeQuote(id: quoteID, now: now) }
    }

    /// Records a reading session; `date` defaults to now.
    public func addSession(_ id: LibraryEntry.ID, minutes: Int, pages: Int, date: Date? = nil) throws -> (LibraryBook, ReadingSession) {
        let session = ReadingSession(date: date ?? now(), durationMinutes: minutes, pagesRead: pages)
        let book = try update(id) { entry, _, now in try entry.addSession(session, now: now) }
        return (book, session)
    }

    /// Stores a page photo (JPEG or PNG, at most 10 MB, recognized by its leading bytes) as given.
    public func addPhoto(_ id: LibraryEntry.ID, data: Data, page: Int?, caption: String?) throws -> PagePhoto {
        let type = try Validation.imageType(of: data)
        let caption = try Validation.optionalText(caption, field: "caption", limit: PagePhoto.captionLimit)
        if let page, page < 0 { throw LibraryError.negativePage(page) }
        guard try store.entry(id: id) != nil else { throw LibraryError.entryNotFound(id) }
        let photo = PagePhoto(page: page, caption: caption, imageType: type, byteCount: data.count, dateAdded: now())
        try store.addPhoto(photo, data: data, entryID: id)
        return photo
    }

    /// The entry's photos.
    public func photos(_ id: LibraryEntry.ID) throws -> [PagePhoto] { try store.photos(entryID: id) }

    /// A photo's bytes.
    public func photoData(_ photoID: PagePhoto.ID) throws -> Data {
        guard let data = try store.photoData(id: photoID) else { throw LibraryError.photoNotFound(photoID) }
        return data
    }

    /// Removes a book from the library: the entry, the work and its editions. Authors stay.
    public func remove(_ id: LibraryEntry.ID) throws -> LibraryBook {
        guard let book = try store.book(entryID: id) else { throw LibraryError.entryNotFound(id) }
        try store.deleteWork(id: book.work.id)
        return book
    }
}

/// Why a book could not be added.
public enum AddBookError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The library already has this book.
    case alreadyInLibrary(LibraryEntry.ID, title: String, reason: String)

    /// A message that says what was wrong and what to do.
    public var description: String {
        switch self {
        case .alreadyInLibrary(let id, let title, let reason):
            "\"\(title)\" is already in your library (\(reason)); its id is \(id.description.prefix(8))"
        }
    }
}
