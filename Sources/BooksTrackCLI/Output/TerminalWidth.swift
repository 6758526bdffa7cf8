/// How many terminal columns text takes: East Asian wide and full-width characters and emoji take
/// two, combining marks and zero-width characters none, everything else one (the rules of
/// Unicode's East Asian Width property, UAX #11, that terminals follow).
enum TerminalWidth {
    /// The columns `text` takes.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one character (a grapheme cluster) takes: its first scalar decides.
    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if first.properties.isEmojiPresentation { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// The longest start of `text` that fits in `width` columns.
    static func prefix(of text: String, fitting width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            guard used + columns <= width else { break }
            result.append(character)
            used += columns
        }
        return result
    }

    // East Asian Wide (W) and Fullwidth (F) blocks.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}
