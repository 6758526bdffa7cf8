/// A valid ISBN, normalized to its 13-digit form whether it was written as an ISBN-10 or an ISBN-13.
///
/// Parse one with `ISBN(parsing:)` at the boundary (imports, forms, API parameters) and trust it
/// afterwards: every `ISBN` has a correct check digit and a 978 or 979 prefix.
public struct ISBN: Hashable, Sendable {
    /// The 13 digits as one number, e.g. 9_780_441_172_719; always 978… or 979….
    let value: UInt64

    /// Wraps 13 digits already known to form a valid ISBN-13.
    init(validatedValue value: UInt64) {
        self.value = value
    }

    /// The ISBN-13 without separators, e.g. "9780441172719".
    public var isbn13: String {
        ISBN.decimalString(value, digitCount: 13)
    }

    /// The ISBN-10 without separators, e.g. "0441172717"; nil for 979 ISBNs, which have no ISBN-10.
    public var isbn10: String? {
        guard value / ISBN.powersOfTen[10] == 978 else { return nil }
        let first9 = (value / 10) % ISBN.powersOfTen[9]
        return ISBN.decimalString(first9 * 10, digitCount: 10, lastCharacter: ISBN.checkDigitByte10(first9))
    }

    /// Tells whether `text` parses as a valid ISBN-10 or ISBN-13, in any form `init(parsing:)` accepts.
    public static func isValid(_ text: some StringProtocol) -> Bool {
        if case .isbn = ISBNScanner.scan(text) { return true }
        return false
    }
}

extension ISBN: Comparable {
    /// Orders ISBNs by their 13-digit number.
    public static func < (lhs: ISBN, rhs: ISBN) -> Bool {
        lhs.value < rhs.value
    }
}

extension ISBN: CustomStringConvertible {
    /// The ISBN-13 without separators.
    public var description: String { isbn13 }
}

extension ISBN {
    /// 10⁰ through 10¹³, for cutting a 13-digit number into its parts without string work.
    static let powersOfTen: [UInt64] = (0...13).reduce(into: []) { powers, exponent in
        powers.append(exponent == 0 ? 1 : powers[exponent - 1] * 10)
    }

    /// Writes `number` as exactly `digitCount` decimal digits (leading zeros kept), replacing the
    /// last digit with `lastCharacter` when one is given (the X of an ISBN-10).
    static func decimalString(_ number: UInt64, digitCount: Int, lastCharacter: UInt8? = nil) -> String {
        String(unsafeUninitializedCapacity: digitCount) { buffer in
            var remaining = number
            for index in stride(from: digitCount - 1, through: 0, by: -1) {
                buffer[index] = UInt8(truncatingIfNeeded: remaining % 10) &+ UInt8(ascii: "0")
                remaining /= 10
            }
            if let lastCharacter, digitCount > 0 {
                buffer[digitCount - 1] = lastCharacter
            }
            return digitCount
        }
    }
}
