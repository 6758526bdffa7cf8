import BooksTrackCore

/// The text the catalog indexes and the queries it runs, both built from the core's matching keys
/// (`TextNormalization`), so "Les Misérables", "les miserables" and "LES MISÉRABLES!" meet.
enum CatalogSearchText {
    /// The most words of a query that are searched; the rest are ignored (a pasted paragraph is not a title).
    static let maximumQueryWords = 12
    /// Longer words are not words anyone types; they are cut to this many characters.
    static let maximumWordLength = 64

    /// A work's matching key and search columns but the authors' (which live with the authors).
    struct WorkKeys: Equatable, Sendable {
        /// `TextNormalization.normalizeTitle` of the title: the exact-match key.
        var normalizedTitle: String
        /// The title's key, followed by the alternate title's when it differs.
        var title: String
        var subtitle: String
        var series: String

        /// Normalizes a work's titles: the costly part of writing a work, so imports do it while parsing.
        init(_ work: CatalogWorkRecord) {
            normalizedTitle = TextNormalization.normalizeTitle(work.title)
            title = normalizedTitle
            if let alternateTitle = work.alternateTitle {
                let alternate = TextNormalization.normalizeTitle(alternateTitle)
                if !alternate.isEmpty, alternate != normalizedTitle { title += " " + alternate }
            }
            subtitle = work.subtitle.map { TextNormalization.normalizeTitle($0) } ?? ""
            series = work.seriesName.map { TextNormalization.normalizeTitle($0) } ?? ""
        }
    }

    /// The words of a title query, normalized like indexed titles and capped in number and length.
    static func titleWords(_ query: String) -> [String] {
        capped(TextNormalization.normalizeTitle(query.prefix(1_000)))
    }

    /// The words of an author query, normalized like indexed names.
    static func authorWords(_ query: String) -> [String] {
        capped(TextNormalization.normalizeAuthor(query.prefix(1_000)))
    }

    private static func capped(_ normalized: String) -> [String] {
        var seen = Set<Substring>()
        return normalized.split(separator: " ")
            .filter { seen.insert($0).inserted }
            .prefix(maximumQueryWords)
            .map { String($0.prefix(maximumWordLength)) }
    }

    /// An FTS5 expression requiring every word in the given columns: `{title subtitle series} : ("a" "b")`.
    ///
    /// Normalized words hold only letters, digits and marks, so quoting each one is enough to keep
    /// FTS5 from reading it as an operator (AND, OR, NOT, NEAR) or a column name.
    static func matchExpression(words: [String], columns: [String]?) -> String {
        let terms = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ")
        guard let columns else { return "(" + terms + ")" }
        return "{" + columns.joined(separator: " ") + "} : (" + terms + ")"
    }
}
