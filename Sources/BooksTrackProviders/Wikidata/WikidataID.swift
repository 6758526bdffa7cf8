import Foundation

/// A Wikidata item identifier, "Q235302": checked once, so only digits after the Q ever reach a URL.
public struct WikidataID: Hashable, Sendable, CustomStringConvertible {
    /// The identifier, "Q235302".
    public let rawValue: String

    /// Reads "Q235302", "q235302" or an entity URL ("https://www.wikidata.org/wiki/Q235302",
    /// "http://www.wikidata.org/entity/Q235302"); nil for anything else, properties ("P21") included.
    public init?(_ text: String?) {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let last = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        guard let first = last.first, first == "Q" || first == "q" else { return nil }
        let digits = last.dropFirst()
        // Item numbers are below 200 million today; twelve digits leaves room without allowing junk.
        guard (1...12).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0" else {
            return nil
        }
        rawValue = "Q" + digits
    }

    /// The identifier, "Q235302".
    public var description: String {
        rawValue
    }
}
