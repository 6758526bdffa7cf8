extension StringProtocol {
    /// `trimmingWhitespace()` without Foundation's NSString round trip,
    /// which costs microseconds a call on Linux and dominated bulk imports. Unicode White_Space is
    /// the same set as Foundation's whitespacesAndNewlines.
    package func trimmingWhitespace() -> String {
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
