extension User {
    /// The most characters of a user name.
    public static let nameLimit = 64

    /// A user name as it is kept: trimmed, 1…64 characters, each a letter, mark, digit,
    /// punctuation, symbol or plain space. Control, format and bidirectional characters (U+0007,
    /// U+200B, U+202E…) are refused: a name made of them shows as nothing, and one holding them can
    /// pass for another.
    public static func validatedName(_ name: String) throws(LibraryError) -> String {
        // Refused before anything is cleaned away: a name is kept as it was typed or not at all.
        if let hidden = name.trimmingWhitespace().unicodeScalars.first(where: { !isShown($0) }) {
            throw .invalid(.notPrintable(field: "user name", character: hidden))
        }
        return try Validation.requiredText(name, field: "user name", limit: nameLimit)
    }

    /// The form two names are compared in: canonically composed (NFC) and lower-cased, so
    /// "Alice", "ALICE" and "alice" (and "é" typed as e + U+0301) name one user.
    public static func nameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping.lowercased()
    }

    private static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
