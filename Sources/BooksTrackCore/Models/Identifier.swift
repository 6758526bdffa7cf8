import Foundation
import Synchronization

/// A typed UUID, so a `Work.ID` cannot be passed where an `Edition.ID` is expected.
public struct Identifier<Owner>: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The underlying UUID.
    public let rawValue: UUID

    /// Wraps an existing UUID.
    public init(_ rawValue: UUID) { self.rawValue = rawValue }

    /// A new identifier: counted (`countedUUID()`) for an owner named by its identifier's first
    /// digits (`NamedByIDPrefix`), else time-ordered (`timeOrderedUUID(at:)`).
    public init() {
        self.rawValue = Owner.self is any NamedByIDPrefix.Type ? Self.countedUUID() : Self.timeOrderedUUID(at: Date())
    }

    /// A version 8 UUID (RFC 9562) for records named by their first eight digits: the first 32
    /// bits are the next tick of `MicrosecondTicker` (the time in microseconds modulo 2³², which
    /// comes round every 71 minutes), the other 90 are random, from the system's generator through
    /// `RandomPool` (Foundation's `UUID()` opens and reads `/dev/urandom` for each one on Linux).
    ///
    /// Records one process makes within 71 minutes differ in their first eight digits, as random
    /// ones would not always; and they sort next to each other, so the indexes keyed by them grow
    /// at one point instead of all over the file.
    static func countedUUID() -> UUID {
        let tick = MicrosecondTicker.shared.withLock { $0.next(at: Date()) }
        return countedUUID(tick: UInt32(truncatingIfNeeded: tick), random: RandomPool.twoValues())
    }

    /// The layout of `countedUUID()`: the tick, big-endian, then the random bits with the version
    /// and variant set.
    static func countedUUID(tick: UInt32, random: (UInt64, UInt64)) -> UUID {
        let (high, low) = random
        func byte(_ value: UInt64, _ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        let tick = UInt64(tick)
        return UUID(uuid: (
            byte(tick, 24), byte(tick, 16), byte(tick, 8), byte(tick, 0), byte(high, 32), byte(high, 40),
            0x80 | (byte(high, 48) & 0x0F), byte(high, 56),
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

    /// Whether this identifier's bytes come before `other`'s, the order SQLite gives them: what
    /// `<` answers, without making their text (for sorts of thousands of records).
    public func bytesPrecede(_ other: Self) -> Bool {
        withUnsafeBytes(of: rawValue.uuid) { one in
            withUnsafeBytes(of: other.rawValue.uuid) { two in one.lexicographicallyPrecedes(two) }
        }
    }
}

/// A record people name by the first digits of its identifier (`bookstrack show 3f2a9c1e`,
/// `bookstrack quote remove BOOK 9b04e1d2`): those digits must differ between records made
/// together, which a time in milliseconds does not give, so its identifiers are counted
/// (`countedUUID()`) rather than time-ordered.
public protocol NamedByIDPrefix {}

/// The first 32 bits of a counted identifier: the time in microseconds, or one more than the last
/// tick when the clock has not moved past it (identifiers made within one microsecond, or a clock
/// set back). Ticks therefore never repeat in a process; kept modulo 2³² they come round again
/// after about 71 minutes, when they are as likely to meet an older identifier's as random digits.
struct MicrosecondTicker {
    static let shared = Mutex(MicrosecondTicker())

    private(set) var last: UInt64 = 0

    mutating func next(at date: Date) -> UInt64 {
        next(microseconds: UInt64(max(0, (date.timeIntervalSince1970 * 1_000_000).rounded(.down))))
    }

    mutating func next(microseconds: UInt64) -> UInt64 {
        last = max(microseconds, last &+ 1)
        return last
    }
}
