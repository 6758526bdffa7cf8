import Foundation

/// One thing the insights count of an entry: the book being in the library, a finished read, or an
/// abandoned read, with what the insights group it by. `InsightFact.facts(of:…)` is the one
/// definition of what is a read, a re-read, an abandoned read and which edition counts; the store
/// keeps these facts and adds them up, it does not decide them.
public struct InsightFact: Hashable, Sendable {
    /// What happened.
    public enum Kind: Int, Hashable, Sendable {
        /// The book is in the library (counted whatever its status).
        case inLibrary = 0
        /// A finished read: the entry's own when it is read, or one in its history.
        case read = 1
        /// An abandoned read: the entry's own when it is did-not-finish, or one in its history.
        case abandoned = 2
    }

    public var kind: Kind
    /// When the read was finished or abandoned; nil for the book itself and for an undated read.
    public var ended: Date?
    /// When the entry was added to the library.
    public var added: Date
    /// The counted edition's page count, for a read of an edition that is not an audiobook: the
    /// pages an audiobook's listing gives ("34 pages" on Goodreads) are not pages read.
    public var pages: Int?
    /// The counted edition's length in minutes, for a read of an audiobook whose length is known.
    public var minutes: Int? = nil
    /// The entry's rating, for the entry's own finished read (an earlier read has none).
    public var rating: Double?
    /// A finished read with an earlier finished read of the same entry before it.
    public var isReread: Bool
    /// Days from start to finish, both counted (UTC days), for a read whose start is known and not
    /// after its finish.
    public var days: Int?
    /// The counted edition's format; nil without an edition.
    public var format: EditionFormat?
    /// The work's first author, whose demographics the diversity figures count.
    public var firstAuthor: Author?
    public var originalLanguage: String?
    /// The counted edition's language.
    public var editionLanguage: String?
    /// Whether the counted edition names a translator.
    public var translated: Bool
    /// The work's genres, for a finished read.
    public var genres: [String]

    /// The year (UTC) of `ended`, 0 when it is unknown or outside years 1–9999: such a fact counts
    /// for all time only.
    public var year: Int { Self.yearAndMonth(of: ended)?.year ?? 0 }

    /// The month (1–12, UTC) of `ended`, 0 when its year is 0.
    public var month: Int { Self.yearAndMonth(of: ended)?.month ?? 0 }

    private static func yearAndMonth(of date: Date?) -> (year: Int, month: Int)? {
        guard let date, let day = ISO8601Text.civilDay(of: date), Bounds.calendarYear.contains(day.year) else { return nil }
        return (day.year, day.month)
    }
}

extension InsightFact {
    /// The facts of one entry, given its work, the edition it counts (`countedEdition(of:…)`) and
    /// the work's first author: the book itself, then the history's reads and abandoned reads in
    /// order, then the entry's own finished or abandoned read.
    public static func facts(of entry: LibraryEntry, work: Work, countedEdition edition: Edition?, firstAuthor: Author?) -> [InsightFact] {
        let book = InsightFact(
            kind: .inLibrary, ended: nil, added: entry.dateAdded, pages: nil, rating: nil, isReread: false, days: nil,
            format: edition?.format, firstAuthor: firstAuthor, originalLanguage: work.originalLanguage,
            editionLanguage: edition?.language, translated: edition?.translator != nil, genres: []
        )
        func read(ended: Date?, started: Date?, rating: Double?, isReread: Bool) -> InsightFact {
            var fact = book
            fact.kind = .read
            fact.ended = ended
            if edition?.format == .audiobook {
                fact.minutes = edition?.audioDurationMinutes
            } else {
                fact.pages = edition?.pageCount
            }
            fact.rating = rating
            fact.isReread = isReread
            fact.days = days(from: started, to: ended)
            fact.genres = work.genres
            return fact
        }
        func abandoned(ended: Date?) -> InsightFact {
            var fact = book
            fact.kind = .abandoned
            fact.ended = ended
            return fact
        }

        var facts = [book]
        var finishedBefore = false
        for period in entry.readHistory {
            switch period.outcome {
            case .read:
                facts.append(read(ended: period.ended, started: period.started, rating: nil, isReread: finishedBefore))
                finishedBefore = true
            case .dnf:
                facts.append(abandoned(ended: period.ended))
            }
        }
        switch entry.status {
        case .read:
            facts.append(read(ended: entry.dateCompleted, started: entry.dateStarted, rating: entry.rating, isReread: finishedBefore))
        case .dnf:
            facts.append(abandoned(ended: entry.dateStopped))
        case .wishlist, .toRead, .reading, .onHold:
            break
        }
        return facts
    }

    /// The edition whose figures an entry counts: the one it owns, else the work's primary edition.
    public static func countedEdition(of entry: LibraryEntry, among editions: [Edition]) -> Edition? {
        EditionSelection.primaryEdition(of: editions, ownedEditionID: entry.editionID)
    }

    /// Days from the start's UTC day to the end's, both counted; nil without both or when the
    /// start is after the end.
    private static func days(from started: Date?, to ended: Date?) -> Int? {
        guard let started, let ended, ended >= started,
            let first = ISO8601Text.dayNumber(of: started), let last = ISO8601Text.dayNumber(of: ended)
        else { return nil }
        return last - first + 1
    }
}
