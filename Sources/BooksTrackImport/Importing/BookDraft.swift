import BooksTrackCore
import Foundation

/// A book as an import assembles it: one already in the library (loaded with all its editions) or
/// one the import is adding, with the rows of the file merged into it one by one.
struct BookDraft: Hashable, Sendable {
    var work: Work
    var authors: [Author]
    var editions: [Edition]
    var entry: LibraryEntry
    /// True when the book is not in the library yet.
    let isNew: Bool

    /// A book loaded from the library.
    init(existing book: LibraryBook, editions: [Edition]) {
        self.work = book.work
        self.authors = book.authors
        self.editions = editions
        self.entry = book.entry
        self.isNew = false
    }

    /// A new, empty book for the first row that names it; `merge` fills it.
    init(newFrom book: ImportedBook, authors: [Author], userID: User.ID, source: ImportFormat, now: Date) {
        let work = Work(
            title: book.title, authorIDs: authors.map(\.id), providerTag: "import:\(source.rawValue)", dateCreated: now
        )
        self.work = work
        self.authors = authors
        self.editions = []
        self.entry = LibraryEntry(userID: userID, workID: work.id, dateAdded: book.dateAdded ?? now, lastModified: now)
        self.isNew = true
    }

    /// The key other records of this book share: normalized title and primary author.
    var dedupeKey: String {
        TextNormalization.dedupeKey(title: work.title, primaryAuthor: authors.first?.name)
    }

    /// Every ISBN of every edition.
    var isbns: [ISBN] { editions.flatMap(\.isbns) }

    /// The new book the store adds for this draft, its parts moved, not copied; the draft's other
    /// editions, written after it, are appended to `otherEditions`. The entry may only own an
    /// edition written with it or before it: the book goes with the edition its entry owns, else
    /// the first.
    consuming func newBook(titleKey: TitleKey, otherEditions: inout [Edition]) -> NewBook {
        let first = editions.firstIndex { $0.id == entry.editionID } ?? editions.indices.first
        let edition = first.map { editions.remove(at: $0) }
        otherEditions += editions
        return NewBook(work: work, authors: authors, edition: edition, entry: entry, titleKey: titleKey)
    }

    /// Whether enrichment could still add something: a cover, a page count or a publication year.
    var needsEnrichment: Bool {
        let hasCover = work.coverImageURL != nil || editions.contains { $0.coverImageURL != nil }
        let hasPages = editions.contains { $0.pageCount != nil }
        let hasYear = work.firstPublicationYear != nil || editions.contains { $0.publicationDate != nil }
        return !(hasCover && hasPages && hasYear)
    }
}

// MARK: - Merging a row

extension BookDraft {
    /// Merges one imported row into the book.
    ///
    /// Without `overwrite`, values the book already has are kept and only empty ones are filled;
    /// lists (tags, genres, identifiers, read history) gain what they lack. A to-read or wishlist
    /// status is the empty status: any other status in the file replaces it. With `overwrite`, every
    /// value the file gives wins. `authors` are the row's authors, resolved; they are used only when
    /// the book has none. Nothing is stamped with today's date except `lastModified`.
    mutating func merge(_ book: ImportedBook, authors newAuthors: [Author], overwrite: Bool, now: Date) {
        let before = self
        mergeValues(book, authors: newAuthors, overwrite: overwrite, now: now)
        stampChanges(since: before, now: now)
    }

    /// `merge` without its last step, stamping `lastModified`: for a caller that holds the book as
    /// it was anyway, and stamps it (`stampChanges(since:now:)`) once it knows the row changed it.
    /// A re-import merges every row into a book it leaves as it was, and `merge` copied each of
    /// those books to compare with.
    /// Fields the reader set by hand (`Work.readerSetFields`) stay as the reader left them, even
    /// with `overwrite`.
    mutating func mergeValues(_ book: ImportedBook, authors newAuthors: [Author], overwrite: Bool, now: Date) {
        let readersWork = work.readerSetFields.isEmpty ? nil : (work, authors)
        let readersEditions = editions.filter { !$0.readerSetFields.isEmpty }
        if authors.isEmpty, !newAuthors.isEmpty {
            authors = newAuthors
            work.authorIDs = newAuthors.map(\.id)
        }
        mergeWork(book, overwrite: overwrite)
        let edition = mergeEdition(book, overwrite: overwrite, now: now)
        mergeEntry(book, edition: edition, overwrite: overwrite)
        if let (original, originalAuthors) = readersWork {
            work.keepReaderSetFields(of: original)
            if original.readerSetFields.contains(.authors) { authors = originalAuthors }
        }
        for original in readersEditions {
            if let index = editions.firstIndex(where: { $0.id == original.id }) { editions[index].keepReaderSetFields(of: original) }
        }
    }

    /// Sets `lastModified` to `now` on the work, the entry and each edition that differ from `before`.
    mutating func stampChanges(since before: BookDraft, now: Date) {
        if work != before.work { work.lastModified = now }
        if entry != before.entry { entry.lastModified = now }
        for index in editions.indices where !before.editions.contains(editions[index]) {
            editions[index].lastModified = now
        }
    }

    /// Takes the subtitle of a row matched by the title before it ("Sapiens: A Brief History of
    /// Humankind" for the library's "Sapiens"), when the book has none.
    mutating func adoptSubtitle(of book: ImportedBook, now: Date) {
        guard work.subtitle == nil, !work.readerSetFields.contains(.subtitle), TextNormalization.mainTitleKey(work.title) == nil,
            let subtitle = TextNormalization.subtitle(inTitle: book.title)
        else { return }
        work.subtitle = subtitle
        work.lastModified = now
    }

    private mutating func mergeWork(_ book: ImportedBook, overwrite: Bool) {
        Self.fill(&work.subtitle, book.subtitle, overwrite)
        Self.fill(&work.originalLanguage, book.originalLanguage, overwrite)
        Self.fill(&work.firstPublicationYear, book.firstPublicationYear, overwrite)
        Self.fill(&work.description, book.description, overwrite)
        if !book.contributors.isEmpty {
            var contributors = work.contributors ?? []
            for contributor in book.contributors where !contributors.contains(contributor) { contributors.append(contributor) }
            work.contributors = contributors
        }
        if book.seriesName != nil, work.seriesName == nil || overwrite {
            work.seriesName = book.seriesName
            work.seriesPosition = book.seriesPosition
            work.seriesPositionEnd = book.seriesPosition == nil ? nil : book.seriesPositionEnd
        }
        Self.fill(&work.coverImageURL, book.coverImageURL, overwrite)
        work.genres = StringList.deduplicated(work.genres + book.genres)
        work.contentWarnings = StringList.deduplicated(work.contentWarnings + book.contentWarnings)
        let ids = book.workExternalIDs
        Self.fill(&work.externalIDs.openLibraryWorkID, ids.openLibraryWorkID, overwrite)
        Self.fill(&work.externalIDs.isbndbID, ids.isbndbID, overwrite)
        ExternalID.union(&work.externalIDs.googleBooksVolumeIDs, ids.googleBooksVolumeIDs)
        ExternalID.union(&work.externalIDs.goodreadsWorkIDs, ids.goodreadsWorkIDs)
        ExternalID.union(&work.externalIDs.amazonASINs, ids.amazonASINs)
        ExternalID.union(&work.externalIDs.librarythingIDs, ids.librarythingIDs)
    }

    /// Fills the edition the row describes (the one sharing an ISBN, else one without ISBNs for a
    /// row with ISBNs, else the shown one for a row without), or adds it; returns it. Nil when the
    /// row says nothing about an edition and does not claim a copy.
    private mutating func mergeEdition(_ book: ImportedBook, overwrite: Bool, now: Date) -> Edition.ID? {
        let ids = book.editionExternalIDs
        let describesEdition = !book.isbns.isEmpty || book.publisher != nil || book.publicationDate != nil
            || book.pageCount != nil || book.format != nil || book.language != nil || book.translator != nil
            || book.narrator != nil || book.audioDurationMinutes != nil || book.editionTitle != nil || ids != EditionExternalIDs()
        guard describesEdition || book.isOwned == true else { return nil }
        let index: Int
        if let sharing = editions.firstIndex(where: { edition in book.isbns.contains { edition.isbns.contains($0) } }) {
            index = sharing
        } else if !book.isbns.isEmpty, let bare = editions.firstIndex(where: { $0.isbns.isEmpty }) {
            index = bare
        } else if book.isbns.isEmpty, let shown = EditionSelection.primaryEdition(of: editions, ownedEditionID: entry.editionID),
            let shownIndex = editions.firstIndex(where: { $0.id == shown.id })
        {
            index = shownIndex
        } else {
            editions.append(Edition(workID: work.id, format: .other, dateCreated: now))
            index = editions.count - 1
        }
        var edition = editions[index]
        for isbn in book.isbns where !edition.isbns.contains(isbn) { edition.isbns.append(isbn) }
        Self.fill(&edition.publisher, book.publisher, overwrite)
        Self.fill(&edition.editionTitle, book.editionTitle, overwrite)
        Self.fill(&edition.publicationDate, book.publicationDate, overwrite)
        Self.fill(&edition.pageCount, book.pageCount, overwrite)
        if let format = book.format, edition.format == .other || overwrite { edition.format = format }
        Self.fill(&edition.language, book.language, overwrite)
        Self.fill(&edition.translator, book.translator, overwrite)
        Self.fill(&edition.narrator, book.narrator, overwrite)
        Self.fill(&edition.audioDurationMinutes, book.audioDurationMinutes, overwrite)
        Self.fill(&edition.externalIDs.openLibraryEditionID, ids.openLibraryEditionID, overwrite)
        Self.fill(&edition.externalIDs.isbndbID, ids.isbndbID, overwrite)
        ExternalID.union(&edition.externalIDs.googleBooksVolumeIDs, ids.googleBooksVolumeIDs)
        ExternalID.union(&edition.externalIDs.amazonASINs, ids.amazonASINs)
        ExternalID.union(&edition.externalIDs.librarythingIDs, ids.librarythingIDs)
        ExternalID.union(&edition.externalIDs.goodreadsBookIDs, ids.goodreadsBookIDs)
        editions[index] = edition
        return edition.id
    }

    private mutating func mergeEntry(_ book: ImportedBook, edition: Edition.ID?, overwrite: Bool) {
        if let status = book.status, status != entry.status,
            overwrite || entry.status == .toRead || entry.status == .wishlist
        {
            entry.status = status
        }
        Self.fill(&entry.rating, book.rating, overwrite)
        if let review = book.review, entry.review == nil || overwrite {
            entry.review = review
            entry.reviewHasSpoilers = book.reviewHasSpoilers ?? false
        }
        Self.fill(&entry.notes, book.notes, overwrite)
        Self.fill(&entry.recommendedBy, book.recommendedBy, overwrite)
        if !placeSeparateRead(of: book) {
            Self.fill(&entry.dateStarted, book.dateStarted, overwrite)
            Self.fill(&entry.dateCompleted, book.dateCompleted, overwrite)
        }
        Self.fill(&entry.dateStopped, book.dateStopped, overwrite)
        if overwrite, let added = book.dateAdded { entry.dateAdded = added }
        entry.tags = StringList.deduplicated(entry.tags + book.tags)
        if let favorite = book.isFavorite, favorite || overwrite { entry.isFavorite = favorite }
        mergeReadHistory(book.readHistory)

        if entry.status == .wishlist {
            // A wishlist book is one the reader does not own.
            entry.editionID = nil
        } else if book.isOwned == true, let edition, entry.editionID == nil || overwrite {
            entry.editionID = edition
        } else if book.isOwned == false, overwrite {
            entry.editionID = nil
        }
        let pageCount = EditionSelection.primaryEdition(of: editions, ownedEditionID: entry.editionID)?.pageCount
        if entry.status == .read {
            // A read book is at its last page, also when a later row is the first to give its page count.
            entry.progress = 1
            if let pageCount, pageCount > 0 { entry.currentPage = pageCount }
        }
        if let pageCount, entry.currentPage > pageCount { entry.currentPage = pageCount }
    }

    /// Keeps a finished read of the row that is not the entry's own latest read: two rows of one
    /// book (two editions, each read on another date) are two reads. The later of the two becomes
    /// the entry's latest read and the other goes to the history, unless the history has it already.
    /// Returns whether the row's read was placed, so that its dates are not also filled into the
    /// entry's own.
    private mutating func placeSeparateRead(of book: ImportedBook) -> Bool {
        guard book.status == .read, let ended = book.dateCompleted else { return false }
        if let latest = entry.dateCompleted {
            guard !Self.sameRead(latest, ended) else { return false }
        } else if entry.status == .read {
            // The entry's latest read has no date yet: the row gives it one.
            return false
        }
        guard !entry.readHistory.contains(where: { $0.outcome == .read && $0.ended.map { Self.sameRead($0, ended) } == true })
        else { return true }
        if let latest = entry.dateCompleted, ended > latest {
            entry.readHistory.append(ReadPeriod(started: entry.dateStarted, ended: latest, outcome: .read))
            entry.dateStarted = book.dateStarted
            entry.dateCompleted = ended
        } else {
            // An earlier read, or a finished read of a book the reader is reading again.
            entry.readHistory.append(ReadPeriod(started: book.dateStarted, ended: ended, outcome: .read))
        }
        return true
    }

    /// Whether two finish dates are one read: trackers store a finish date at midnight of their
    /// own time zone, so the same read can be a day apart from one export to another.
    private static func sameRead(_ first: Date, _ second: Date) -> Bool {
        abs(first.timeIntervalSince(second)) <= 86_400
    }

    /// Adds the file's earlier reads the history lacks, counting repeats: three undated reads in
    /// the file and one in the library add two. A dated read that is the entry's latest read is
    /// not added again.
    private mutating func mergeReadHistory(_ periods: [ReadPeriod]) {
        guard !periods.isEmpty else { return }
        var present: [ReadPeriod: Int] = [:]
        for period in entry.readHistory { present[period, default: 0] += 1 }
        for period in periods {
            if let count = present[period], count > 0 {
                present[period] = count - 1
            } else if !isKnown(period) {
                entry.readHistory.append(period)
            }
        }
    }

    /// Whether a dated read is the entry's latest read or one of its history, a day either way.
    private func isKnown(_ period: ReadPeriod) -> Bool {
        guard let ended = period.ended else { return false }
        if period.outcome == .read, let latest = entry.dateCompleted, Self.sameRead(ended, latest) { return true }
        return entry.readHistory.contains { $0.outcome == period.outcome && $0.ended.map { Self.sameRead($0, ended) } == true }
    }

    private static func fill<Value>(_ current: inout Value?, _ new: Value?, _ overwrite: Bool) {
        guard let new, current == nil || overwrite else { return }
        current = new
    }
}
