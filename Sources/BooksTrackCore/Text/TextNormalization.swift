import Foundation

/// Matching keys for titles and author names, the same however a source app spelled them.
///
/// A key is for comparing, de-duplicating and caching, never for display: it is lowercased, has no
/// diacritics (é → e, ß → ss, æ → ae, ø → o, ł → l) and no punctuation, and its words are separated
/// by single spaces. `normalizeTitle` and `normalizeAuthor` build the keys, `splitSeries` and
/// `sortName` reshape display text, and `dedupeKey` joins a title key and an author key.
public enum TextNormalization {
    /// The key two records of one book by one primary author share: `"left hand of darkness|ursula k le guin"`.
    ///
    /// A missing or empty author leaves the part after `|` empty.
    public static func dedupeKey(title: some StringProtocol, primaryAuthor: String?) -> String {
        normalizeTitle(title) + "|" + normalizeAuthor(primaryAuthor ?? "")
    }
}

// MARK: - Shared steps

extension TextNormalization {
    // Letters that carry no combining mark in Unicode, so decomposition alone leaves them as they are.
    private static let letterReplacements: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
        "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th",
        "ı": "i", "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t",
    ]

    /// The apostrophes `words(in:)` drops, so they join the letters around them ("Ender's" → "enders").
    static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "`"]

    /// `text` lowercased, in compatibility-decomposed form, with diacritics on European letters removed;
    /// punctuation is kept.
    static func folded(_ text: some StringProtocol) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Byte by byte: appending to a String's scalar view costs a replace of its storage per scalar.
            return String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
                var count = 0
                for byte in text.utf8 {
                    buffer[count] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                    count += 1
                }
                return count
            }
        }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        // Compatibility decomposition also turns ligatures (ﬁ) and full-width forms (Ａ) into ASCII.
        let decomposed = String(text).decomposedStringWithCompatibilityMapping
        var previousBaseIsEuropean = false
        for scalar in decomposed.unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark {
                // Marks are only dropped from Latin, Greek and Cyrillic letters: on kana or Devanagari
                // they make a different letter, not an accented one.
                if !previousBaseIsEuropean { result.unicodeScalars.append(scalar) }
                continue
            }
            previousBaseIsEuropean = scalar.value < 0x0530
            if scalar.isASCII {
                result.unicodeScalars.append(asciiLowercased(scalar))
            } else if let replacement = letterReplacements[scalar] {
                result += replacement
            } else {
                // Appending a whole String is much faster than appending its scalar view.
                result += scalar.properties.lowercaseMapping
            }
        }
        return result
    }

    /// The words of folded text: runs of letters, digits and marks; `&` becomes "and", apostrophes
    /// are dropped and every other character separates words.
    static func words(in folded: some StringProtocol) -> [String] {
        if folded.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(in: folded.utf8) }
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if isWordScalar(scalar) {
                word.append(scalar)
            } else if !apostrophes.contains(scalar) {
                if !word.isEmpty {
                    words.append(String(word))
                    word.removeAll(keepingCapacity: true)
                }
                if scalar == "&" { words.append("and") }
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    /// `words(in:)` of ASCII text, read as bytes.
    private static func asciiWords(in bytes: some Collection<UInt8>) -> [String] {
        var words: [String] = []
        var word: [UInt8] = []
        word.reserveCapacity(32)
        for byte in bytes {
            switch byte {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39:
                word.append(byte)
            case UInt8(ascii: "'"), UInt8(ascii: "`"):
                continue
            default:
                if !word.isEmpty {
                    words.append(String(decoding: word, as: UTF8.self))
                    word.removeAll(keepingCapacity: true)
                }
                if byte == UInt8(ascii: "&") { words.append("and") }
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// The index of the `(` that opens the parenthesis `text` ends with, or nil when `text` does not
    /// end with `)` or its parentheses do not balance.
    static func openingOfTrailingParenthesis(in text: String) -> String.Index? {
        guard text.last == ")" else { return nil }
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            switch text[index] {
            case ")": depth += 1
            case "(":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// `text` without surrounding whitespace and newlines.
    static func trimmed(_ text: some StringProtocol) -> String {
        text.trimmingWhitespace()
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9": return true
            default: return false
            }
        }
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(truncatingIfNeeded: scalar.value) | 0x20) : scalar
    }
}
