import BooksTrackCore
import Foundation
import GRDB

/// A fact as the counters take it: the columns `insight_facts` stores of it.
struct CountedFact: Sendable {
    var kind: Int
    var year: Int
    var month: Int
    var pages: Int?
    var minutes: Int?
    var rating: Double?
    var isReread: Bool
    var days: Int?
    var format: String?
    var authorID: Author.ID?
    var gender: String?
    var region: String?
    var nationality: String?
    var marginalizedOverride: Bool?
    var originalLanguage: String?
    var editionLanguage: String?
    var translated: Bool
    var genres: [String]

    init(_ fact: InsightFact) {
        let author = fact.firstAuthor
        kind = fact.kind.rawValue
        year = fact.year
        month = fact.month
        pages = fact.pages
        minutes = fact.minutes
        rating = fact.rating
        isReread = fact.isReread
        days = fact.days
        format = fact.format?.rawValue
        authorID = author?.id
        gender = author?.gender.rawValue
        region = author?.culturalRegion?.rawValue
        nationality = author?.nationality
        marginalizedOverride = author?.marginalizedVoiceOverride
        originalLanguage = fact.originalLanguage
        editionLanguage = fact.editionLanguage
        translated = fact.translated
        genres = fact.genres
    }

    /// The columns `decode` reads, in its order, from `insight_facts` as `f`.
    static let selection = """
        f.kind, f.year, f.month, f.pages, f.rating, f.isReread, f.days, f.format, f.authorID, f.gender, f.region,
        f.nationality, f.marginalizedOverride, f.originalLanguage, f.editionLanguage, f.translated, f.genres, f.minutes
        """

    init(_ reader: inout RowReader) throws {
        kind = try reader.int()
        year = try reader.int()
        month = try reader.int()
        pages = try reader.optionalInt()
        rating = try reader.optionalDouble()
        isReread = try reader.bool()
        days = try reader.optionalInt()
        format = try reader.optionalString()
        authorID = try reader.optionalID(Author.self)
        gender = try reader.optionalString()
        region = try reader.optionalString()
        nationality = try reader.optionalString()
        marginalizedOverride = try reader.optionalBool()
        originalLanguage = try reader.optionalString()
        editionLanguage = try reader.optionalString()
        translated = try reader.bool()
        genres = try reader.stringList()
        minutes = try reader.optionalInt()
    }
}

/// What facts add to (or, counted with the sign -1, take from) the `insight_*` counters of one
/// user, summed in memory and written by `write` as one upsert per counter row.
///
/// The counters, per user and year (0: all time) and, for `insight_periods`, per month (0: the
/// whole year); a fact without a year counts for all time only:
/// - `insight_periods`: finished and abandoned reads, with their pages, ratings (and how many in
///   each star band), re-reads, days taken, and the minutes of the audiobooks finished;
/// - `insight_lengths`: finished reads by page count, for those with one;
/// - `insight_formats`: finished reads by format ("unknown" without one);
/// - `insight_authors`: finished reads by the work's first author;
/// - `insight_genres`: finished reads by genre, the key in ASCII lower case (as SQLite's `lower`)
///   and the name the smallest of the spellings counted (in UTF-8 byte order, as SQLite's `MIN`);
/// - `insight_groups`: books in the library and finished reads by the first author's
///   demographics and the languages read ('' for none, -1 for no marginalized override).
struct InsightCounterSums: Sendable {
    /// The counter tables.
    static let tables = [
        "insight_periods", "insight_lengths", "insight_formats", "insight_authors", "insight_genres", "insight_groups",
    ]

    struct Period: Hashable, Sendable {
        var year: Int
        var month: Int
    }

    struct PeriodSums: Sendable {
        var facts = 0
        var books = 0
        var pages = 0
        var pagedBooks = 0
        var ratingSum = 0.0
        var rated = 0
        /// Ratings up to 1, over 1 up to 2, … over 4 (`star1` … `star5`).
        var stars = Stars()
        var rereads = 0
        var daysSum = 0
        var timed = 0
        var abandoned = 0
        /// Minutes of the finished audiobooks with a length, and how many they are.
        var minutes = 0
        var listenedBooks = 0
    }

    struct Stars: Sendable {
        var upToOne = 0
        var upToTwo = 0
        var upToThree = 0
        var upToFour = 0
        var overFour = 0
    }

    struct Keyed<Key: Hashable & Sendable>: Hashable, Sendable {
        var year: Int
        var key: Key
    }

    struct Group: Hashable, Sendable {
        var kind: Int
        var year: Int
        var gender: String
        var region: String
        var nationality: String
        var marginalizedOverride: Int
        var originalLanguage: String
        var editionLanguage: String
        var translated: Bool
    }

    private(set) var periods: [Period: PeriodSums] = [:]
    private(set) var lengths: [Keyed<Int>: Int] = [:]
    private(set) var formats: [Keyed<String>: Int] = [:]
    private(set) var authors: [Keyed<Author.ID>: Int] = [:]
    private(set) var genres: [Keyed<String>: (facts: Int, name: String)] = [:]
    private(set) var groups: [Group: Int] = [:]

    var isEmpty: Bool {
        periods.isEmpty && lengths.isEmpty && formats.isEmpty && authors.isEmpty && genres.isEmpty && groups.isEmpty
    }

    /// Counts one fact, `sign` times (1 to add it, -1 to take it out).
    mutating func add(_ fact: CountedFact, sign: Int = 1) {
        let isRead = fact.kind == InsightFact.Kind.read.rawValue
        if isRead || fact.kind == InsightFact.Kind.abandoned.rawValue {
            periods[Period(year: 0, month: 0), default: PeriodSums()].add(fact, sign: sign)
            if fact.year > 0 {
                periods[Period(year: fact.year, month: 0), default: PeriodSums()].add(fact, sign: sign)
                periods[Period(year: fact.year, month: fact.month), default: PeriodSums()].add(fact, sign: sign)
            }
        }
        // All time, and the fact's year when it has one.
        addInYear(0, fact, isRead: isRead, sign: sign)
        if fact.year > 0 { addInYear(fact.year, fact, isRead: isRead, sign: sign) }
    }

    /// Counts a fact in the year-keyed counters for `year`.
    private mutating func addInYear(_ year: Int, _ fact: CountedFact, isRead: Bool, sign: Int) {
        if isRead {
            if let pages = fact.pages { lengths[Keyed(year: year, key: pages), default: 0] += sign }
            formats[Keyed(year: year, key: fact.format ?? "unknown"), default: 0] += sign
            if let authorID = fact.authorID { authors[Keyed(year: year, key: authorID), default: 0] += sign }
            for genre in fact.genres {
                let key = Keyed(year: year, key: Self.asciiLowercased(genre))
                if let counted = genres[key] {
                    genres[key] = (counted.facts + sign, Self.utf8Precedes(genre, counted.name) ? genre : counted.name)
                } else {
                    genres[key] = (sign, genre)
                }
            }
        }
        guard isRead || fact.kind == InsightFact.Kind.inLibrary.rawValue else { return }
        let group = Group(
            kind: fact.kind, year: year, gender: fact.gender ?? "", region: fact.region ?? "",
            nationality: fact.nationality ?? "", marginalizedOverride: fact.marginalizedOverride.map { $0 ? 1 : 0 } ?? -1,
            originalLanguage: fact.originalLanguage ?? "", editionLanguage: fact.editionLanguage ?? "",
            translated: fact.translated)
        groups[group, default: 0] += sign
    }

    /// Counts each of `facts`, `sign` times.
    mutating func add(_ facts: [InsightFact], sign: Int = 1) {
        for fact in facts { add(CountedFact(fact), sign: sign) }
    }

    /// Adds what `other` summed.
    mutating func add(_ other: InsightCounterSums) {
        for (period, sums) in other.periods { periods[period, default: PeriodSums()].add(sums) }
        for (keyed, facts) in other.lengths { lengths[keyed, default: 0] += facts }
        for (keyed, facts) in other.formats { formats[keyed, default: 0] += facts }
        for (keyed, facts) in other.authors { authors[keyed, default: 0] += facts }
        for (keyed, counted) in other.genres {
            if let mine = genres[keyed] {
                genres[keyed] = (mine.facts + counted.facts, Self.utf8Precedes(counted.name, mine.name) ? counted.name : mine.name)
            } else {
                genres[keyed] = counted
            }
        }
        for (group, facts) in other.groups { groups[group, default: 0] += facts }
    }

    /// Adds the sums to the user's counter rows (a row met for the first time is inserted), and
    /// starts over. Rows left counting nothing are deleted by `dropEmpty`.
    mutating func write(_ db: Database, user: Int64) throws {
        try Self.write(periods, db, user: user, into: "insight_periods", keys: ["year", "month"], sums: [
            "books", "pages", "pagedBooks", "ratingSum", "rated", "star1", "star2", "star3", "star4", "star5", "rereads", "daysSum",
            "timed", "abandoned", "minutes", "listenedBooks",
        ]) { row, inserter in
            let sums = row.value
            inserter.bind(row.key.year)
            inserter.bind(row.key.month)
            inserter.bind(sums.facts)
            inserter.bind(sums.books)
            inserter.bind(sums.pages)
            inserter.bind(sums.pagedBooks)
            inserter.bind(sums.ratingSum)
            inserter.bind(sums.rated)
            inserter.bind(sums.stars.upToOne)
            inserter.bind(sums.stars.upToTwo)
            inserter.bind(sums.stars.upToThree)
            inserter.bind(sums.stars.upToFour)
            inserter.bind(sums.stars.overFour)
            inserter.bind(sums.rereads)
            inserter.bind(sums.daysSum)
            inserter.bind(sums.timed)
            inserter.bind(sums.abandoned)
            inserter.bind(sums.minutes)
            inserter.bind(sums.listenedBooks)
        }
        try Self.write(lengths, db, user: user, into: "insight_lengths", keys: ["year", "pages"]) { row, inserter in
            inserter.bind(row.key.year)
            inserter.bind(row.key.key)
            inserter.bind(row.value)
        }
        try Self.write(formats, db, user: user, into: "insight_formats", keys: ["year", "format"]) { row, inserter in
            inserter.bind(row.key.year)
            inserter.bind(row.key.key)
            inserter.bind(row.value)
        }
        try Self.write(authors, db, user: user, into: "insight_authors", keys: ["year", "authorID"]) { row, inserter in
            inserter.bind(row.key.year)
            inserter.bind(row.key.key)
            inserter.bind(row.value)
        }
        try Self.write(genres, db, user: user, into: "insight_genres", keys: ["year", "genreKey"], label: "name") { row, inserter in
            inserter.bind(row.key.year)
            inserter.bind(row.key.key)
            inserter.bind(row.value.facts)
            inserter.bind(row.value.name)
        }
        try Self.write(groups, db, user: user, into: "insight_groups", keys: [
            "kind", "year", "gender", "region", "nationality", "marginalizedOverride", "originalLanguage", "editionLanguage",
            "translated",
        ]) { row, inserter in
            let group = row.key
            inserter.bind(group.kind)
            inserter.bind(group.year)
            inserter.bind(group.gender)
            inserter.bind(group.region)
            inserter.bind(group.nationality)
            inserter.bind(group.marginalizedOverride)
            inserter.bind(group.originalLanguage)
            inserter.bind(group.editionLanguage)
            inserter.bind(group.translated)
            inserter.bind(row.value)
        }
        self = InsightCounterSums()
    }

    /// Upserts one counter row of `table` per element of `rows`: the user, then what `bind` binds
    /// (the keys, `facts`, the sums and the label, in that order; see `upsert`).
    private static func write<Row>(
        _ rows: some Sequence<Row>, _ db: Database, user: Int64, into table: String, keys: [String], sums: [String] = [],
        label: String? = nil, bind: (Row, inout RowInserter) -> Void
    ) throws {
        var inserter = try RowInserter(db, sql: upsert(table, keys: keys, sums: sums, label: label))
        for row in rows {
            inserter.begin()
            inserter.bind(user)
            bind(row, &inserter)
            try inserter.run()
        }
    }

    /// Deletes the user's counter rows that count no fact any more.
    static func dropEmpty(_ db: Database, user: Int64) throws {
        for table in tables {
            try SQLiteLibraryStore.execute(db, "DELETE FROM \(table) WHERE userKey = ? AND facts <= 0", [user])
        }
    }

    /// The upsert of one counter row: its key columns after the user, `facts`, the summed columns
    /// and the label, which keeps the smallest value.
    private static func upsert(_ table: String, keys: [String], sums: [String] = [], label: String? = nil) -> String {
        let columns = ["userKey"] + keys + ["facts"] + sums + (label.map { [$0] } ?? [])
        let updates = (["facts"] + sums).map { "\($0) = \($0) + excluded.\($0)" } + (label.map { ["\($0) = MIN(\($0), excluded.\($0))"] } ?? [])
        return """
            INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(SQLText.placeholders(columns.count)))
            ON CONFLICT (\((["userKey"] + keys).joined(separator: ", "))) DO UPDATE SET \(updates.joined(separator: ", "))
            """
    }

    /// `text` with ASCII letters in lower case and every other character as it is, as SQLite's `lower`.
    static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { (65...90).contains($0) }) else { return text }
        return String(decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Whether `one` comes before `other` in UTF-8 byte order, as SQLite's BINARY collation has it.
    static func utf8Precedes(_ one: String, _ other: String) -> Bool {
        one.utf8.lexicographicallyPrecedes(other.utf8)
    }
}

extension InsightCounterSums.PeriodSums {
    mutating func add(_ other: Self) {
        facts += other.facts
        books += other.books
        pages += other.pages
        pagedBooks += other.pagedBooks
        ratingSum += other.ratingSum
        rated += other.rated
        stars.upToOne += other.stars.upToOne
        stars.upToTwo += other.stars.upToTwo
        stars.upToThree += other.stars.upToThree
        stars.upToFour += other.stars.upToFour
        stars.overFour += other.stars.overFour
        rereads += other.rereads
        daysSum += other.daysSum
        timed += other.timed
        abandoned += other.abandoned
        minutes += other.minutes
        listenedBooks += other.listenedBooks
    }

    mutating func add(_ fact: CountedFact, sign: Int) {
        let isRead = fact.kind == InsightFact.Kind.read.rawValue
        facts += sign
        if isRead {
            books += sign
            if let pages = fact.pages {
                self.pages += sign * pages
                pagedBooks += sign
            }
            if let minutes = fact.minutes {
                self.minutes += sign * minutes
                listenedBooks += sign
            }
        }
        if let rating = fact.rating {
            ratingSum += Double(sign) * rating
            rated += sign
            if rating <= 1 {
                stars.upToOne += sign
            } else if rating <= 2 {
                stars.upToTwo += sign
            } else if rating <= 3 {
                stars.upToThree += sign
            } else if rating <= 4 {
                stars.upToFour += sign
            } else {
                stars.overFour += sign
            }
        }
        if fact.isReread { rereads += sign }
        if let days = fact.days {
            daysSum += sign * days
            timed += sign
        }
        if fact.kind == InsightFact.Kind.abandoned.rawValue { abandoned += sign }
    }
}
