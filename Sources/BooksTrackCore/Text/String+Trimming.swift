extension StringProtocol {
    /// `trimmingWhitespace()` without Foundation's NSString round trip,
    /// which costs microseconds a call on Linux and dominated bulk imports. Unicode White_Space is
    /// the same set as Foundation's whitespacesAndNewlines.
    package func trimmingWhitespace() -> String {
        // Most cells start and end with an ASCII letter, digit or mark: nothing to trim.
        let bytes = utf8
        if let first = bytes.first, isKeptASCII(first), isKeptASCII(bytes[bytes.index(bytes.endIndex, offsetBy: -1)]) {
            return String(self)
        }
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace { end = scalars.index(before: end) }
        if start == scalars.startIndex, end == scalars.endIndex { return String(self) }
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[start..<end])
        return String(trimmed)
    }
}

extension String {
    /// `StringProtocol.trimmingWhitespace()` for a `String`: the generic version reaches the text
    /// through witness tables from another module, which cost as much as the rest of mapping a
    /// CSV cell; a text with nothing to trim is returned as it is.
    package func trimmingWhitespace() -> String {
        let bytes = utf8
        if let first = bytes.first, let last = bytes.last, isKeptASCII(first), isKeptASCII(last) { return self }
        return self[...].trimmingWhitespace()
    }
}

/// Whether a UTF-8 byte is an ASCII character other than White_Space (tab to carriage return, space).
private func isKeptASCII(_ byte: UInt8) -> Bool {
    byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte)
}
