/// Which entries to list, in which order, and which page of them.
public struct EntryQuery: Hashable, Sendable {
    /// How entries can be ordered.
    public enum Sort: String, Hashable, Sendable, CaseIterable {
        case dateAdded = "added"
        case title
        case author
        case rating
        case dateStarted = "started"
        case dateCompleted = "finished"
        case lastModified = "modified"
        case progress
    }

    /// Only these statuses (nil: any).
    public var statuses: Set<ReadingStatus>?
    /// Only entries carrying this tag, matched case-insensitively.
    public var tag: String?
    /// Only favorites (true) or only non-favorites (false).
    public var isFavorite: Bool?
    /// Only owned (true) or only not owned (false).
    public var isOwned: Bool?
    /// Only books whose title or an author's name holds every word of this text (case, accents
    /// and punctuation ignored; at most `textWordLimit` words are read).
    public var text: String?
    public var sort: Sort
    public var descending: Bool
    /// Page size; nil for everything.
    public var limit: Int?
    public var offset: Int

    /// The most words of `text` a query matches on.
    public static let textWordLimit = 8

    /// The words of `text` as the library's titles and names are stored: folded, lower-cased,
    /// without punctuation.
    public var textWords: [String] {
        guard let text else { return [] }
        return Array(text.split(whereSeparator: \.isWhitespace).map { TextNormalization.normalizeAuthor($0) }
            .flatMap { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }.prefix(Self.textWordLimit))
    }

    /// Creates a query; by default the newest additions first, everything.
    public init(
        statuses: Set<ReadingStatus>? = nil,
        tag: String? = nil,
        isFavorite: Bool? = nil,
        isOwned: Bool? = nil,
        sort: Sort = .dateAdded,
        descending: Bool? = nil,
        limit: Int? = nil,
        offset: Int = 0
    ) {
        self.statuses = statuses
        self.tag = tag
        self.isFavorite = isFavorite
        self.isOwned = isOwned
        self.sort = sort
        self.descending = descending ?? sort.defaultDescending
        self.limit = limit
        self.offset = offset
    }
}

extension EntryQuery {
    /// The offset of page `page` (from 1) of `limit` books: `(page - 1) × limit`, or nil when
    /// that is past anything an `Int` counts (`--page 1000000000000000000`), so a front end
    /// answers with a message instead of trapping.
    public static func offset(ofPage page: Int, limit: Int) -> Int? {
        guard page >= 1, limit >= 1 else { return nil }
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: limit)
        return overflow ? nil : offset
    }
}

extension EntryQuery.Sort {
    /// Dates and ratings read best newest/highest first; titles and authors A to Z.
    public var defaultDescending: Bool {
        switch self {
        case .title, .author: false
        case .dateAdded, .rating, .dateStarted, .dateCompleted, .lastModified, .progress: true
        }
    }
}
