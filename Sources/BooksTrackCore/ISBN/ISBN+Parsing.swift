extension ISBN {
    /// Parses an ISBN-10 or ISBN-13 the way people paste it, validating its check digit; a 9-digit
    /// Standard Book Number (SBN, before 1974) is the ISBN-10 with a leading 0, as python-stdnum reads it.
    ///
    /// Accepted: hyphens, spaces (also no-break spaces and Unicode hyphens) between digits; a final
    /// X or x on an ISBN-10; an "ISBN", "ISBN:", "ISBN-10:", "ISBN-13:", "ISBN10" or "ISBN13" label in
    /// any case; Goodreads' `="0441172717"` wrapping (`=""` is empty); surrounding whitespace and
    /// quotes. Thirteen digits must start with 978 or 979. Only ASCII digits count: Arabic-Indic or
    /// full-width digits are rejected as invalid characters.
    public init(parsing text: some StringProtocol) throws(ISBNError) {
        switch ISBNScanner.scan(text) {
        case let .isbn(value):
            self.init(validatedValue: value)
        case .empty:
            throw .empty
        case let .invalidCharacter(byteOffset):
            let (character, position) = ISBN.character(atByteOffset: byteOffset, in: text)
            throw .invalidCharacter(character, position: position)
        case let .wrongLength(digits):
            throw .wrongLength(digits: digits)
        case let .badCheckDigit(expected, found):
            throw .badCheckDigit(expected: Character(Unicode.Scalar(expected)), found: Character(Unicode.Scalar(found)))
        case .misplacedX:
            throw .misplacedX
        case let .unknownPrefix(prefix):
            throw .unknownPrefix(ISBN.decimalString(prefix, digitCount: 3))
        }
    }

    /// Parses an ISBN like `init(parsing:)`, answering nil instead of saying what is wrong.
    public init?(_ text: some StringProtocol) {
        guard case let .isbn(value) = ISBNScanner.scan(text) else { return nil }
        self.init(validatedValue: value)
    }

    /// The character containing the UTF-8 byte at `byteOffset`, and its 1-based position among
    /// the text's characters (what a reader counts), for error messages only.
    private static func character(atByteOffset byteOffset: Int, in text: some StringProtocol) -> (Character, Int) {
        let target = text.utf8.index(text.utf8.startIndex, offsetBy: byteOffset)
        var position = 1
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if next > target { return (text[index], position) }
            position += 1
            index = next
        }
        // Unreachable for an offset inside the text; answer something sensible all the same.
        return ("\u{FFFD}", position)
    }
}
