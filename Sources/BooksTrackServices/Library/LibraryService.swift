import BooksTrackCore
import Foundation

/// The library's use cases, shared by the command line and the server: each is one method taking
/// plain values and returning values or typed errors, and each is one transaction of the store,
/// run on the store's own threads (the caller's task is suspended, no cooperative thread waits on
/// SQLite). `now` comes from the injected clock.
public struct LibraryService: Sendable {
    /// The store, internal to the core: no front end reaches it.
    let store: any LibraryStore
    /// The clock every rule reads.
    public let now: @Sendable () -> Date
    /// What page photos go through before they are kept; without it they are kept as given
    /// (JPEG or PNG only).
    let images: (any ImageProcessor)?

    /// Creates the service over one user's store.
    public init(store: any LibraryStore, now: @escaping @Sendable () -> Date, images: (any ImageProcessor)? = nil) {
        self.store = store
        self.now = now
        self.images = images
    }

    // MARK: Adding

    /// Adds a book typed by hand. Reuses authors already in the library; refuses a book whose ISBN
    /// or title and primary author are already there. The check and the write are one transaction:
    /// two adds of one book at the same moment end with one book and one `alreadyInLibrary`.
    /// `details` sets any other field of the book as an edit would (marked as the reader's), in
    /// the same transaction.
    public func add(_ manual: ManualBook, details: BookEdit = BookEdit()) async throws -> LibraryBook {
        let now = now()
        let title = try Validation.requiredText(manual.title, field: "title", limit: Work.titleLimit)
        if manual.isOwned, manual.status == .wishlist { throw LibraryError.wishlistCannotBeOwned }
        if let pageCount = manual.pageCount, pageCount <= 0 {
            throw LibraryError.invalid(.outOfRange(field: "pageCount", value: String(pageCount), allowed: "more than 0"))
        }
        let store = self.store
        return try await store.transaction {
            try Self.addNow(manual, details: details, title: title, store: store, now: now)
        }
    }

    private static func addNow(_ manual: ManualBook, details: BookEdit, title: String, store: any LibraryStore, now: Date) throws -> LibraryBook {
        let authorNames = manual.authors.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        try refuseIfHeld(isbns: manual.isbns, title: title, primaryAuthor: authorNames.first, in: store)

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
        var book = LibraryBook(entry: entry, work: work, authors: authors, edition: edition)
        if !details.isEmpty {
            try book.apply(details, authors: nil, now: now)
            if let edition = book.edition, details.isbns != nil {
                try refuseISBNsHeldElsewhere(edition.isbns, workID: work.id, in: store)
            }
        }
        try Validation.validate(book.work)
        if let edition = book.edition { try Validation.validate(edition) }
        return try store.add(NewBook(work: book.work, authors: authors, edition: book.edition, entry: book.entry))
    }

    // MARK: Finding

    /// The book a reference names.
    public func book(_ reference: BookReference) async throws -> LibraryBook {
        let store = self.store
        return try await store.snapshot { try Self.resolve(reference, in: store) }
    }

    /// One page of books.
    public func books(_ query: EntryQuery) async throws -> [LibraryBook] {
        let store = self.store
        return try await store.snapshot { try store.books(query) }
    }

    /// How many books match the query's filters.
    public func count(_ query: EntryQuery) async throws -> Int {
        let store = self.store
        return try await store.snapshot { try store.count(query) }
    }

    /// One page of books and how many match in all, from one snapshot.
    public func page(_ query: EntryQuery) async throws -> (books: [LibraryBook], total: Int) {
        let store = self.store
        return try await store.snapshot { (try store.books(query), try store.count(query)) }
    }

    /// Picks one book by entry ID, or by full id, unique id prefix, ISBN, or a unique piece of its
    /// title. A title piece that exactly matches one title wins over longer titles containing it.
    static func resolve(_ reference: BookReference, in store: any LibraryStore) throws -> LibraryBook {
        switch reference {
        case .id(let id):
            guard let book = try store.book(entryID: id) else { throw LibraryError.entryNotFound(id) }
            return book
        case .name(let name):
            return try resolve(name: name, in: store)
        }
    }

    private static func resolve(name: String, in store: any LibraryStore) throws -> LibraryBook {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw EntryLookupError.notFound(name) }
        if let id = LibraryEntry.ID(uuidString: trimmed), let book = try store.book(entryID: id) { return book }
        if let isbn = ISBN(trimmed) {
            let ids = try store.entries(isbn: isbn)
            if !ids.isEmpty { return try single(ids, name: trimmed, in: store) }
        }
        if trimmed.count >= 4, trimmed.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            let ids = try store.entries(idPrefix: trimmed)
            if !ids.isEmpty { return try single(ids, name: trimmed, in: store) }
        }
        let ids = try store.entries(titleContaining: trimmed, limit: 50)
        if ids.count > 1 {
            let key = TextNormalization.normalizeTitle(trimmed)
            let exact = try ids.compactMap { try store.book(entryID: $0) }.filter { TextNormalization.normalizeTitle($0.work.title) == key }
            if exact.count == 1 { return exact[0] }
        }
        return try single(ids, name: trimmed, in: store)
    }

    private static func single(_ ids: [LibraryEntry.ID], name: String, in store: any LibraryStore) throws -> LibraryBook {
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

    /// Resolves the book, applies a rule to its entry, saves it and reads the book back, all in one
    /// transaction. Returns the book before and after.
    public func update(
        _ reference: BookReference, _ change: @escaping @Sendable (inout LibraryEntry, _ pageCount: Int?, _ now: Date) throws -> Void
    ) async throws -> BookChange {
        let now = now()
        let store = self.store
        return try await store.transaction {
            let before = try Self.resolve(reference, in: store)
            _ = try store.updateEntry(id: before.entry.id) { entry, pageCount in try change(&entry, pageCount, now) }
            guard let after = try store.book(entryID: before.entry.id) else { throw LibraryError.entryNotFound(before.entry.id) }
            return BookChange(before: before, book: after)
        }
    }

    /// Starts (or re-reads) a book.
    public func start(_ book: BookReference) async throws -> BookChange { try await update(book) { entry, _, now in entry.start(now: now) } }

    /// Finishes a book.
    public func finish(_ book: BookReference) async throws -> BookChange {
        try await update(book) { entry, pages, now in entry.finish(pageCount: pages, now: now) }
    }

    /// Stops a book for good (did not finish).
    public func stop(_ book: BookReference) async throws -> BookChange { try await update(book) { entry, _, now in entry.stop(now: now) } }

    /// Puts a book on hold.
    public func hold(_ book: BookReference) async throws -> BookChange { try await update(book) { entry, _, now in entry.hold(now: now) } }

    /// Moves a book to any status through that status's rule.
    public func setStatus(_ book: BookReference, to status: ReadingStatus) async throws -> BookChange {
        try await update(book) { entry, pages, now in try entry.setStatus(status, pageCount: pages, now: now) }
    }

    /// Records the position a reader typed: a page, a percentage or minutes listened (`ProgressPosition`).
    public func progress(_ book: BookReference, to position: ProgressPosition) async throws -> BookChange {
        switch position {
        case .page(let page): try await progress(book, page: page)
        case .percent(let percent): try await progress(book, percent: percent)
        case .minutes(let minutes): try await progress(book, minutes: minutes)
        }
    }

    /// Records the page reached.
    public func progress(_ book: BookReference, page: Int) async throws -> BookChange {
        try await update(book) { entry, pages, now in try entry.updateProgress(page: page, pageCount: pages, now: now) }
    }

    /// Records progress as a percentage.
    public func progress(_ book: BookReference, percent: Double) async throws -> BookChange {
        try await update(book) { entry, pages, now in try entry.updateProgress(percent: percent, pageCount: pages, now: now) }
    }

    /// Turns a wishlist book into an owned one: with a new edition of the work holding `copy`'s
    /// details when given, else with the work's primary edition, else with a new bare edition.
    public func acquire(_ reference: BookReference, copy: CopyDetails?, status: ReadingStatus = .toRead) async throws -> LibraryBook {
        let edition = copy.flatMap { $0.isEmpty ? nil : $0 }.map {
            Edition(workID: Work.ID(), isbns: $0.isbns, publisher: $0.publisher, pageCount: $0.pageCount, format: $0.format ?? .other, dateCreated: now())
        }
        return try await acquire(reference, newEdition: edition, status: status)
    }

    /// Turns a wishlist book into an owned one: with `edition` when given (a new edition of the same
    /// work), else with the work's primary edition, else with a new bare edition. One transaction.
    public func acquire(_ reference: BookReference, newEdition: Edition? = nil, status: ReadingStatus = .toRead) async throws -> LibraryBook {
        guard status != .wishlist else { throw LibraryError.wishlistCannotBeOwned }
        let now = now()
        let store = self.store
        return try await store.transaction {
            let book = try Self.resolve(reference, in: store)
            guard book.entry.status == .wishlist else { throw LibraryError.notOnWishlist(book.entry.status) }
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
            _ = try store.updateEntry(id: book.entry.id) { entry, _ in try entry.acquire(edition: edition, status: status, now: now) }
            guard let updated = try store.book(entryID: book.entry.id) else { throw LibraryError.entryNotFound(book.entry.id) }
            return updated
        }
    }

    /// Sets or clears the daily reading goal in pages: the pace a finish date falls back on.
    public func setDailyGoal(_ book: BookReference, pages: Int?) async throws -> BookChange {
        try await update(book) { entry, _, now in try entry.setDailyReadingGoal(pages, now: now) }
    }

    /// Sets or clears the rating.
    public func rate(_ book: BookReference, rating: Double?) async throws -> BookChange {
        try await update(book) { entry, _, now in try entry.setRating(rating, now: now) }
    }

    /// Sets or clears the review.
    public func review(_ book: BookReference, text: String?, hasSpoilers: Bool) async throws -> BookChange {
        try await update(book) { entry, _, now in try entry.setReview(text, hasSpoilers: hasSpoilers, now: now) }
    }

    /// Sets or clears the private notes.
    public func note(_ book: BookReference, text: String?) async throws -> BookChange {
        try await update(book) { entry, _, now in try entry.setNotes(text, now: now) }
    }

    /// Adds a paragraph to the private notes, read and written in one transaction (two appends at
    /// once both land).
    public func appendNote(_ book: BookReference, text: String) async throws -> BookChange {
        try await update(book) { entry, _, now in
            let notes = entry.notes.map { $0 + "\n" + text } ?? text
            try entry.setNotes(notes, now: now)
        }
    }

    /// Adds tags; the change and the tags that were new.
    public func addTags(_ book: BookReference, _ tags: [String]) async throws -> (BookChange, added: [String]) {
        let change = try await update(book) { entry, _, now in
            for tag in tags { _ = try entry.addTag(tag, now: now) }
        }
        let before = Set(change.before.entry.tags.map { $0.lowercased() })
        return (change, change.book.entry.tags.filter { !before.contains($0.lowercased()) })
    }

    /// Removes tags; the change and the tags that were there.
    public func removeTags(_ book: BookReference, _ tags: [String]) async throws -> (BookChange, removed: [String]) {
        let change = try await update(book) { entry, _, now in
            for tag in tags { _ = entry.removeTag(tag, now: now) }
        }
        let after = Set(change.book.entry.tags.map { $0.lowercased() })
        return (change, change.before.entry.tags.filter { !after.contains($0.lowercased()) })
    }

    /// Marks or unmarks a favorite.
    public func favorite(_ book: BookReference, _ isFavorite: Bool) async throws -> BookChange {
        try await update(book) { entry, _, now in entry.setFavorite(isFavorite, now: now) }
    }

    /// Adds a quote.
    public func addQuote(_ book: BookReference, text: String, page: Int?) async throws -> (BookChange, Quote) {
        let quote = Quote(text: text.trimmingWhitespace(), page: page, dateAdded: now())
        let change = try await update(book) { entry, pages, now in try entry.addQuote(quote, pageCount: pages, now: now) }
        return (change, quote)
    }

    /// Removes the quote whose id is, or starts with, `quoteID` (as `quote list` shows it).
    public func removeQuote(_ reference: BookReference, quoteID: String) async throws -> (BookChange, Quote) {
        let key = quoteID.trimmingWhitespace().lowercased()
        let now = now()
        let store = self.store
        return try await store.transaction {
            let before = try Self.resolve(reference, in: store)
            let matches = key.isEmpty ? [] : before.entry.quotes.filter { $0.id.description.lowercased().hasPrefix(key) }
            guard matches.count == 1 else {
                throw matches.isEmpty
                    ? ItemLookupError.noQuote(quoteID, bookTitle: before.work.title)
                    : ItemLookupError.ambiguousQuote(quoteID, count: matches.count)
            }
            _ = try store.updateEntry(id: before.entry.id) { entry, _ in try entry.removeQuote(id: matches[0].id, now: now) }
            guard let after = try store.book(entryID: before.entry.id) else { throw LibraryError.entryNotFound(before.entry.id) }
            return (BookChange(before: before, book: after), matches[0])
        }
    }

    /// Records a reading session; `date` defaults to now.
    public func addSession(_ book: BookReference, minutes: Int, pages: Int, date: Date? = nil) async throws -> (BookChange, ReadingSession) {
        let session = ReadingSession(date: date ?? now(), durationMinutes: minutes, pagesRead: pages)
        let change = try await update(book) { entry, _, now in try entry.addSession(session, now: now) }
        return (change, session)
    }

    /// Stores a page photo (at most 10 MB), in one transaction with finding its book. With an
    /// image processor it is kept as the processor makes it (JPEG, upright, at most 2,048 px,
    /// without metadata, with a thumbnail; JPEG, PNG, WebP and HEIC in); without one, as given
    /// (JPEG or PNG, recognized by its leading bytes). The photo as sent is kept beside it only
    /// when `keepOriginal` (it may hold the location and camera).
    public func addPhoto(
        _ reference: BookReference, data: Data, page: Int?, caption: String?, keepOriginal: Bool = false
    ) async throws -> (LibraryBook, PagePhoto) {
        let caption = try Validation.optionalText(caption, field: "caption", limit: PagePhoto.captionLimit)
        if let page, page < 0 { throw LibraryError.negativePage(page) }
        guard data.count <= PagePhoto.byteLimit else { throw ImageError.tooLarge(bytes: data.count, limit: PagePhoto.byteLimit) }
        var kept = data
        var thumbnail: Data?
        let type: ImageType
        if let images {
            let processed = try await images.pagePhoto(data)
            (kept, thumbnail, type) = (processed.jpeg, processed.thumbnail, .jpeg)
        } else {
            type = try Validation.imageType(of: data)
        }
        let photo = PagePhoto(page: page, caption: caption, imageType: type, byteCount: kept.count, dateAdded: now())
        let store = self.store
        let original = keepOriginal && images != nil ? data : nil
        return try await store.transaction { [kept, thumbnail] in
            let book = try Self.resolve(reference, in: store)
            try store.addPhoto(photo, data: kept, entryID: book.entry.id)
            if let thumbnail { try store.setPhotoThumbnail(thumbnail, id: photo.id) }
            if let original { try store.setPhotoOriginal(original, id: photo.id) }
            return (book, photo)
        }
    }

    /// The photo as it was sent when it was kept, else the photo as kept.
    public func photoOriginal(_ photoID: PagePhoto.ID) async throws -> Data {
        let store = self.store
        return try await store.snapshot {
            if let original = try store.photoOriginal(id: photoID) { return original }
            guard let data = try store.photoData(id: photoID) else { throw LibraryError.photoNotFound(photoID) }
            return data
        }
    }

    /// A photo's thumbnail, else its bytes (a photo kept before thumbnails were made).
    public func photoThumbnail(_ photoID: PagePhoto.ID) async throws -> Data {
        let store = self.store
        return try await store.snapshot {
            if let thumbnail = try store.photoThumbnail(id: photoID) { return thumbnail }
            guard let data = try store.photoData(id: photoID) else { throw LibraryError.photoNotFound(photoID) }
            return data
        }
    }

    /// Refuses a book the library holds already: by one of its ISBNs, else by its title and
    /// primary author (`AddBookError.alreadyInLibrary`, naming the book held).
    static func refuseIfHeld(isbns: [ISBN], title: String, primaryAuthor: String?, in store: any LibraryStore) throws {
        for isbn in isbns {
            if let existing = try store.entries(isbn: isbn).first, let book = try store.book(entryID: existing) {
                throw AddBookError.alreadyInLibrary(book.entry.id, title: book.work.title, reason: "ISBN \(isbn.isbn13)")
            }
        }
        for work in try store.works(title: title, primaryAuthor: primaryAuthor) {
            if let entry = try store.entry(workID: work.id) {
                throw AddBookError.alreadyInLibrary(entry.id, title: work.title, reason: "same title and author")
            }
        }
    }

    /// A book's photos.
    public func photos(_ reference: BookReference) async throws -> (LibraryBook, [PagePhoto]) {
        let store = self.store
        return try await store.snapshot {
            let book = try Self.resolve(reference, in: store)
            return (book, try store.photos(entryID: book.entry.id))
        }
    }

    /// A book with every edition of its work and its page photos, read in one snapshot: what a
    /// book's page shows.
    public func details(_ reference: BookReference) async throws -> (book: LibraryBook, editions: [Edition], photos: [PagePhoto]) {
        let store = self.store
        return try await store.snapshot {
            let book = try Self.resolve(reference, in: store)
            return (book, try store.editions(ofWork: book.work.id), try store.photos(entryID: book.entry.id))
        }
    }

    /// A photo's bytes.
    public func photoData(_ photoID: PagePhoto.ID) async throws -> Data {
        let store = self.store
        return try await store.snapshot {
            guard let data = try store.photoData(id: photoID) else { throw LibraryError.photoNotFound(photoID) }
            return data
        }
    }

    /// Removes a book from the library: the entry, the work and its editions. Authors stay.
    public func remove(_ reference: BookReference) async throws -> LibraryBook {
        let store = self.store
        return try await store.transaction {
            let book = try Self.resolve(reference, in: store)
            try store.deleteWork(id: book.work.id)
            return book
        }
    }

    /// Which of these ISBNs the library holds, and as which entry (an entry whose owned or
    /// primary edition carries it), read from the ISBN index in one snapshot: search results say
    /// "already in your library" with it.
    public func entries(isbns: [ISBN]) async throws -> [ISBN: LibraryEntry.ID] {
        let store = self.store
        return try await store.snapshot {
            var found: [ISBN: LibraryEntry.ID] = [:]
            for isbn in Set(isbns) {
                if let id = try store.entries(isbn: isbn).first { found[isbn] = id }
            }
            return found
        }
    }

    /// Entries per status, every status present.
    public func countByStatus() async throws -> [ReadingStatus: Int] {
        let store = self.store
        return try await store.snapshot { try store.countByStatus() }
    }
}
