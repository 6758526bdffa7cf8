/// The byte-level reader behind `ISBN(parsing:)` and `ISBN.isValid(_:)`.
///
/// It walks the UTF-8 bytes once and allocates nothing: no regex, no String building, no
/// Character iteration, so a benchmark can validate millions of ISBNs a second on one core.
enum ISBNScanner {
    /// What a scan found: an ISBN-13 number, or the first problem, located by byte offset.
    enum Outcome: Equatable, Sendable {
        /// A valid ISBN, as its 13-digit number.
        case isbn(UInt64)
        /// No digits at all.
        case empty
        /// A byte that starts a character with no place in an ISBN.
        case invalidCharacter(byteOffset: Int)
        /// A digit count other than 10 or 13.
        case wrongLength(digits: Int)
        /// A check digit that does not match; both as ASCII bytes ("0"–"9", "X").
        case badCheckDigit(expected: UInt8, found: UInt8)
        /// An X that is not the last character of an ISBN-10.
        case misplacedX
        /// Thirteen digits whose first three are not 978 or 979.
        case unknownPrefix(UInt64)
    }

    /// Scans the UTF-8 of `text`, in place when its storage is contiguous (native strings are).
    static func scan(_ text: some StringProtocol) -> Outcome {
        if let outcome = text.utf8.withContiguousStorageIfAvailable({ scan(bytes: $0) }) {
            return outcome
        }
        var copy = String(text)
        return copy.withUTF8 { scan(bytes: $0) }
    }

    /// Scans one pasted ISBN: trims wrapping, skips an "ISBN" label, then reads digits.
    static func scan(bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        var start = 0
        var end = bytes.count
        while end > start {
            let length = trailingWrappingLength(bytes, start: start, end: end)
            if length == 0 { break }
            end -= length
        }
        start = skipWrapping(bytes, from: start, end: end, allowingEquals: true)
        start = skipLabel(bytes, from: start, end: end)
        return readDigits(bytes, from: start, end: end)
    }

    // MARK: - Wrapping and label

    /// Skips whitespace and quotes, and (when allowed) one `=`: Goodreads wraps ISBNs as
    /// ="0441172717" to stop spreadsheets dropping leading zeros.
    private static func skipWrapping(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, allowingEquals: Bool
    ) -> Int {
        var index = start
        var equalsAllowed = allowingEquals
        while index < end {
            if equalsAllowed && bytes[index] == UInt8(ascii: "=") {
                equalsAllowed = false
                index += 1
                continue
            }
            let length = leadingWrappingLength(bytes, at: index, end: end)
            if length == 0 { break }
            index += length
        }
        return index
    }

    /// Skips a case-insensitive "ISBN", "ISBN:", "ISBN-10:", "ISBN-13:", "ISBN10", "ISBN13" (or
    /// "ISBN 13:") label and the whitespace, colon and quotes after it.
    private static func skipLabel(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int {
        guard end - start >= 4,
            bytes[start] | 0x20 == UInt8(ascii: "i"),
            bytes[start + 1] | 0x20 == UInt8(ascii: "s"),
            bytes[start + 2] | 0x20 == UInt8(ascii: "b"),
            bytes[start + 3] | 0x20 == UInt8(ascii: "n")
        else { return start }
        var index = start + 4
        // "10" or "13" is a label only when a colon or a space ends it: "ISBN 1000…" is digits.
        var suffix = index
        if suffix < end && bytes[suffix] == UInt8(ascii: "-") {
            suffix += 1
        } else {
            while suffix < end && bytes[suffix] == UInt8(ascii: " ") { suffix += 1 }
        }
        if suffix + 1 < end,
            bytes[suffix] == UInt8(ascii: "1"),
            bytes[suffix + 1] == UInt8(ascii: "0") || bytes[suffix + 1] == UInt8(ascii: "3"),
            suffix + 2 == end || bytes[suffix + 2] == UInt8(ascii: ":") || isASCIIWhitespace(bytes[suffix + 2])
        {
            index = suffix + 2
        }
        while index < end && isASCIIWhitespace(bytes[index]) { index += 1 }
        if index < end && bytes[index] == UInt8(ascii: ":") { index += 1 }
        return skipWrapping(bytes, from: index, end: end, allowingEquals: false)
    }

    // MARK: - Digits

    /// Reads the digits, separators and a final X, then checks length, prefix and check digit.
    private static func readDigits(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Outcome {
        var digitCount = 0
        var number: UInt64 = 0
        var xCount = 0
        var xDigitIndex = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                // Past 13 digits the count still matters for the message, the value does not.
                if digitCount < 13 { number = number &* 10 &+ UInt64(digit) }
                digitCount += 1
                index += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index += 1
            } else if byte | 0x20 == UInt8(ascii: "x") {
                xCount += 1
                xDigitIndex = digitCount
                digitCount += 1
                index += 1
            } else if byte >= 0x80 {
                let length = unicodeSeparatorLength(bytes, at: index, end: end)
                guard length > 0 else { return .invalidCharacter(byteOffset: index) }
                index += length
            } else {
                return .invalidCharacter(byteOffset: index)
            }
        }

        if xCount > 1 || (xCount == 1 && xDigitIndex != digitCount - 1) { return .misplacedX }
        switch digitCount {
        case 0:
            return .empty
        case 9, 10:
            // Nine digits are a Standard Book Number (UK, before 1974): the ISBN-10 without its
            // leading 0, which leaves `number` the same. With a final X the digits before it are all of `number`.
            let first9 = xCount == 1 ? number : number / 10
            let found: UInt8 = xCount == 1 ? UInt8(ascii: "X") : UInt8(truncatingIfNeeded: number % 10) &+ UInt8(ascii: "0")
            let expected = ISBN.checkDigitByte10(first9)
            guard found == expected else { return .badCheckDigit(expected: expected, found: found) }
            return .isbn(ISBN.isbn13Value(fromISBN10First9: first9))
        case 13:
            if xCount == 1 { return .misplacedX }
            let prefix = number / 10_000_000_000
            guard prefix == 978 || prefix == 979 else { return .unknownPrefix(prefix) }
            let expected = UInt8(truncatingIfNeeded: ISBN.checkDigitValue13(number / 10)) &+ UInt8(ascii: "0")
            let found = UInt8(truncatingIfNeeded: number % 10) &+ UInt8(ascii: "0")
            guard found == expected else { return .badCheckDigit(expected: expected, found: found) }
            return .isbn(number)
        default:
            return .wrongLength(digits: digitCount)
        }
    }

    // MARK: - Byte classes

    /// Space, tab, line feed, vertical tab, form feed, carriage return.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// The byte length of a separator that may sit between digits, or 0: besides ASCII ones,
    /// no-break and figure spaces and the Unicode hyphens and dashes web pages and word processors
    /// put into ISBNs (U+00A0, U+2007, U+202F, U+2010–U+2013, U+2212).
    private static func unicodeSeparatorLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        let lead = bytes[index]
        if lead == 0xC2 {
            return index + 1 < end && bytes[index + 1] == 0xA0 ? 2 : 0
        }
        guard lead == 0xE2, index + 2 < end else { return 0 }
        let second = bytes[index + 1]
        let third = bytes[index + 2]
        if second == 0x80 && ((0x90...0x93).contains(third) || third == 0x87 || third == 0xAF) { return 3 }
        if second == 0x88 && third == 0x92 { return 3 }
        return 0
    }

    /// The byte length of whitespace, a quote or a byte-order mark starting at `index`, or 0.
    private static func leadingWrappingLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 {
            return isASCIIWhitespace(lead) || lead == UInt8(ascii: "\"") || lead == UInt8(ascii: "'") ? 1 : 0
        }
        if lead == 0xC2 && index + 1 < end {
            return isTwoByteWrapping(bytes[index + 1]) ? 2 : 0
        }
        if index + 2 < end {
            return isThreeByteWrapping(lead, bytes[index + 1], bytes[index + 2]) ? 3 : 0
        }
        return 0
    }

    /// The byte length of whitespace or a quote that ends just before `end`, or 0.
    private static func trailingWrappingLength(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Int {
        let last = bytes[end - 1]
        if last < 0x80 {
            return isASCIIWhitespace(last) || last == UInt8(ascii: "\"") || last == UInt8(ascii: "'") ? 1 : 0
        }
        if end - start >= 2 && bytes[end - 2] == 0xC2 && isTwoByteWrapping(last) { return 2 }
        if end - start >= 3 && isThreeByteWrapping(bytes[end - 3], bytes[end - 2], last) { return 3 }
        return 0
    }

    /// U+00A0 no-break space, U+00AB and U+00BB guillemets (after a 0xC2 lead byte).
    private static func isTwoByteWrapping(_ second: UInt8) -> Bool {
        second == 0xA0 || second == 0xAB || second == 0xBB
    }

    /// U+2018, U+2019, U+201C, U+201D curly quotes, U+2007 and U+202F spaces, U+FEFF byte-order mark.
    private static func isThreeByteWrapping(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        if first == 0xE2 && second == 0x80 {
            return third == 0x98 || third == 0x99 || third == 0x9C || third == 0x9D || third == 0x87 || third == 0xAF
        }
        return first == 0xEF && second == 0xBB && third == 0xBF
    }
}
