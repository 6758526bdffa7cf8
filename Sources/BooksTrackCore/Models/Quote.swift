import Foundation

/// A passage the reader kept from a book.
public struct Quote: Hashable, Sendable, Codable, Identifiable, NamedByIDPrefix {
    /// The quote's identifier.
    public typealias ID = Identifier<Quote>

    /// Longest quote accepted.
    public static let textLimit = 2_000

    public var id: ID
    /// At most 2,000 characters.
    @MultiLineText public var text: String
    public var page: Int?
    public var dateAdded: Date

    /// Creates a quote; `Validation` checks the bounds.
    public init(id: ID = ID(), text: String, page: Int? = nil, dateAdded: Date) {
        self.id = id
        self.text = text
        self.page = page
        self.dateAdded = dateAdded
    }
}
