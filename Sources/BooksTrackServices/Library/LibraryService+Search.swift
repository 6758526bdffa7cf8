import BooksTrackCore
import Foundation

extension LibraryService {
    /// The ports adding a book from a search result uses (the shelf scan's review adds through it too).
    public typealias AddingStore = BookStore & WorkStore & EditionStore & EntryStore & AuthorStore

    /// Adds the book a search found. Reuses what the library already has — the edition with the
    /// same ISBN, else the work with the same normalized title and primary author — merging
    /// external IDs and filling empty fields; creates the entry once. Refuses a book that already
    /// has an entry.
    /// The lookup and the write are one transaction: two adds of one result at the same moment end
    /// with one book and one `alreadyInLibrary`. `tags` are added with it.
    public func add(
        _ dto: WorkDTO, edition chosen: EditionDTO? = nil, status: ReadingStatus = .toRead, owned: Bool = false, tags: [String] = []
    ) async throws -> LibraryBook {
        let now = now()
        if owned, status == .wishlist { throw LibraryError.wishlistCannotBeOwned }
        let store = self.store
        return try await store.transaction {
            try Self.addNow(dto, edition: chosen, status: status, owned: owned, tags: tags, store: store, now: now)
        }
    }

    /// `add` inside the caller's transaction.
    static func addNow(
        _ dto: WorkDTO, edition chosen: EditionDTO?, status: ReadingStatus, owned: Bool, tags: [String], store: any AddingStore, now: Date
    ) throws -> LibraryBook {
        let editionDTO = chosen ?? dto.editions.first
        let isbns = (editionDTO.map { $0.isbn13 + $0.isbn10 } ?? []).compactMap { ISBN($0) }

        var existingWork: Work?
        var existingEdition: Edition?
        for isbn in isbns {
            if let edition = try store.edition(isbn: isbn) {
                existingEdition = edition
                existingWork = try store.work(id: edition.workID)
                break
            }
        }
        if existingWork == nil {
            existingWork = try store.works(title: dto.title, primaryAuthor: dto.authors.first?.name).first
        }

        guard var work = existingWork else {
            return try addNew(dto, edition: editionDTO, status: status, owned: owned, tags: tags, store: store, now: now)
        }
        if let entry = try store.entry(workID: work.id) {
            throw AddBookError.alreadyInLibrary(entry.id, title: work.title, reason: existingEdition == nil ? "same title and author" : "same ISBN")
        }
        work.fillEmptyFields(from: dto, now: now)
        try store.save(work)
        var edition = existingEdition
        if var known = edition, let editionDTO {
            known.mergeExternalIDs(from: DTOMapping.edition(editionDTO, workID: work.id, now: now), now: now)
            try store.save(known)
            edition = known
        } else if edition == nil, let editionDTO {
            let created = DTOMapping.edition(editionDTO, workID: work.id, now: now)
            try Validation.validate(created)
            try store.save(created)
            edition = created
        }
        var entry = LibraryEntry(userID: store.userID, workID: work.id, status: .toRead, dateAdded: now)
        if owned { entry.editionID = edition?.id }
        for tag in tags { _ = try entry.addTag(tag, now: now) }
        try entry.setStatus(status, pageCount: edition?.pageCount, now: now)
        try store.save(entry)
        guard let book = try store.book(entryID: entry.id) else { throw LibraryError.entryNotFound(entry.id) }
        return book
    }

    private static func addNew(
        _ dto: WorkDTO, edition editionDTO: EditionDTO?, status: ReadingStatus, owned: Bool, tags: [String], store: any AddingStore, now: Date
    ) throws -> LibraryBook {
        var authors: [Author] = []
        for authorDTO in dto.authors where !authorDTO.name.trimmingCharacters(in: .whitespaces).isEmpty {
            var author = try store.authors(named: authorDTO.name).first ?? DTOMapping.author(authorDTO, now: now)
            author.mergeExternalIDs(from: DTOMapping.author(authorDTO, now: now), now: now)
            try Validation.validate(author)
            if !authors.contains(where: { $0.id == author.id }) { authors.append(author) }
        }
        let work = DTOMapping.work(dto, authorIDs: authors.map(\.id), now: now)
        try Validation.validate(work)
        let edition = editionDTO.map { DTOMapping.edition($0, workID: work.id, now: now) }
        if let edition { try Validation.validate(edition) }
        var entry = LibraryEntry(userID: store.userID, workID: work.id, status: .toRead, dateAdded: now)
        if owned { entry.editionID = edition?.id }
        for tag in tags { _ = try entry.addTag(tag, now: now) }
        try entry.setStatus(status, pageCount: edition?.pageCount, now: now)
        // Authors already in the library are saved again so merged external IDs are kept.
        for author in authors { try store.save(author) }
        return try store.add(NewBook(work: work, authors: authors, edition: edition, entry: entry))
    }
}

extension Work {
    /// Fills the fields this work lacks from a search result; values it has are never replaced.
    public mutating func fillEmptyFields(from dto: WorkDTO, now: Date) {
        if subtitle == nil { subtitle = dto.subtitle }
        if description == nil { description = dto.description.map { String($0.prefix(Work.descriptionLimit)) } }
        if firstPublicationYear == nil { firstPublicationYear = dto.firstPublicationYear }
        if originalLanguage == nil { originalLanguage = dto.originalLanguage }
        if coverImageURL == nil { coverImageURL = dto.coverImageURL.flatMap(URL.init(string:)) }
        if seriesName == nil { seriesName = dto.seriesName; seriesPosition = dto.seriesPosition }
        if genres.isEmpty { genres = StringList.deduplicated(Array(dto.subjects.prefix(20))) }
        externalIDs.merge(DTOMapping.externalIDs(dto))
        touch(now)
    }
}
