import Foundation

/// A typed UUID, so a `Work.ID` cannot be passed where an `Edition.ID` is expected.
public struct Identifier<Owner>: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The underlying UUID.
    public let rawValue: UUID

    /// Wraps an existing UUID.
    public init(_ rawValue: UUID) { self.rawValue = rawValue }

    /// A new identifier: random for an owner named by its identifier's first digits
    /// (`NamedByIDPrefix`), else time-ordered (`timeOrderedUUID(at:)`).
    public init() {
        self.rawValue = Owner.self is any NamedByIDPrefix.Type ? Self.randomUUID() : Self.timeOrderedUUID(at: Date())
    }

    /// A version 4 UUID (RFC 9562): 122 random bits from the system's generator, through
    /// `RandomPool`. Made here because Foundation's `UUID()` opens and reads `/dev/urandom` for
    /// each one on Linux, which an import of 100,000 books pays 100,000 times.
    static func randomUUID() -> UUID {
        let (high, low) = RandomPool.twoValues()
        func byte(_ value: UInt64, _ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        return UUID(uuid: (
            byte(high, 0), byte(high, 8), byte(high, 16), byte(high, 24), byte(high, 32), byte(high, 40),
            0x40 | (byte(high, 48) & 0x0F), byte(high, 56),
            0x80 | (byte(low, 0) & 0x3F), byte(low, 8), byte(low, 16), byte(low, 24),
            byte(low, 32), byte(low, 40), byte(low, 48), byte(low, 56)
        ))
    }

    /// A version 7 UUID (RFC 9562): the Unix time in milliseconds followed by 74 random bits.
    ///
    /// Identifiers made one after another sort next to each other, so the indexes keyed by them
    /// grow at their end: a batch of inserts rewrites a few pages there instead of pages all over
    /// the file.
    static func timeOrderedUUID(at date: Date) -> UUID {
        let milliseconds = UInt64(max(0, (date.timeIntervalSince1970 * 1_000).rounded(.down)))
        let (high, low) = RandomPool.twoValues()
        func byte(_ value: UInt64, _ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        return UUID(uuid: (
            byte(milliseconds, 40), byte(milliseconds, 32), byte(milliseconds, 24),
            byte(milliseconds, 16), byte(milliseconds, 8), byte(milliseconds, 0),
            0x70 | (byte(high, 0) & 0x0F), byte(high, 8),
            0x80 | (byte(low, 0) & 0x3F), byte(low, 8), byte(low, 16), byte(low, 24),
            byte(low, 32), byte(low, 40), byte(low, 48), byte(low, 56)
        ))
    }

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

/// A record people name by the first digits of its identifier (`bookstrack show 3f2a9c1e`,
/// `bookstrack quote remove BOOK 9b04e1d2`): those digits must differ between records made
/// together, so its identifiers are random rather than time-ordered.
public protocol NamedByIDPrefix {}
