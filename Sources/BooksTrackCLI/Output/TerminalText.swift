import BooksTrackCore

/// Text made safe to print: a control character or a bidi override left in a stored text (one kept
/// before `TextCleaning`, or a message quoting what was typed) is shown as its code instead of
/// acting on the terminal. Tabs and line feeds are kept.
enum TerminalText {
    /// "Nul\u{0}Byte\u{1B}[31m" → `Nul\u{0}Byte\u{1B}[31m` written out, as plain characters.
    static func escaped(_ text: String) -> String {
        escaping(text) { "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" }
    }

    /// The same characters as JSON escapes (`\u001B`), for JSON documents: they stand only inside
    /// strings there, where the escape is valid JSON and reads back as the same character.
    static func escapedJSON(_ text: String) -> String {
        escaping(text) { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    private static func escaping(_ text: String, _ code: (Unicode.Scalar) -> String) -> String {
        guard needsEscaping(text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isEscaped(scalar.value) { result += code(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// What cleaning removes from a text, tab and line feed excepted.
    private static func isEscaped(_ value: UInt32) -> Bool {
        value != 0x09 && value != 0x0A && TextCleaning.isRemoved(value)
    }

    /// Whether any character is escaped; ASCII text is checked byte by byte.
    private static func needsEscaping(_ text: String) -> Bool {
        var hasNonASCII = false
        for byte in text.utf8 {
            if (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F { return true }
            if byte >= 0x80 { hasNonASCII = true }
        }
        return hasNonASCII && text.unicodeScalars.contains { $0.value >= 0x80 && isEscaped($0.value) }
    }
}
