import Foundation

/// A change to one field of a book: give it a value, or clear it.
public enum FieldChange<Value: Hashable & Sendable>: Hashable, Sendable {
    case set(Value)
    case clear

    /// The value given; nil when the field is cleared.
    public var value: Value? {
        if case .set(let value) = self { value } else { nil }
    }
}

/// A change to a list of a book (genres, ISBNs, the people who made it): replace it, and/or add
/// and remove items. Removal is applied before addition.
public struct ListChange<Element: Hashable & Sendable>: Hashable, Sendable {
    /// The whole new list; nil keeps the list as it is before `removed` and `added` apply.
    public var replacement: [Element]?
    public var added: [Element]
    public var removed: [Element]

    /// A change of a list.
    public init(replacement: [Element]? = nil, added: [Element] = [], removed: [Element] = []) {
        self.replacement = replacement
        self.added = added
        self.removed = removed
    }

    /// Replaces the list with `items`.
    public static func replace(_ items: [Element]) -> Self { Self(replacement: items) }

    /// True when it changes nothing.
    public var isEmpty: Bool { replacement == nil && added.isEmpty && removed.isEmpty }
}

/// A field of a book a reader can edit, by the name the API, the terminal and the web form give
/// it. Work fields, then the reader's edition's, then the reader's own (the entry's).
public enum BookField: String, CaseIterable, Hashable, Sendable {
    // The work.
    case title, subtitle, authors, seriesName, seriesPosition, seriesPositionEnd, firstPublicationYear
    case originalCountry, originalLanguage, genres, description, culturalThemes, contentWarnings, awards
    case readingDifficulty
    // The reader's edition.
    case isbns, publisher, publicationDate, pageCount, format, language, editionTitle, translator, narrator
    case audioDurationMinutes, coverImageURL
    // The reader's entry.
    case status, owned, rating, review, reviewHasSpoilers, notes, discussionNotes, tags, isFavorite, isPublic
    case recommendedBy, wouldRecommend, contributesToCulturalGoal, culturalGoalCategory, dailyReadingGoal
    case dateAdded, dateStarted, dateCompleted, dateStopped

    /// The fields of the reader's edition (the rest are the work's or the entry's).
    public var isOfEdition: Bool {
        [.isbns, .publisher, .publicationDate, .pageCount, .format, .language, .editionTitle, .translator, .narrator,
         .audioDurationMinutes, .coverImageURL].contains(self)
    }

    /// The fields that hold a list.
    public var isList: Bool {
        [.authors, .genres, .culturalThemes, .contentWarnings, .awards, .isbns, .tags].contains(self)
    }
}

/// What a reader changes of one book in one edit: each field left nil is left as it is. The
/// terminal's `edit`, the API's `PATCH /v1/books/{id}` and the web app's Edit page all make one and
/// hand it to the same use case.
public struct BookEdit: Hashable, Sendable {
    // The work.
    public var title: String?
    public var subtitle: FieldChange<String>?
    /// The people who made the book, in order: role "author" are its authors (the first is the
    /// primary author), any other role (illustrator, editor, translator, narrator …) a contributor.
    /// Removal matches names without case.
    public var people: ListChange<Contributor>?
    public var seriesName: FieldChange<String>?
    public var seriesPosition: FieldChange<Double>?
    public var seriesPositionEnd: FieldChange<Double>?
    public var firstPublicationYear: FieldChange<Int>?
    public var originalCountry: FieldChange<String>?
    public var originalLanguage: FieldChange<String>?
    public var genres: ListChange<String>?
    public var description: FieldChange<String>?
    public var culturalThemes: ListChange<String>?
    public var contentWarnings: ListChange<String>?
    public var awards: ListChange<String>?
    public var readingDifficulty: FieldChange<ReadingDifficulty>?
    // The reader's edition (made when the book has none).
    public var isbns: ListChange<ISBN>?
    public var publisher: FieldChange<String>?
    public var publicationDate: FieldChange<PartialDate>?
    public var pageCount: FieldChange<Int>?
    public var format: FieldChange<EditionFormat>?
    public var language: FieldChange<String>?
    public var editionTitle: FieldChange<String>?
    public var translator: FieldChange<String>?
    public var narrator: FieldChange<String>?
    public var audioDurationMinutes: FieldChange<Int>?
    /// An https address of a cover image; shown through the cover proxy.
    public var coverImageURL: FieldChange<URL>?
    // The reader's entry.
    public var status: ReadingStatus?
    public var owned: Bool?
    public var rating: FieldChange<Double>?
    public var review: FieldChange<String>?
    public var reviewHasSpoilers: Bool?
    public var notes: FieldChange<String>?
    public var discussionNotes: FieldChange<String>?
    public var tags: ListChange<String>?
    public var isFavorite: Bool?
    public var isPublic: Bool?
    public var recommendedBy: FieldChange<String>?
    public var wouldRecommend: FieldChange<Bool>?
    public var contributesToCulturalGoal: Bool?
    public var culturalGoalCategory: FieldChange<String>?
    public var dailyReadingGoal: FieldChange<Int>?
    public var dateAdded: Date?
    public var dateStarted: FieldChange<Date>?
    public var dateCompleted: FieldChange<Date>?
    public var dateStopped: FieldChange<Date>?

    /// An edit that changes nothing yet.
    public init() {}

    /// The fields this edit changes.
    public var fields: [BookField] {
        let given: [(BookField, Bool)] = [
            (.title, title != nil), (.subtitle, subtitle != nil), (.authors, people != nil), (.seriesName, seriesName != nil),
            (.seriesPosition, seriesPosition != nil), (.seriesPositionEnd, seriesPositionEnd != nil),
            (.firstPublicationYear, firstPublicationYear != nil), (.originalCountry, originalCountry != nil),
            (.originalLanguage, originalLanguage != nil), (.genres, genres != nil), (.description, description != nil),
            (.culturalThemes, culturalThemes != nil), (.contentWarnings, contentWarnings != nil), (.awards, awards != nil),
            (.readingDifficulty, readingDifficulty != nil), (.isbns, isbns != nil), (.publisher, publisher != nil),
            (.publicationDate, publicationDate != nil), (.pageCount, pageCount != nil), (.format, format != nil),
            (.language, language != nil), (.editionTitle, editionTitle != nil), (.translator, translator != nil),
            (.narrator, narrator != nil), (.audioDurationMinutes, audioDurationMinutes != nil), (.coverImageURL, coverImageURL != nil),
            (.status, status != nil), (.owned, owned != nil), (.rating, rating != nil), (.review, review != nil),
            (.reviewHasSpoilers, reviewHasSpoilers != nil), (.notes, notes != nil), (.discussionNotes, discussionNotes != nil),
            (.tags, tags != nil), (.isFavorite, isFavorite != nil), (.isPublic, isPublic != nil),
            (.recommendedBy, recommendedBy != nil), (.wouldRecommend, wouldRecommend != nil),
            (.contributesToCulturalGoal, contributesToCulturalGoal != nil), (.culturalGoalCategory, culturalGoalCategory != nil),
            (.dailyReadingGoal, dailyReadingGoal != nil), (.dateAdded, dateAdded != nil), (.dateStarted, dateStarted != nil),
            (.dateCompleted, dateCompleted != nil), (.dateStopped, dateStopped != nil),
        ]
        return given.filter(\.1).map(\.0)
    }

    /// True when the edit changes nothing.
    public var isEmpty: Bool { fields.isEmpty }

    /// True when it changes a field of the edition.
    public var changesEdition: Bool { fields.contains(where: \.isOfEdition) }
}
