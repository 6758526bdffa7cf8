import Foundation

/// A field of an author a reader can edit, by the name the API, the terminal and the web form give it.
public enum AuthorField: String, CaseIterable, Hashable, Sendable {
    case name, sortName, gender, culturalRegion, nationality, ethnicity, birthYear, deathYear, marginalizedVoiceOverride
}

/// What a reader changes of one author in one edit; each field left nil is left as it is.
public struct AuthorEdit: Hashable, Sendable {
    public var name: String?
    public var sortName: FieldChange<String>?
    /// Clearing the gender makes it unknown.
    public var gender: FieldChange<AuthorGender>?
    public var culturalRegion: FieldChange<CulturalRegion>?
    /// An ISO 3166 alpha-2 code, upper case.
    public var nationality: FieldChange<String>?
    public var ethnicity: FieldChange<String>?
    public var birthYear: FieldChange<Int>?
    public var deathYear: FieldChange<Int>?
    /// The reader's answer to "a marginalized voice?"; clearing it goes back to the rule.
    public var marginalizedVoiceOverride: FieldChange<Bool>?

    /// An edit that changes nothing yet.
    public init() {}

    /// True when the edit changes nothing.
    public var isEmpty: Bool { self == AuthorEdit() }

    /// Sets `field` from what a reader typed; empty text clears it (a name cannot be cleared).
    /// Gender, region and the marginalized answer take their names ("nonBinary", "middleEast",
    /// "yes"/"no"/"auto"), a nationality its country code, years whole numbers (-700 is 700 BCE).
    public mutating func set(_ field: AuthorField, text: String) throws(LibraryError) {
        let value = TextCleaning.line(text).trimmingWhitespace()
        if value.isEmpty {
            switch field {
            case .name: throw .invalid(.empty(field: "name"))
            case .sortName: sortName = .clear
            case .gender: gender = .clear
            case .culturalRegion: culturalRegion = .clear
            case .nationality: nationality = .clear
            case .ethnicity: ethnicity = .clear
            case .birthYear: birthYear = .clear
            case .deathYear: deathYear = .clear
            case .marginalizedVoiceOverride: marginalizedVoiceOverride = .clear
            }
            return
        }
        switch field {
        case .name: name = try Validation.requiredText(value, field: "name", limit: BookEdit.nameLimit)
        case .sortName: sortName = .set(try Validation.requiredText(value, field: "sortName", limit: BookEdit.nameLimit))
        case .gender:
            guard let gender = AuthorGender.allCases.first(where: { $0.rawValue.lowercased() == value.lowercased() }) else {
                throw Self.invalid(field, value, AuthorGender.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self.gender = .set(gender)
        case .culturalRegion:
            guard let region = CulturalRegion.allCases.first(where: { $0.rawValue.lowercased() == value.lowercased() }) else {
                throw Self.invalid(field, value, CulturalRegion.allCases.map(\.rawValue).joined(separator: ", "))
            }
            culturalRegion = .set(region)
        case .nationality:
            guard value.count == 2, CountryRegions.isKnownCountryCode(value.uppercased()) else {
                throw Self.invalid(field, value, "an ISO 3166 country code such as US, NG or JP")
            }
            nationality = .set(value.uppercased())
        case .ethnicity: ethnicity = .set(try Validation.requiredText(value, field: "ethnicity", limit: BookEdit.listItemLimit))
        case .birthYear: birthYear = .set(try Self.year(value, field: field))
        case .deathYear: deathYear = .set(try Self.year(value, field: field))
        case .marginalizedVoiceOverride:
            switch value.lowercased() {
            case "yes", "true": marginalizedVoiceOverride = .set(true)
            case "no", "false": marginalizedVoiceOverride = .set(false)
            case "auto": marginalizedVoiceOverride = .clear
            default: throw Self.invalid(field, value, "yes, no or auto")
            }
        }
    }

    /// Reads a JSON merge patch of an author: each member names an `AuthorField`, null clears it;
    /// years are numbers, the marginalized answer a boolean, the rest text.
    public init(mergePatch members: [String: MergePatchValue]) throws(LibraryError) {
        self.init()
        guard !members.isEmpty else { throw .invalid(.empty(field: "an author's field")) }
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            guard let field = AuthorField(rawValue: name) else {
                throw .invalid(.outOfRange(field: String(name.prefix(64)), value: "", allowed: "one of "
                    + AuthorField.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            switch (field, value) {
            case (_, .null): try set(field, text: "")
            case (.birthYear, .number(let year)), (.deathYear, .number(let year)):
                guard year.isFinite, year.rounded() == year, abs(year) < 1e15 else { throw Self.invalid(field, String(year), "a whole year") }
                try set(field, text: String(Int(year)))
            case (.marginalizedVoiceOverride, .bool(let flag)): marginalizedVoiceOverride = .set(flag)
            case (.name, .string(let text)), (.sortName, .string(let text)), (.ethnicity, .string(let text)):
                try set(field, text: text)
            case (.gender, .string(let text)) where AuthorGender(rawValue: text) != nil: try set(field, text: text)
            case (.culturalRegion, .string(let text)) where CulturalRegion(rawValue: text) != nil: try set(field, text: text)
            case (.nationality, .string(let text)) where text.count == 2: try set(field, text: text)
            default: throw Self.invalid(field, "", "another kind of value")
            }
        }
    }

    private static func invalid(_ field: AuthorField, _ text: String, _ allowed: String) -> LibraryError {
        .invalid(.notValid(field: field.rawValue, value: String(text.prefix(80)), expected: allowed))
    }

    private static func year(_ text: String, field: AuthorField) throws(LibraryError) -> Int {
        guard let year = Int(text), Bounds.year.contains(year) else {
            throw invalid(field, text, "a year from -9,999 to 9,999 (-700 is 700 BCE)")
        }
        return year
    }
}

extension Author {
    /// Applies a reader's edit; checks the author's limits (a death after the birth) before it
    /// changes anything.
    public mutating func apply(_ edit: AuthorEdit, now: Date) throws(LibraryError) {
        var author = self
        if let name = edit.name { author.name = name }
        if let change = edit.sortName { author.sortName = change.value }
        if let change = edit.gender { author.gender = change.value ?? .unknown }
        if let change = edit.culturalRegion { author.culturalRegion = change.value }
        if let change = edit.nationality { author.nationality = change.value }
        if let change = edit.ethnicity { author.ethnicity = change.value }
        if let change = edit.birthYear { author.birthYear = change.value }
        if let change = edit.deathYear { author.deathYear = change.value }
        if let change = edit.marginalizedVoiceOverride { author.marginalizedVoiceOverride = change.value }
        try Validation.validate(author)
        if author != self { author.lastModified = now }
        self = author
    }
}
