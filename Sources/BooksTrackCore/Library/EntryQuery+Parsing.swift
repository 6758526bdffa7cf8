import Foundation

extension EntryQuery {
    /// The most books one page lists.
    public static let pageLimit = 200

    /// Why a list's query string could not be read: the field, and what it takes.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var field: String
        public var message: String
        /// A number outside its bounds (rather than a word that is not one of the choices).
        public var isOutOfRange: Bool

        public var description: String { message }
    }

    /// The library's list as a query string writes it, read the same by the API and the web app:
    /// `status` (one or more, comma-separated), `tag`, `favorite` and `owned` (flags), `sort`,
    /// `order` (asc or desc), `limit` (1 to `pageLimit`) and `offset`. An empty value is no
    /// filter (a form's "any"); anything else that is not one of the choices is refused, naming
    /// the field. `value` answers a parameter's text, nil when it is absent.
    public init(parsing value: (String) -> String?, defaultLimit: Int) throws(ParseError) {
        self.init(limit: defaultLimit)
        if let text = value("status"), !text.isEmpty {
            var statuses = Set<ReadingStatus>()
            for name in text.split(separator: ",") {
                guard let status = ReadingStatus(rawValue: String(name)) else {
                    throw ParseError(field: "status", message: "status is one of " + ReadingStatus.allCases.map(\.rawValue).joined(separator: ", "),
                                     isOutOfRange: false)
                }
                statuses.insert(status)
            }
            self.statuses = statuses
        }
        if let tag = value("tag"), !tag.isEmpty { self.tag = tag }
        isFavorite = try Self.flag(value("favorite"), field: "favorite")
        isOwned = try Self.flag(value("owned"), field: "owned")
        if let text = value("sort"), !text.isEmpty {
            guard let sort = Sort(rawValue: text) else {
                throw ParseError(field: "sort", message: "sort is one of " + Sort.allCases.map(\.rawValue).joined(separator: ", "), isOutOfRange: false)
            }
            self.sort = sort
            descending = sort.defaultDescending
        }
        if let order = value("order"), !order.isEmpty {
            guard order == "asc" || order == "desc" else { throw ParseError(field: "order", message: "order is asc or desc", isOutOfRange: false) }
            descending = order == "desc"
        }
        limit = try Self.number(value("limit"), field: "limit", in: 1...Self.pageLimit) ?? defaultLimit
        offset = try Self.number(value("offset"), field: "offset", in: Bounds.listOffset) ?? 0
    }

    /// A yes-or-no parameter: `true`, `1` or `yes`; `false`, `0` or `no`; empty or absent is nil.
    public static func flag(_ text: String?, field: String) throws(ParseError) -> Bool? {
        guard let text, !text.isEmpty else { return nil }
        switch text.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw ParseError(field: field, message: "\(field) is true or false", isOutOfRange: false)
        }
    }

    /// A whole number within `range`; empty or absent is nil.
    public static func number(_ text: String?, field: String, in range: ClosedRange<Int>) throws(ParseError) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ParseError(field: field, message: "\(field) is a whole number from \(range.lowerBound) to \(range.upperBound)", isOutOfRange: true)
        }
        return value
    }
}
