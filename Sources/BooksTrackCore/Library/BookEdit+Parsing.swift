import Foundation

// The one reading of what a reader typed or sent for a field of a book: the terminal's flags and the
// web app's form give text (`set(_:text:)`), the API's merge patch gives JSON values
// (`init(mergePatch:)`), and both go through the same checks of each value.

extension BookEdit {
    /// Sets `field` from the text a reader typed. Empty text clears the field (a title cannot be
    /// cleared); a list field is replaced by the items of the text (one per line; on one line,
    /// separated by commas, people by semicolons, each "Name" or "Name (role)").
    public mutating func set(_ field: BookField, text: String) throws(LibraryError) {
        let trimmed = TextCleaning.paragraphs(text).trimmingWhitespace()
        if field.isList {
            try setList(field, items: Self.items(of: trimmed, for: field), mode: .replace)
        } else if trimmed.isEmpty {
            try clear(field)
        } else {
            try setValue(field, text: trimmed)
        }
    }

    /// Adds the items of `text` to a list field (`--add-genre`, `--add-author`).
    public mutating func add(_ field: BookField, text: String) throws(LibraryError) {
        try setList(field, items: Self.items(of: TextCleaning.paragraphs(text).trimmingWhitespace(), for: field), mode: .add)
    }

    /// Removes the items of `text` from a list field (`--remove-genre`, `--remove-author`).
    public mutating func remove(_ field: BookField, text: String) throws(LibraryError) {
        try setList(field, items: Self.items(of: TextCleaning.paragraphs(text).trimmingWhitespace(), for: field), mode: .remove)
    }

    /// Sets the series from "Earthsea #2", "Earthsea #1-3" or "Earthsea" (name only, position cleared).
    public mutating func setSeries(text: String) throws(LibraryError) {
        let trimmed = TextCleaning.line(text).trimmingWhitespace()
        guard !trimmed.isEmpty else {
            (seriesName, seriesPosition, seriesPositionEnd) = (.clear, .clear, .clear)
            return
        }
        if let hash = trimmed.lastIndex(of: "#") {
            let name = trimmed[..<hash].trimmingWhitespace()
            guard !name.isEmpty else { throw Self.invalid(.seriesName, trimmed, "a series name before #") }
            try setValue(.seriesName, text: name)
            try setValue(.seriesPosition, text: String(trimmed[trimmed.index(after: hash)...]))
        } else {
            try setValue(.seriesName, text: trimmed)
            (seriesPosition, seriesPositionEnd) = (.clear, .clear)
        }
    }

    private enum ListMode { case replace, add, remove }

    /// The items of a list as typed: one per line; on one line, separated by semicolons (people)
    /// or commas (other lists), so that an item with a comma ("Hugo Award, Best Novel") is kept
    /// whole when it has a line of its own.
    private static func items(of text: String, for field: BookField) -> [String] {
        let separators: Set<Character> = text.contains(where: \.isNewline) ? ["\n", "\r\n", "\r"] : field == .authors ? [";"] : [","]
        return text.split(whereSeparator: { separators.contains($0) }).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    private mutating func setList(_ field: BookField, items: [String], mode: ListMode) throws(LibraryError) {
        func change<T>(_ list: inout ListChange<T>?, _ values: [T]) {
            var edited = list ?? ListChange()
            switch mode {
            case .replace: edited.replacement = values
            case .add: edited.added += values
            case .remove: edited.removed += values
            }
            list = edited
        }
        switch field {
        case .authors:
            var people: [Contributor] = []
            for item in items { people.append(try Self.person(item)) }
            change(&self.people, people)
        case .isbns:
            var isbns: [ISBN] = []
            for item in items { isbns.append(try Self.isbn(item)) }
            change(&self.isbns, isbns)
        case .genres: change(&genres, try Self.texts(items, field: field, limit: Self.listItemLimit))
        case .culturalThemes: change(&culturalThemes, try Self.texts(items, field: field, limit: Self.listItemLimit))
        case .contentWarnings: change(&contentWarnings, try Self.texts(items, field: field, limit: Self.listItemLimit))
        case .awards: change(&awards, try Self.texts(items, field: field, limit: Self.listItemLimit))
        case .tags:
            var tags: [String] = []
            for item in items { tags.append(try Validation.tag(item)) }
            change(&self.tags, tags)
        default:
            throw .invalid(.notValid(field: field.rawValue, value: items.joined(separator: ", "), expected: "one value, not a list"))
        }
    }

    /// Clears `field`; a field that must have a value is refused.
    public mutating func clear(_ field: BookField) throws(LibraryError) {
        switch field {
        case .title, .status, .dateAdded:
            throw .invalid(.empty(field: field.rawValue))
        case .owned: owned = false
        case .isFavorite: isFavorite = false
        case .isPublic: isPublic = false
        case .reviewHasSpoilers: reviewHasSpoilers = false
        case .contributesToCulturalGoal: contributesToCulturalGoal = false
        case .authors: people = .replace([])
        case .genres: genres = .replace([])
        case .culturalThemes: culturalThemes = .replace([])
        case .contentWarnings: contentWarnings = .replace([])
        case .awards: awards = .replace([])
        case .isbns: isbns = .replace([])
        case .tags: tags = .replace([])
        case .subtitle: subtitle = .clear
        case .seriesName: seriesName = .clear
        case .seriesPosition: (seriesPosition, seriesPositionEnd) = (.clear, .clear)
        case .seriesPositionEnd: seriesPositionEnd = .clear
        case .firstPublicationYear: firstPublicationYear = .clear
        case .originalCountry: originalCountry = .clear
        case .originalLanguage: originalLanguage = .clear
        case .description: description = .clear
        case .readingDifficulty: readingDifficulty = .clear
        case .publisher: publisher = .clear
        case .publicationDate: publicationDate = .clear
        case .pageCount: pageCount = .clear
        case .format: format = .clear
        case .language: language = .clear
        case .editionTitle: editionTitle = .clear
        case .translator: translator = .clear
        case .narrator: narrator = .clear
        case .audioDurationMinutes: audioDurationMinutes = .clear
        case .coverImageURL: coverImageURL = .clear
        case .rating: rating = .clear
        case .review: review = .clear
        case .notes: notes = .clear
        case .discussionNotes: discussionNotes = .clear
        case .recommendedBy: recommendedBy = .clear
        case .wouldRecommend: wouldRecommend = .clear
        case .culturalGoalCategory: culturalGoalCategory = .clear
        case .dailyReadingGoal: dailyReadingGoal = .clear
        case .dateStarted: dateStarted = .clear
        case .dateCompleted: dateCompleted = .clear
        case .dateStopped: dateStopped = .clear
        }
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func setValue(_ field: BookField, text: String) throws(LibraryError) {
        switch field {
        case .title: title = try Validation.requiredText(TextCleaning.line(text), field: "title", limit: Work.titleLimit)
        case .subtitle: subtitle = .set(try Self.line(text, field: field, limit: Work.titleLimit))
        case .seriesName: seriesName = .set(try Self.line(text, field: field, limit: Work.titleLimit))
        case .seriesPosition:
            // "2", "1.5" or a range "1-3".
            let parts = text.split(whereSeparator: { $0 == "-" || $0 == "–" }).map { $0.trimmingWhitespace() }
            guard (1...2).contains(parts.count), let start = Double(parts[0]), start.isFinite, start >= 0, start <= Self.seriesPositionLimit else {
                throw Self.invalid(field, text, "a number of 0 or more, or a range like 1-3")
            }
            seriesPosition = .set(start)
            if parts.count == 2 {
                guard let end = Double(parts[1]), end.isFinite, end > start, end <= Self.seriesPositionLimit else {
                    throw Self.invalid(field, text, "a range whose end is after its start, like 1-3")
                }
                seriesPositionEnd = .set(end)
            } else {
                seriesPositionEnd = .clear
            }
        case .seriesPositionEnd:
            guard let end = Double(text), end.isFinite, end >= 0, end <= Self.seriesPositionLimit else {
                throw Self.invalid(field, text, "a number after the series position")
            }
            seriesPositionEnd = .set(end)
        case .firstPublicationYear: firstPublicationYear = .set(try Self.year(text, field: field))
        case .originalCountry: originalCountry = .set(try Self.country(text))
        case .originalLanguage: originalLanguage = .set(try Self.language(text, field: field))
        case .description:
            description = .set(try Validation.requiredText(text, field: field.rawValue, limit: Work.descriptionLimit))
        case .readingDifficulty:
            guard let difficulty = ReadingDifficulty(rawValue: text.lowercased()) else {
                throw Self.invalid(field, text, ReadingDifficulty.allCases.map(\.rawValue).joined(separator: ", "))
            }
            readingDifficulty = .set(difficulty)
        case .publisher: publisher = .set(try Self.line(text, field: field, limit: Self.nameLimit))
        case .publicationDate:
            guard let date = PartialDate(parsing: text) else {
                throw Self.invalid(field, text, "a year, a year and month, or a day: 1969, 1969-03, 1969-03-01, -700")
            }
            publicationDate = .set(date)
        case .pageCount: pageCount = .set(try Self.number(text, field: field, in: Bounds.pageCount))
        case .format:
            guard let format = EditionFormat(rawValue: text) ?? EditionFormat(parsingBinding: text) else {
                throw Self.invalid(field, text, EditionFormat.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self.format = .set(format)
        case .language: language = .set(try Self.language(text, field: field))
        case .editionTitle: editionTitle = .set(try Self.line(text, field: field, limit: Work.titleLimit))
        case .translator: translator = .set(try Self.line(text, field: field, limit: Self.nameLimit))
        case .narrator: narrator = .set(try Self.line(text, field: field, limit: Self.nameLimit))
        case .audioDurationMinutes: audioDurationMinutes = .set(try Self.number(text, field: field, in: Bounds.audioMinutes))
        case .coverImageURL: coverImageURL = .set(try Self.coverURL(text))
        case .status:
            guard let status = ReadingStatus(parsing: text) else {
                throw Self.invalid(field, text, ReadingStatus.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self.status = status
        case .owned: owned = try Self.flag(text, field: field)
        case .rating:
            guard let value = Double(text), let rating = try Validation.rating(value) else {
                throw Self.invalid(field, text, "0.25–5 in quarter steps")
            }
            self.rating = .set(rating)
        case .review: review = .set(try Validation.requiredText(text, field: field.rawValue, limit: LibraryEntry.reviewLimit))
        case .reviewHasSpoilers: reviewHasSpoilers = try Self.flag(text, field: field)
        case .notes: notes = .set(try Validation.requiredText(text, field: field.rawValue, limit: LibraryEntry.notesLimit))
        case .discussionNotes:
            discussionNotes = .set(try Validation.requiredText(text, field: field.rawValue, limit: LibraryEntry.notesLimit))
        case .isFavorite: isFavorite = try Self.flag(text, field: field)
        case .isPublic: isPublic = try Self.flag(text, field: field)
        case .recommendedBy: recommendedBy = .set(try Self.line(text, field: field, limit: Self.nameLimit))
        case .wouldRecommend: wouldRecommend = .set(try Self.flag(text, field: field))
        case .contributesToCulturalGoal: contributesToCulturalGoal = try Self.flag(text, field: field)
        case .culturalGoalCategory: culturalGoalCategory = .set(try Self.line(text, field: field, limit: Self.listItemLimit))
        case .dailyReadingGoal: dailyReadingGoal = .set(try Self.number(text, field: field, in: Bounds.dailyPages))
        case .dateAdded: dateAdded = try Self.date(text, field: field)
        case .dateStarted: dateStarted = .set(try Self.date(text, field: field))
        case .dateCompleted: dateCompleted = .set(try Self.date(text, field: field))
        case .dateStopped: dateStopped = .set(try Self.date(text, field: field))
        case .authors, .genres, .culturalThemes, .contentWarnings, .awards, .isbns, .tags:
            try setList(field, items: Self.items(of: text, for: field), mode: .replace)
        }
    }

    // MARK: Values

    /// Longest name accepted (a publisher, a translator, whoever recommended the book).
    public static let nameLimit = 256
    /// Longest item of a list accepted (a genre, a theme, an award).
    public static let listItemLimit = 128
    /// Longest cover address accepted.
    public static let coverURLLimit = 2_048
    /// The highest series position accepted.
    static let seriesPositionLimit = 100_000.0

    static func invalid(_ field: BookField, _ text: String, _ allowed: String) -> LibraryError {
        .invalid(.notValid(field: field.rawValue, value: String(text.prefix(80)), expected: allowed))
    }

    private static func line(_ text: String, field: BookField, limit: Int) throws(LibraryError) -> String {
        try Validation.requiredText(TextCleaning.line(text), field: field.rawValue, limit: limit)
    }

    private static func texts(_ items: [String], field: BookField, limit: Int) throws(LibraryError) -> [String] {
        var texts: [String] = []
        for item in items { texts.append(try line(item, field: field, limit: limit)) }
        return texts
    }

    private static func number(_ text: String, field: BookField, in range: ClosedRange<Int>) throws(LibraryError) -> Int {
        guard let value = Int(text.trimmingWhitespace()), range.contains(value) else {
            throw invalid(field, text, "a whole number from \(NumberText.grouped(range.lowerBound)) to \(NumberText.grouped(range.upperBound))")
        }
        return value
    }

    private static func year(_ text: String, field: BookField) throws(LibraryError) -> Int {
        if let year = Int(text), Bounds.year.contains(year) { return year }
        if let date = PartialDate(parsing: text) { return date.year }
        throw invalid(field, text, "a year from -9,999 to 9,999 (-700 is 700 BCE)")
    }

    private static func flag(_ text: String, field: BookField) throws(LibraryError) -> Bool {
        switch text.lowercased() {
        case "yes", "true", "on", "1", "y": return true
        case "no", "false", "off", "0", "n": return false
        default: throw invalid(field, text, "yes or no")
        }
    }

    /// A BCP 47 tag ("en", "pt-BR"), or an ISO 639-2 code or English name it stands for ("eng").
    private static func language(_ text: String, field: BookField) throws(LibraryError) -> String {
        if let tag = ISO639.languageTag(text) { return tag }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count <= 35, let first = parts.first, (2...3).contains(first.count),
            parts.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else {
            throw invalid(field, text, "a language tag like en, fr or pt-BR")
        }
        return text
    }

    /// An ISO 3166 alpha-2 code, upper case ("NG"), or a country's name as typed.
    private static func country(_ text: String) throws(LibraryError) -> String {
        if text.count == 2, CountryRegions.isKnownCountryCode(text.uppercased()) { return text.uppercased() }
        guard text.count > 2 else { throw invalid(.originalCountry, text, "an ISO 3166 country code like NG, or a country's name") }
        return try line(text, field: .originalCountry, limit: listItemLimit)
    }

    private static func isbn(_ text: String) throws(LibraryError) -> ISBN {
        do {
            return try ISBN(parsing: text)
        } catch {
            throw .invalid(.notValid(field: "isbns", value: String(text.prefix(40)), expected: "a valid ISBN (\(error))"))
        }
    }

    private static func person(_ text: String) throws(LibraryError) -> Contributor {
        let person = Contributor(label: text) ?? Contributor(name: text, role: "author")
        _ = try line(person.name, field: .authors, limit: nameLimit)
        _ = try line(person.role, field: .authors, limit: 64)
        return person
    }

    /// An https address with a host, at most `coverURLLimit` characters: the cover proxy fetches it.
    static func coverURL(_ text: String) throws(LibraryError) -> URL {
        guard text.count <= coverURLLimit, let url = URL(string: text), url.scheme?.lowercased() == "https",
            let host = url.host, !host.isEmpty
        else {
            throw invalid(.coverImageURL, text, "an https:// address of an image")
        }
        return url
    }

    /// A day ("2024-03-05", midnight UTC) or an ISO 8601 date and time.
    private static func date(_ text: String, field: BookField) throws(LibraryError) -> Date {
        if let date = ISO8601Text.date(text) { return date }
        if let day = PartialDate(parsing: text), day.day != nil, day.year > 0 { return day.date() }
        throw invalid(field, text, "a day like 2024-03-05, or a date and time like 2024-03-05T20:00:00Z")
    }
}

/// A JSON value of a merge patch (RFC 7396), kept as sent so that null (clear the field) and a
/// missing member (leave it) stay apart.
public enum MergePatchValue: Decodable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([MergePatchValue])
    case object([String: MergePatchValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([MergePatchValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: MergePatchValue].self))
        }
    }
}

extension BookEdit {
    /// Reads a JSON merge patch of a book: each member names a `BookField` and gives its new value,
    /// null to clear it. Numbers are numbers, flags are booleans, lists are arrays (replaced
    /// whole), dates are ISO 8601 text, and people are "Name (role)" texts or `{"name", "role"}`
    /// objects. A member that names no field is refused, so a misspelt field is not lost quietly.
    public init(mergePatch members: [String: MergePatchValue]) throws(LibraryError) {
        self.init()
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            guard let field = BookField(rawValue: name) else {
                throw .invalid(.outOfRange(field: String(name.prefix(64)), value: "", allowed: "one of "
                    + BookField.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            try set(field, json: value)
        }
    }

    private mutating func set(_ field: BookField, json value: MergePatchValue) throws(LibraryError) {
        switch value {
        case .null:
            try clear(field)
        case .array(let items) where field.isList:
            var texts: [String] = []
            for item in items { texts.append(try Self.listItem(item, field: field)) }
            try setList(field, items: texts, mode: .replace)
        case .string(let text) where !field.isList && !Self.jsonNumberFields.contains(field) && !Self.jsonFlagFields.contains(field):
            try Self.checkExactForm(text, field: field)
            let trimmed = TextCleaning.paragraphs(text).trimmingWhitespace()
            if trimmed.isEmpty { try clear(field) } else { try setValue(field, text: trimmed) }
        case .number(let number) where Self.jsonNumberFields.contains(field):
            // Whole numbers are written without a fraction, so that the text checks read them.
            let text = number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
            guard number.isFinite else { throw Self.invalid(field, String(number), "a number") }
            try setValue(field, text: text)
        case .bool(let flag) where Self.jsonFlagFields.contains(field):
            try setValue(field, text: flag ? "true" : "false")
        default:
            throw Self.invalid(field, Self.kind(of: value), Self.expectedKind(of: field))
        }
    }

    /// A program sends the exact form of a name or an address, where a person may type another
    /// that reads the same: a status, a format and a difficulty by their names, a language by its
    /// tag, a cover by its https address (ASCII), dates as ISO 8601 text.
    private static func checkExactForm(_ text: String, field: BookField) throws(LibraryError) {
        let exact: Bool
        switch field {
        case .status: exact = ReadingStatus(rawValue: text) != nil
        case .format: exact = text.isEmpty || EditionFormat(rawValue: text) != nil
        case .readingDifficulty: exact = text.isEmpty || ReadingDifficulty(rawValue: text) != nil
        case .language, .originalLanguage: exact = text.isEmpty || text.wholeMatch(of: languageTagForm) != nil
        case .coverImageURL: exact = text.isEmpty || (text.count <= coverURLLimit && text.wholeMatch(of: coverURLForm) != nil)
        case .dateAdded, .dateStarted, .dateCompleted, .dateStopped:
            exact = (field != .dateAdded && text.isEmpty) || text.wholeMatch(of: dayForm) != nil || ISO8601Text.date(text) != nil
        default: exact = true
        }
        guard exact else { throw invalid(field, text, expectedForm(of: field)) }
    }

    private static func expectedForm(of field: BookField) -> String {
        switch field {
        case .status: ReadingStatus.allCases.map(\.rawValue).joined(separator: ", ")
        case .format: EditionFormat.allCases.map(\.rawValue).joined(separator: ", ")
        case .readingDifficulty: ReadingDifficulty.allCases.map(\.rawValue).joined(separator: ", ")
        case .language, .originalLanguage: "a language tag like en, fr or pt-BR"
        case .coverImageURL: "an https:// address of an image"
        default: "a day like 2024-03-05, or a date and time like 2024-03-05T20:00:00Z"
        }
    }

    nonisolated(unsafe) private static let languageTagForm = #/[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}/#
    nonisolated(unsafe) private static let coverURLForm = #/https://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]*)?/#
    nonisolated(unsafe) private static let dayForm = #/[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])/#

    private static let jsonNumberFields: Set<BookField> = [
        .seriesPosition, .seriesPositionEnd, .firstPublicationYear, .pageCount, .audioDurationMinutes, .rating, .dailyReadingGoal,
    ]
    private static let jsonFlagFields: Set<BookField> = [
        .owned, .reviewHasSpoilers, .isFavorite, .isPublic, .wouldRecommend, .contributesToCulturalGoal,
    ]

    private static func listItem(_ value: MergePatchValue, field: BookField) throws(LibraryError) -> String {
        switch value {
        case .string(let text): return text
        case .object(let members) where field == .authors:
            guard case .string(let name)? = members["name"] else { throw invalid(field, "an object", "people with a name") }
            var role = "author"
            if case .string(let given)? = members["role"] { role = given }
            guard members.keys.allSatisfy({ $0 == "name" || $0 == "role" }) else {
                throw invalid(field, "an object", "people as {\"name\", \"role\"}")
            }
            return Contributor(name: name, role: role.isEmpty ? "author" : role).label
        default:
            throw invalid(field, kind(of: value), expectedKind(of: field))
        }
    }

    private static func kind(of value: MergePatchValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "text"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private static func expectedKind(of field: BookField) -> String {
        if field == .authors { return "an array of names or {\"name\", \"role\"} objects, or null" }
        if field.isList { return "an array of texts, or null" }
        if jsonNumberFields.contains(field) { return "a number, or null" }
        if jsonFlagFields.contains(field) { return "true or false" }
        return "text, or null"
    }
}
