/// Whose voices a reader reads: shares of the books read, and of the whole library.
public struct Diversity: Codable, Hashable, Sendable {
    /// Finished reads in the period (each read of a re-read book counts).
    public var read: DiversityBreakdown
    /// Every book in the library, whatever its status or year.
    public var library: DiversityBreakdown

    public init(read: DiversityBreakdown, library: DiversityBreakdown) {
        self.read = read
        self.library = library
    }
}

/// Shares of a set of books by their primary author's gender, cultural region and nationality,
/// by the work's original language and by whether the reader's edition is a translation; the
/// marginalized-voices and indigenous-voices shares follow the author rules. "Unknown" is always
/// one of the shares, never left out of the percentages.
public struct DiversityBreakdown: Codable, Hashable, Sendable {
    public var books: Int
    public var gender: [Share]
    public var region: [Share]
    public var nationality: [Share]
    public var originalLanguage: [Share]
    public var translated: [Share]
    public var marginalized: [Share]
    public var indigenous: [Share]

    /// The breakdown of books described by `groups` (books with the same traits, counted).
    public init(groups: [DiversityGroup]) {
        var gender: [String: Int] = [:]
        var region: [String: Int] = [:]
        var nationality: [String: Int] = [:]
        var language: [String: Int] = [:]
        var translated: [String: Int] = [:]
        var marginalized: [String: Int] = [:]
        var indigenous: [String: Int] = [:]
        var books = 0
        for group in groups where group.count > 0 {
            books += group.count
            gender[group.gender?.rawValue ?? Share.unknown, default: 0] += group.count
            region[group.region?.rawValue ?? Share.unknown, default: 0] += group.count
            nationality[group.nationality?.uppercased() ?? Share.unknown, default: 0] += group.count
            language[group.originalLanguage?.lowercased() ?? Share.unknown, default: 0] += group.count
            translated[Share.answer(group.isTranslated), default: 0] += group.count
            marginalized[Share.answer(group.representsMarginalizedVoices), default: 0] += group.count
            indigenous[Share.answer(group.representsIndigenousVoices), default: 0] += group.count
        }
        self.books = books
        self.gender = Share.list(gender, total: books, order: AuthorGender.allCases.filter { $0 != .unknown }.map(\.rawValue)) {
            AuthorGender(rawValue: $0)?.displayName ?? $0
        }
        self.region = Share.list(region, total: books, order: CulturalRegion.allCases.map(\.rawValue)) {
            CulturalRegion(rawValue: $0)?.displayName ?? $0
        }
        self.nationality = Share.list(nationality, total: books, order: nil) { $0 }
        self.originalLanguage = Share.list(language, total: books, order: nil) { $0 }
        self.translated = Share.list(translated, total: books, order: ["yes", "no"]) { $0 == "yes" ? "Translated" : "Not translated" }
        self.marginalized = Share.list(marginalized, total: books, order: ["yes", "no"]) { $0 == "yes" ? "Marginalized voices" : "Other voices" }
        self.indigenous = Share.list(indigenous, total: books, order: ["yes", "no"]) { $0 == "yes" ? "Indigenous voices" : "Other voices" }
    }
}

/// Books sharing the traits the diversity shares count, as the store groups them.
public struct DiversityGroup: Hashable, Sendable {
    /// The primary author's gender; nil for a book without authors.
    public var gender: AuthorGender?
    public var region: CulturalRegion?
    public var nationality: String?
    public var marginalizedVoiceOverride: Bool?
    public var originalLanguage: String?
    /// The language and translator of the edition the reader has (owned, else primary).
    public var editionLanguage: String?
    public var hasTranslator: Bool
    public var count: Int

    public init(
        gender: AuthorGender?, region: CulturalRegion?, nationality: String?, marginalizedVoiceOverride: Bool?,
        originalLanguage: String?, editionLanguage: String?, hasTranslator: Bool, count: Int
    ) {
        self.gender = gender == .unknown ? nil : gender
        self.region = region
        self.nationality = nationality.flatMap { $0.isEmpty ? nil : $0 }
        self.marginalizedVoiceOverride = marginalizedVoiceOverride
        self.originalLanguage = originalLanguage.flatMap { $0.isEmpty ? nil : $0 }
        self.editionLanguage = editionLanguage.flatMap { $0.isEmpty ? nil : $0 }
        self.hasTranslator = hasTranslator
        self.count = count
    }

    /// Translated when the edition names a translator or is in another language than the
    /// original; not when both languages are known and the same; unknown otherwise.
    public var isTranslated: Bool? {
        if hasTranslator { return true }
        guard let originalLanguage, let editionLanguage else { return nil }
        return Self.baseLanguage(originalLanguage) != Self.baseLanguage(editionLanguage)
    }

    /// The author rule (`Author.representsMarginalizedVoices`), unknown when it depends on
    /// something not recorded: a man or an author of unknown gender from an unknown region.
    public var representsMarginalizedVoices: Bool? {
        if let marginalizedVoiceOverride { return marginalizedVoiceOverride }
        if let gender, gender != .male { return true }
        guard let region else { return nil }
        var author = Author(name: "-", dateCreated: .distantPast)
        author.gender = gender ?? .unknown
        author.culturalRegion = region
        if author.representsMarginalizedVoices { return true }
        return gender == nil ? nil : false
    }

    /// Indigenous when the region is; unknown without a region.
    public var representsIndigenousVoices: Bool? {
        region.map { $0 == .indigenous }
    }

    /// "en" for "en-GB", "eng" kept as it is.
    private static func baseLanguage(_ code: String) -> String {
        String(code.lowercased().split(separator: "-").first ?? "")
    }
}

/// A part of a breakdown.
public struct Share: Codable, Hashable, Sendable {
    /// The stored value ("female", "africa", "US", "yes") or "unknown".
    public var key: String
    /// What a reader sees.
    public var label: String
    public var count: Int
    /// `count` over every book of the breakdown, unknown ones included; 0 for no books.
    public var fraction: Double

    public init(key: String, label: String, count: Int, fraction: Double) {
        self.key = key
        self.label = label
        self.count = count
        self.fraction = fraction
    }

    public static let unknown = "unknown"

    /// The `limit` largest shares of a list (largest first, as breakdowns list them), the rest
    /// folded into one "Other (n)", and the unknown share last, always: for long lists such as
    /// nationalities and languages.
    public static func largest(_ shares: [Share], _ limit: Int = 8) -> [Share] {
        let known = shares.filter { $0.key != unknown }
        guard known.count > limit + 1 else { return shares }
        let rest = known.dropFirst(limit)
        let other = Share(
            key: "other", label: "Other (\(rest.count))", count: rest.reduce(0) { $0 + $1.count },
            fraction: rest.reduce(0) { $0 + $1.fraction })
        return Array(known.prefix(limit)) + [other] + shares.filter { $0.key == unknown }
    }

    static func answer(_ value: Bool?) -> String {
        switch value {
        case true?: "yes"
        case false?: "no"
        case nil: unknown
        }
    }

    /// The shares in `order` (every listed key, zero included) or, without an order, by count
    /// (ties by key); "unknown" always last.
    static func list(_ counts: [String: Int], total: Int, order: [String]?, label: (String) -> String) -> [Share] {
        let keys: [String]
        if let order {
            keys = order + counts.keys.filter { $0 != unknown && !order.contains($0) }.sorted()
        } else {
            keys = counts.filter { $0.key != unknown }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
        }
        return (keys + [unknown]).map { key in
            let count = counts[key] ?? 0
            return Share(key: key, label: key == unknown ? "Unknown" : label(key), count: count,
                         fraction: total == 0 ? 0 : Double(count) / Double(total))
        }
    }
}
