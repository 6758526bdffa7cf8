import Foundation

/// The editing rules: what a reader's `BookEdit` does to a book. Every field the reader sets on the
/// work or the edition is marked as the reader's (`readerSetFields`), so that enrichment and
/// re-imports leave it as the reader left it; entry fields go through the reading rules.
extension LibraryBook {
    /// The people who made the book as an edit sees them: its authors, then its other contributors.
    public var people: [Contributor] {
        authors.map { Contributor(name: $0.name, role: "author") } + (work.contributors ?? [])
    }

    /// The people after `change`: removals (by name, without case) first, then additions that are
    /// not there yet (the same name and role).
    public func people(after change: ListChange<Contributor>) -> [Contributor] {
        var people = change.replacement ?? self.people
        let removed = Set(change.removed.map { $0.name.lowercased() })
        people.removeAll { removed.contains($0.name.lowercased()) }
        for person in change.added where !people.contains(where: { $0.name.lowercased() == person.name.lowercased() && $0.role == person.role }) {
            people.append(person)
        }
        return people
    }

    /// Applies `edit` to the book as of `now`. `authors` are the authors of the edited people list
    /// (role "author", in order), resolved to the library's authors by the caller; they are used
    /// only when the edit changes the people. An edit of the edition's fields on a book without an
    /// edition makes one (not owned). Checks every limit before it returns; the book is left as it
    /// was when it throws.
    public mutating func apply(_ edit: BookEdit, authors newAuthors: [Author]?, now: Date) throws(LibraryError) {
        var book = self
        book.applyToWork(edit, authors: newAuthors)
        book.applyToEdition(edit, now: now)
        try book.applyToEntry(edit, now: now)
        try Validation.validate(book.work)
        if let edition = book.edition { try Validation.validate(edition) }
        try Validation.validate(book.entry, pageCount: book.edition?.pageCount)
        try Self.checkDates(book.entry, now: now)
        if book.work != work { book.work.lastModified = now }
        if book.edition != edition { book.edition?.lastModified = now }
        if book.entry != entry { book.entry.lastModified = now }
        self = book
    }

    private mutating func applyToWork(_ edit: BookEdit, authors newAuthors: [Author]?) {
        func mark(_ field: WorkField) { work.readerSetFields.insert(field) }
        if let title = edit.title {
            work.title = title
            mark(.title)
        }
        if let change = edit.subtitle { work.subtitle = change.value; mark(.subtitle) }
        if let change = edit.people {
            let people = people(after: change)
            if let newAuthors {
                authors = newAuthors
                work.authorIDs = newAuthors.map(\.id)
            }
            let others = people.filter { $0.role != "author" }
            work.contributors = others.isEmpty ? nil : others
            mark(.authors)
            mark(.contributors)
        }
        if let change = edit.seriesName {
            work.seriesName = change.value
            if change.value == nil { (work.seriesPosition, work.seriesPositionEnd) = (nil, nil) }
            mark(.seriesName)
        }
        if let change = edit.seriesPosition { work.seriesPosition = change.value; mark(.seriesPosition) }
        if let change = edit.seriesPositionEnd { work.seriesPositionEnd = change.value; mark(.seriesPositionEnd) }
        if work.seriesPosition == nil { work.seriesPositionEnd = nil }
        if let change = edit.firstPublicationYear { work.firstPublicationYear = change.value; mark(.firstPublicationYear) }
        if let change = edit.originalCountry { work.originalCountry = change.value; mark(.originalCountry) }
        if let change = edit.originalLanguage { work.originalLanguage = change.value; mark(.originalLanguage) }
        if let change = edit.description { work.description = change.value; mark(.description) }
        if let change = edit.readingDifficulty { work.readingDifficulty = change.value; mark(.readingDifficulty) }
        if let change = edit.genres { work.genres = Self.texts(work.genres, after: change); mark(.genres) }
        if let change = edit.culturalThemes { work.culturalThemes = Self.texts(work.culturalThemes, after: change); mark(.culturalThemes) }
        if let change = edit.contentWarnings { work.contentWarnings = Self.texts(work.contentWarnings, after: change); mark(.contentWarnings) }
        if let change = edit.awards { work.awards = Self.texts(work.awards, after: change); mark(.awards) }
    }

    private mutating func applyToEdition(_ edit: BookEdit, now: Date) {
        guard edit.changesEdition else { return }
        var edition = self.edition ?? Edition(workID: work.id, dateCreated: now)
        func mark(_ field: EditionField) { edition.readerSetFields.insert(field) }
        if let change = edit.isbns {
            var isbns = change.replacement ?? edition.isbns
            isbns.removeAll { change.removed.contains($0) }
            for isbn in change.added where !isbns.contains(isbn) { isbns.append(isbn) }
            var seen = Set<ISBN>()
            edition.isbns = isbns.filter { seen.insert($0).inserted }
            mark(.isbns)
        }
        if let change = edit.publisher { edition.publisher = change.value; mark(.publisher) }
        if let change = edit.publicationDate { edition.publicationDate = change.value; mark(.publicationDate) }
        if let change = edit.pageCount { edition.pageCount = change.value; mark(.pageCount) }
        if let change = edit.format { edition.format = change.value ?? .other; mark(.format) }
        if let change = edit.language { edition.language = change.value; mark(.language) }
        if let change = edit.editionTitle { edition.editionTitle = change.value; mark(.editionTitle) }
        if let change = edit.translator { edition.translator = change.value; mark(.translator) }
        if let change = edit.narrator { edition.narrator = change.value; mark(.narrator) }
        if let change = edit.audioDurationMinutes { edition.audioDurationMinutes = change.value; mark(.audioDurationMinutes) }
        if let change = edit.coverImageURL { edition.coverImageURL = change.value; mark(.coverImageURL) }
        self.edition = edition
    }

    private mutating func applyToEntry(_ edit: BookEdit, now: Date) throws(LibraryError) {
        let pageCount = edition?.pageCount
        // A corrected page count keeps the page reached and counts its share again.
        if edit.pageCount != nil { entry.recount(pageCount: pageCount) }
        if edit.owned == false { entry.editionID = nil }
        if let status = edit.status, status != entry.status {
            if status == .wishlist, edit.owned == true { throw .wishlistCannotBeOwned }
            if status == .wishlist { entry.editionID = nil }
            try entry.setStatus(status, pageCount: pageCount, now: now)
        }
        if edit.owned == true, entry.editionID == nil {
            let owned = edition ?? Edition(workID: work.id, dateCreated: now)
            try entry.setOwnedEdition(owned, now: now)
            if owned.pageCount != pageCount { entry.moveToEdition(pageCount: owned.pageCount) }
            edition = owned
        }
        if let change = edit.rating { try entry.setRating(change.value, now: now) }
        if let change = edit.review {
            try entry.setReview(change.value, hasSpoilers: edit.reviewHasSpoilers ?? entry.reviewHasSpoilers, now: now)
        } else if let spoilers = edit.reviewHasSpoilers {
            entry.reviewHasSpoilers = spoilers
        }
        if let change = edit.notes { try entry.setNotes(change.value, now: now) }
        if let change = edit.discussionNotes { try entry.setDiscussionNotes(change.value, now: now) }
        if let change = edit.tags {
            if let replacement = change.replacement {
                entry.tags = []
                for tag in replacement { try entry.addTag(tag, now: now) }
            }
            for tag in change.removed { entry.removeTag(tag, now: now) }
            for tag in change.added { try entry.addTag(tag, now: now) }
        }
        if let favorite = edit.isFavorite { entry.setFavorite(favorite, now: now) }
        if let isPublic = edit.isPublic { entry.isPublic = isPublic }
        if let change = edit.recommendedBy { entry.recommendedBy = change.value }
        if let change = edit.wouldRecommend { entry.wouldRecommend = change.value }
        if let change = edit.culturalGoalCategory {
            entry.culturalGoalCategory = change.value
            if change.value != nil, edit.contributesToCulturalGoal == nil { entry.contributesToCulturalGoal = true }
        }
        if let contributes = edit.contributesToCulturalGoal { entry.contributesToCulturalGoal = contributes }
        if let change = edit.dailyReadingGoal { try entry.setDailyReadingGoal(change.value, now: now) }
        if let added = edit.dateAdded { entry.dateAdded = added }
        if let change = edit.dateStarted { entry.dateStarted = change.value }
        if let change = edit.dateCompleted { entry.dateCompleted = change.value }
        if let change = edit.dateStopped { entry.dateStopped = change.value }
    }

    /// A list of texts after `change`, matched and de-duplicated without case.
    private static func texts(_ current: [String], after change: ListChange<String>) -> [String] {
        var texts = change.replacement ?? current
        let removed = Set(change.removed.map { $0.lowercased() })
        texts.removeAll { removed.contains($0.lowercased()) }
        return StringList.deduplicated(texts + change.added)
    }

    /// A date set by hand is not in the future, and a read does not end before it starts.
    private static func checkDates(_ entry: LibraryEntry, now: Date) throws(LibraryError) {
        let latest = LibraryEntry.latestDate(now: now)
        for (field, date) in [("dateAdded", entry.dateAdded), ("dateStarted", entry.dateStarted), ("dateCompleted", entry.dateCompleted),
                              ("dateStopped", entry.dateStopped)]
        {
            if let date, date > latest {
                throw .invalid(.outOfRange(field: field, value: ISO8601Text.day(date), allowed: "not in the future"))
            }
        }
        if let started = entry.dateStarted, let completed = entry.dateCompleted, completed < started {
            throw .invalid(.outOfRange(field: "dateCompleted", value: ISO8601Text.day(completed),
                                       allowed: "on or after the day the book was started, \(ISO8601Text.day(started))"))
        }
    }
}

extension Work {
    /// Puts back every field `original` marks as the reader's: what enrichment or an import
    /// changed of them is undone, and the marks stay.
    public mutating func keepReaderSetFields(of original: Work) {
        guard !original.readerSetFields.isEmpty else { return }
        for field in original.readerSetFields {
            switch field {
            case .title: title = original.title
            case .subtitle: subtitle = original.subtitle
            case .authors: authorIDs = original.authorIDs
            case .contributors: contributors = original.contributors
            case .seriesName: seriesName = original.seriesName
            case .seriesPosition: seriesPosition = original.seriesPosition
            case .seriesPositionEnd: seriesPositionEnd = original.seriesPositionEnd
            case .firstPublicationYear: firstPublicationYear = original.firstPublicationYear
            case .originalCountry: originalCountry = original.originalCountry
            case .originalLanguage: originalLanguage = original.originalLanguage
            case .genres: genres = original.genres
            case .description: description = original.description
            case .culturalThemes: culturalThemes = original.culturalThemes
            case .contentWarnings: contentWarnings = original.contentWarnings
            case .awards: awards = original.awards
            case .readingDifficulty: readingDifficulty = original.readingDifficulty
            case .coverImageURL: coverImageURL = original.coverImageURL
            }
        }
        readerSetFields.formUnion(original.readerSetFields)
    }
}

extension Edition {
    /// Puts back every field `original` marks as the reader's, as `Work.keepReaderSetFields(of:)`.
    public mutating func keepReaderSetFields(of original: Edition) {
        guard !original.readerSetFields.isEmpty else { return }
        for field in original.readerSetFields {
            switch field {
            case .isbns: isbns = original.isbns
            case .publisher: publisher = original.publisher
            case .publicationDate: publicationDate = original.publicationDate
            case .pageCount: pageCount = original.pageCount
            case .format: format = original.format
            case .language: language = original.language
            case .editionTitle: editionTitle = original.editionTitle
            case .coverImageURL: coverImageURL = original.coverImageURL
            case .translator: translator = original.translator
            case .narrator: narrator = original.narrator
            case .audioDurationMinutes: audioDurationMinutes = original.audioDurationMinutes
            }
        }
        readerSetFields.formUnion(original.readerSetFields)
    }
}
