import BooksTrackCore
import BooksTrackStore
import GRDB

extension CatalogDatabase {
    /// The most results one search returns.
    public static let maximumSearchLimit = 100
    /// How many full-text matches are ranked. FTS5 hands them out in rowid order, which is
    /// popularity order (see the migrations), so a common word matching 200,000 titles costs the
    /// same as a rare one: only the first `candidateLimit` are read and scored.
    static let candidateLimit = 300
    /// How many works with exactly the query's title are added to the candidates from the title index.
    static let exactTitleLimit = 50
    /// How many editions each search result carries.
    static let editionsPerResult = 3

    private static let resultWorkSQL = """
        SELECT \(CatalogDTOReader.workColumns), \(CatalogDTOReader.authorsColumn) FROM catalog_works w WHERE w.id = ?
        """

    /// Works whose title, subtitle or series holds every word of `title`: exact titles first, then
    /// by relevance (BM25 over the matched columns), then by popularity.
    public func search(title: String, limit: Int) throws -> [WorkDTO] {
        let words = CatalogSearchText.titleWords(title)
        return try search(CatalogSearchPlan(
            titleKey: TextNormalization.normalizeTitle(title.prefix(1_000)), titleWords: words, authorWords: [],
            match: CatalogSearchText.matchExpression(words: words, columns: CatalogSearchPlan.titleColumns),
            searchesAuthorsWithTitleWords: false
        ), limit: limit)
    }

    /// Works matching `title` (as in `search(title:limit:)`) whose authors hold every word of `author`;
    /// exact titles by that author first.
    public func search(title: String, author: String, limit: Int) throws -> [WorkDTO] {
        let words = CatalogSearchText.titleWords(title)
        let authorWords = CatalogSearchText.authorWords(author)
        guard !authorWords.isEmpty else { return try search(title: title, limit: limit) }
        let match = words.isEmpty
            ? CatalogSearchText.matchExpression(words: authorWords, columns: CatalogSearchPlan.authorColumns)
            : CatalogSearchText.matchExpression(words: words, columns: CatalogSearchPlan.titleColumns) + " AND "
                + CatalogSearchText.matchExpression(words: authorWords, columns: CatalogSearchPlan.authorColumns)
        return try search(CatalogSearchPlan(
            titleKey: TextNormalization.normalizeTitle(title.prefix(1_000)), titleWords: words, authorWords: authorWords,
            match: match, searchesAuthorsWithTitleWords: false
        ), limit: limit)
    }

    /// Works holding every word of `text` in any of title, subtitle, authors and series
    /// ("hunger games collins"); exact titles first.
    public func search(text: String, limit: Int) throws -> [WorkDTO] {
        let words = CatalogSearchText.titleWords(text)
        return try search(CatalogSearchPlan(
            titleKey: TextNormalization.normalizeTitle(text.prefix(1_000)), titleWords: words, authorWords: [],
            match: CatalogSearchText.matchExpression(words: words, columns: nil), searchesAuthorsWithTitleWords: true
        ), limit: limit)
    }

    private func search(_ plan: CatalogSearchPlan, limit: Int) throws -> [WorkDTO] {
        let limit = min(limit, Self.maximumSearchLimit)
        guard limit > 0, !plan.titleWords.isEmpty || !plan.authorWords.isEmpty else { return [] }
        return try read { db in
            let ranked = try rankedCandidates(db, plan: plan, limit: limit)
            return try ranked.map { candidate in
                let row = try Row.fetchOne(db.cachedStatement(sql: Self.resultWorkSQL), arguments: [candidate.id])
                guard let row else { throw CatalogError.corrupt(reason: "search row \(candidate.id) has no work") }
                var reader = RowReader(row, table: "catalog_works")
                var work = try CatalogDTOReader.work(&reader).work
                work.authors = CatalogDTOReader.authors(packed: try reader.optionalString())
                work.editions = try CatalogDTOReader.editions(db, workID: candidate.id, limit: Self.editionsPerResult)
                return work
            }
        }
    }

    /// The best `limit` candidates of a search, best first: the first full-text matches in popularity
    /// order plus the works whose normalized title is exactly the query's, ranked in memory.
    func rankedCandidates(_ db: Database, plan: CatalogSearchPlan, limit: Int) throws -> [CatalogSearchCandidate] {
        var candidates: [CatalogSearchCandidate] = []
        var seen = Set<Int64>()
        let matches = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT w.id, w.searchTitle, w.searchSubtitle, w.searchAuthors, w.searchSeries,
                    w.normalizedTitle, w.title, w.subtitle, w.alternateTitle, w.popularity
                FROM catalog_search s JOIN catalog_works w ON w.id = s.rowid
                WHERE catalog_search MATCH ? LIMIT ?
                """),
            arguments: [plan.match, Self.candidateLimit]
        )
        while let row = try matches.next() {
            let candidate = try CatalogSearchCandidate(row)
            if seen.insert(candidate.id).inserted { candidates.append(candidate) }
        }
        if !plan.titleKey.isEmpty, !plan.titleWords.isEmpty {
            let exact = try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT w.id, w.searchTitle, w.searchSubtitle, w.searchAuthors, w.searchSeries,
                        w.normalizedTitle, w.title, w.subtitle, w.alternateTitle, w.popularity
                    FROM catalog_works w WHERE w.normalizedTitle = ? LIMIT ?
                    """),
                arguments: [plan.titleKey, Self.exactTitleLimit]
            )
            for row in exact {
                let candidate = try CatalogSearchCandidate(row)
                guard !seen.contains(candidate.id), candidate.hasAuthorWords(plan.authorWords) else { continue }
                seen.insert(candidate.id)
                candidates.append(candidate)
            }
        }
        for index in candidates.indices {
            candidates[index].rank(for: plan)
        }
        // Sorting positions rather than the candidates themselves: moving a candidate copies a dozen fields.
        let order = candidates.indices.sorted { CatalogSearchCandidate.isRankedBefore(candidates[$0], candidates[$1]) }
        candidates = order.map { candidates[$0] }
        try breakTiesByEditionCount(db, in: &candidates, limit: limit)
        return Array(candidates.prefix(limit))
    }

    /// Orders candidates that tie on everything else (dump works have no ratings) by their number
    /// of editions, counted only for the ties that reach the first `limit`: keeping a count per
    /// work up to date cost a fifth of an edition import.
    private func breakTiesByEditionCount(_ db: Database, in candidates: inout [CatalogSearchCandidate], limit: Int) throws {
        var start = 0
        while start < min(limit, candidates.count) {
            var end = start + 1
            while end < candidates.count, candidates[end].ties(with: candidates[start]) { end += 1 }
            if end - start > 1 {
                var counted: [(count: Int, candidate: CatalogSearchCandidate)] = []
                for candidate in candidates[start..<end] {
                    let count = try Int.fetchOne(
                        db.cachedStatement(sql: "SELECT count(*) FROM catalog_editions WHERE workID = ?"),
                        arguments: [candidate.id]
                    ) ?? 0
                    counted.append((count, candidate))
                }
                counted.sort { $0.count != $1.count ? $0.count > $1.count : $0.candidate.id < $1.candidate.id }
                candidates.replaceSubrange(start..<end, with: counted.map(\.candidate))
            }
            start = end
        }
    }
}

/// What one search asks for, normalized.
struct CatalogSearchPlan {
    /// The columns title words are looked for in.
    static let titleColumns = ["searchTitle", "searchSubtitle", "searchSeries"]
    /// The column author words are looked for in.
    static let authorColumns = ["searchAuthors"]

    /// The whole query as a title key, for exact matches.
    var titleKey: String
    var titleWords: [String]
    var authorWords: [String]
    /// The FTS5 expression.
    var match: String
    /// True for a free-text search, where title words may also be authors' names.
    var searchesAuthorsWithTitleWords: Bool
}

/// One work a search may return, with what ranking needs: its search columns split into words once.
struct CatalogSearchCandidate {
    let id: Int64
    let normalizedTitle: String
    let title: String
    let subtitle: String?
    let alternateTitle: String?
    let popularity: Int
    /// The title's words, then (when the work has another title) that title's words.
    private let titleWords: [Substring]
    private let alternateTitleWords: [Substring]
    private let subtitleWords: [Substring]
    private let authorWords: [Substring]
    private let seriesWords: [Substring]
    private(set) var isExactTitle = false
    private(set) var score = 0.0

    init(_ row: Row) throws {
        var reader = RowReader(row, table: "catalog_search")
        id = Int64(try reader.int())
        let titleText = try reader.optionalString() ?? ""
        subtitleWords = (try reader.optionalString() ?? "").split(separator: " ")
        authorWords = (try reader.optionalString() ?? "").split(separator: " ")
        seriesWords = (try reader.optionalString() ?? "").split(separator: " ")
        normalizedTitle = try reader.string()
        title = try reader.string()
        subtitle = try reader.optionalString()
        alternateTitle = try reader.optionalString()
        popularity = try reader.optionalInt() ?? -1
        // The title column holds the title and, after it, another title the work is known by; each
        // is scored as the title on its own, so a second title neither lengthens nor helps the first.
        let allTitleWords = titleText.split(separator: " ")
        let ownCount = normalizedTitle.isEmpty ? 0 : normalizedTitle.utf8.count(where: { $0 == UInt8(ascii: " ") }) + 1
        if allTitleWords.count > ownCount, titleText.hasPrefix(normalizedTitle) {
            titleWords = Array(allTitleWords.prefix(ownCount))
            alternateTitleWords = Array(allTitleWords.dropFirst(ownCount))
        } else {
            titleWords = allTitleWords
            alternateTitleWords = []
        }
    }

    /// Whether every author word is among the work's authors' words.
    func hasAuthorWords(_ words: [String]) -> Bool {
        words.allSatisfy { word in authorWords.contains { $0 == word } }
    }

    /// Sets the exact-title flag and the relevance score for `plan`.
    mutating func rank(for plan: CatalogSearchPlan) {
        isExactTitle = !plan.titleKey.isEmpty && hasAuthorWords(plan.authorWords) && matchesTitle(plan.titleKey)
        let authorWeight = plan.searchesAuthorsWithTitleWords ? CatalogRelevance.authorsInTextWeight : 0
        var best = CatalogRelevance.score(
            words: plan.titleWords, title: titleWords, subtitle: subtitleWords, series: seriesWords,
            authors: authorWords, authorWeight: authorWeight
        )
        if !alternateTitleWords.isEmpty {
            best = max(best, CatalogRelevance.score(
                words: plan.titleWords, title: alternateTitleWords, subtitle: subtitleWords, series: seriesWords,
                authors: authorWords, authorWeight: authorWeight
            ))
        }
        score = best + CatalogRelevance.score(words: plan.authorWords, authors: authorWords)
    }

    /// Whether the query's title key is this work's title, its other title, or its title and subtitle.
    private func matchesTitle(_ key: String) -> Bool {
        if normalizedTitle == key { return true }
        if let alternateTitle, TextNormalization.normalizeTitle(alternateTitle) == key { return true }
        if let subtitle, key.hasPrefix(normalizedTitle + " ") {
            return TextNormalization.normalizeTitle(title + ": " + subtitle) == key
        }
        return false
    }

    /// Exact titles first, then higher relevance, then more popular, then older rows (seed works
    /// are numbered by popularity); ties on all but the row are broken by edition counts later.
    static func isRankedBefore(_ lhs: CatalogSearchCandidate, _ rhs: CatalogSearchCandidate) -> Bool {
        if lhs.isExactTitle != rhs.isExactTitle { return lhs.isExactTitle }
        if lhs.score != rhs.score { return lhs.score > rhs.score }
        if lhs.popularity != rhs.popularity { return lhs.popularity > rhs.popularity }
        return lhs.id < rhs.id
    }

    /// Whether the two rank the same but for their rows.
    func ties(with other: CatalogSearchCandidate) -> Bool {
        isExactTitle == other.isExactTitle && score == other.score && popularity == other.popularity
    }
}

/// BM25F over a candidate's search columns, computed in memory for the few hundred candidates.
///
/// FTS5's own `bm25()` counts every row matching each term to weigh it (its IDF), which for a word
/// in 200,000 titles costs more than the whole search may. Every candidate holds every query word,
/// so term weights scale all candidates alike; what separates them is where the words are and how
/// long the fields are, which is what this scores: k1 = 1.2, b = 0.75, per-field weights and
/// typical field lengths (a title of 4 words, a subtitle of 6, names and series of 3).
enum CatalogRelevance {
    /// How much a title word found among the authors counts in a free-text search.
    static let authorsInTextWeight = 0.7

    private static let k1 = 1.2
    private static let b = 0.75

    /// The score of title words over a work's title, subtitle, series and (weighted) authors.
    static func score(
        words: [String], title: [Substring], subtitle: [Substring], series: [Substring], authors: [Substring],
        authorWeight: Double
    ) -> Double {
        var total = 0.0
        for word in words {
            var weighted = weightedFrequency(of: word, in: title, weight: 1.0, averageLength: 4)
            weighted += weightedFrequency(of: word, in: subtitle, weight: 0.4, averageLength: 6)
            weighted += weightedFrequency(of: word, in: series, weight: 0.5, averageLength: 3)
            if authorWeight > 0 {
                weighted += weightedFrequency(of: word, in: authors, weight: authorWeight, averageLength: 3)
            }
            total += weighted / (k1 + weighted)
        }
        return total
    }

    /// The score of author words over a work's authors.
    static func score(words: [String], authors: [Substring]) -> Double {
        var total = 0.0
        for word in words {
            let weighted = weightedFrequency(of: word, in: authors, weight: 1.0, averageLength: 3)
            total += weighted / (k1 + weighted)
        }
        return total
    }

    private static func weightedFrequency(of word: String, in field: [Substring], weight: Double, averageLength: Double) -> Double {
        guard !field.isEmpty else { return 0 }
        var frequency = 0
        for candidate in field where candidate == word { frequency += 1 }
        guard frequency > 0 else { return 0 }
        return weight * Double(frequency) / (1 - b + b * Double(field.count) / averageLength)
    }
}
