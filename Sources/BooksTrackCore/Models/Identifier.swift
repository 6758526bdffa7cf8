import Foundation

/// A typed UUID, so a `Work.ID` cannot be passed where an `Edition.ID` is expected.
public struct Identifier<Owner>: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The underlying UUID.
    public let rawValue: UUID

    /// Wraps an existing UUID.
    public init(_ rawValue: UUID) { self.rawValue = rawValue }

    /// A new random identifier.
    public init() { self.rawValue = UUID() }

    /// Parses the canonical UUID text form; nil when it is not a UUID.
    public init?(uuidString: String) {
        guard let uuid = UUID(uuidString: uuidString) else { return nil }
        self.rawValue = uuid
    }

    /// The lower-case UUID text, as stored and shown.
    public var description: String { rawValue.uuidString.lowercased() }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UUID.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
}
