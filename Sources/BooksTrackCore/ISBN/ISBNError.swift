/// Why a text is not a valid ISBN, worded for the person who typed or pasted it.
///
/// `ISBN(parsing:)` reports the first problem in this order: an unexpected character, a misplaced
/// X, the number of digits, the 978/979 prefix, then the check digit.
public enum ISBNError: Error, Equatable, Sendable {
    /// The text holds no digits at all (blank, only an "ISBN:" label, or Goodreads' empty `=""`).
    case empty
    /// A character that has no place in an ISBN, at its 1-based position in the text as given.
    case invalidCharacter(Character, position: Int)
    /// The text holds a number of digits other than 10 or 13.
    case wrongLength(digits: Int)
    /// The last digit does not match the one computed from the others: usually a mistyped digit.
    case badCheckDigit(expected: Character, found: Character)
    /// An X appears somewhere other than as the last character of an ISBN-10.
    case misplacedX
    /// Thirteen digits that do not start with 978 or 979, so are no ISBN (977 is an ISSN, for one).
    case unknownPrefix(String)
}

extension ISBNError: CustomStringConvertible {
    /// The message shown to the user.
    public var description: String {
        switch self {
        case .empty:
            "the ISBN is empty"
        case let .invalidCharacter(character, position):
            "an ISBN holds only digits, hyphens and spaces; found \(Self.quoted(character)) at position \(position)"
        case let .wrongLength(digits):
            "an ISBN has 10 or 13 digits (an old SBN 9); found \(digits)"
        case let .badCheckDigit(expected, found):
            "bad check digit: expected \(expected), found \(found)"
        case .misplacedX:
            "X is only valid as the last character of an ISBN-10"
        case let .unknownPrefix(prefix):
            "an ISBN-13 starts with 978 or 979; found \(prefix)"
        }
    }

    /// A character as a reader can identify it: quoted when it is visible ASCII, with its code
    /// points when it is not (a full-width digit and an ASCII digit look alike).
    private static func quoted(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, scalar.value >= 0x21, scalar.value <= 0x7E {
            return "\"\(character)\""
        }
        let codes = scalars.map { "U+" + hex($0.value) }.joined(separator: " ")
        let invisible: Set<Unicode.GeneralCategory> = [
            .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
        ]
        let isVisible = !scalars.contains { invisible.contains($0.properties.generalCategory) }
        return isVisible ? "\"\(character)\" (\(codes))" : codes
    }

    /// A code point in the usual U+ notation: upper-case hexadecimal, at least four digits.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
