extension ISBN {
    /// The ISBN-10 check digit ("0"–"9" or "X") for 9 digits, e.g. "044117271" → "7"; nil unless
    /// `first9` holds exactly 9 ASCII digits (hyphens and spaces are ignored).
    public static func checkDigit10(for first9: some StringProtocol) -> Character? {
        guard let number = plainNumber(first9, digitCount: 9) else { return nil }
        return Character(Unicode.Scalar(checkDigitByte10(number)))
    }

    /// The ISBN-13 (EAN-13) check digit for 12 digits, e.g. "978044117271" → "9"; nil unless
    /// `first12` holds exactly 12 ASCII digits (hyphens and spaces are ignored).
    public static func checkDigit13(for first12: some StringProtocol) -> Character? {
        guard let number = plainNumber(first12, digitCount: 12) else { return nil }
        return Character(Unicode.Scalar(UInt8(truncatingIfNeeded: checkDigitValue13(number)) &+ UInt8(ascii: "0")))
    }

    /// The mod-11 ISBN-10 check value (0–10, where 10 is written X) of the number formed by 9 digits.
    static func checkDigitValue10(_ first9: UInt64) -> UInt64 {
        // Weights 10, 9, …, 2 from the left, i.e. 2, 3, …, 10 from the right.
        var remaining = first9
        var sum: UInt64 = 0
        var weight: UInt64 = 2
        while weight <= 10 {
            sum &+= (remaining % 10) &* weight
            remaining /= 10
            weight &+= 1
        }
        return (11 &- sum % 11) % 11
    }

    /// The ASCII check character ("0"–"9" or "X") of an ISBN-10 whose first 9 digits form `first9`.
    static func checkDigitByte10(_ first9: UInt64) -> UInt8 {
        let check = checkDigitValue10(first9)
        return check == 10 ? UInt8(ascii: "X") : UInt8(truncatingIfNeeded: check) &+ UInt8(ascii: "0")
    }

    /// The mod-10 ISBN-13 check value (0–9) of the number formed by 12 digits.
    static func checkDigitValue13(_ first12: UInt64) -> UInt64 {
        // Weights 1, 3, 1, 3, … from the left; the 12th digit (rightmost here) weighs 3.
        var remaining = first12
        var sum: UInt64 = 0
        for position in 0..<12 {
            sum &+= (remaining % 10) &* (position & 1 == 0 ? 3 : 1)
            remaining /= 10
        }
        return (10 &- sum % 10) % 10
    }

    /// The ISBN-13 number of an ISBN-10 whose first 9 digits form `first9`.
    static func isbn13Value(fromISBN10First9 first9: UInt64) -> UInt64 {
        let first12 = 978_000_000_000 &+ first9
        return first12 &* 10 &+ checkDigitValue13(first12)
    }

    /// The number formed by exactly `digitCount` ASCII digits, ignoring hyphens and spaces.
    private static func plainNumber(_ text: some StringProtocol, digitCount: Int) -> UInt64? {
        var number: UInt64 = 0
        var count = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                count += 1
                guard count <= digitCount else { return nil }
                number = number &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
            case UInt8(ascii: "-"), UInt8(ascii: " "):
                continue
            default:
                return nil
            }
        }
        return count == digitCount ? number : nil
    }
}
