extension TextNormalization {
    /// Splits the series Goodreads-style titles carry in a trailing parenthesis.
    ///
    /// - `"Gideon the Ninth (The Locked Tomb #1)"` → `("Gideon the Ninth", "The Locked Tomb", 1)`
    /// - `"Title (Series, #2.5)"` → `("Title", "Series", 2.5)`
    /// - `"The Colour of Magic (Discworld, #1; Rincewind #1)"` → the first series: `("The Colour of Magic", "Discworld", 1)`
    /// - an omnibus `"Title (Series, #1-3)"` → the first number: `("Title", "Series", 1)`
    ///
    /// Only a parenthesis holding a series name, `#` and a number counts; any other title
    /// (`"Frankenstein (Penguin Classics)"`, `"(#1 Bestseller)"`) comes back trimmed with no series
    /// and no position.
    public static func splitSeries(
        fromTitle title: some StringProtocol
    ) -> (title: String, series: String?, position: Double?) {
        let split = seriesSplit(fromTitle: title)
        return (split.title, split.series, split.position)
    }

    /// A title with the series it carries split off.
    public struct SeriesSplit: Hashable, Sendable {
        /// The title without the series parenthesis.
        public var title: String
        /// The series name, if the title carried one.
        public var series: String?
        /// The position, or the first position of an omnibus (`#1-3` → 1).
        public var position: Double?
        /// The last position of an omnibus (`#1-3` → 3).
        public var positionEnd: Double?

        /// A split; a title alone carries no series.
        public init(title: String, series: String? = nil, position: Double? = nil, positionEnd: Double? = nil) {
            self.title = title
            self.series = series
            self.position = position
            self.positionEnd = positionEnd
        }
    }

    /// Like `splitSeries(fromTitle:)`, keeping an omnibus's range (`"Title (Series, #1-3)"`), and,
    /// when `allowingUnnumbered`, reading a parenthesis without `#` as a series without a position
    /// (`"The Silmarillion (Middle-earth Universe)"`: how Goodreads writes an unnumbered series),
    /// unless it reads as a note on the edition (`"(Illustrated Edition)"`, `"(Unabridged)"`).
    public static func seriesSplit(fromTitle title: some StringProtocol, allowingUnnumbered: Bool = false) -> SeriesSplit {
        // Most titles are ASCII, where a character is a byte: their bytes are read directly, which
        // took a tenth of the time of reading them as characters.
        let ascii = title.utf8.withContiguousStorageIfAvailable { asciiSeriesSplit($0, allowingUnnumbered: allowingUnnumbered) }
        if let ascii, let split = ascii { return split }
        return characterSeriesSplit(fromTitle: title, allowingUnnumbered: allowingUnnumbered)
    }

    /// `seriesSplit(fromTitle:allowingUnnumbered:)` read character by character, for any title.
    static func characterSeriesSplit(fromTitle title: some StringProtocol, allowingUnnumbered: Bool) -> SeriesSplit {
        let text = trimmed(title)
        let none = SeriesSplit(title: text)
        guard let open = openingOfTrailingParenthesis(in: text) else { return none }
        let bareTitle = trimmed(text[..<open])
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard !bareTitle.isEmpty else { return none }
        if let reference = seriesReference(in: inside) {
            return SeriesSplit(title: bareTitle, series: reference.series, position: reference.position, positionEnd: reference.end)
        }
        let series = trimmed(inside.prefix { $0 != ";" })
        guard allowingUnnumbered, !inside.contains("#"), !series.isEmpty, !isEditionNote(series) else { return none }
        return SeriesSplit(title: bareTitle, series: series)
    }

    /// `seriesSplit(fromTitle:allowingUnnumbered:)` for a title of ASCII characters other than the
    /// carriage return (which makes one character with a line feed after it), read byte by byte:
    /// the same steps as `characterSeriesSplit`, where every character is one byte. Nil for any
    /// other title.
    static func asciiSeriesSplit(_ bytes: UnsafeBufferPointer<UInt8>, allowingUnnumbered: Bool) -> SeriesSplit? {
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return nil }
        // White_Space among those characters: tab to form feed, and space.
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || (0x09...0x0C).contains(byte) }
        func trim(_ range: Range<Int>) -> Range<Int> {
            var start = range.lowerBound, end = range.upperBound
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            return start..<end
        }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func number(_ range: Range<Int>) -> Double? { Double(text(range)) }
        /// `leadingPosition(in:)`.
        func leadingPosition(in range: Range<Int>) -> (start: Double, end: Double?)? {
            let range = trim(range)
            let numberEnd = bytes[range].firstIndex { !((0x30...0x39).contains($0) || $0 == UInt8(ascii: ".")) } ?? range.upperBound
            guard let position = number(range.lowerBound..<numberEnd), position.isFinite, position >= 0 else { return nil }
            var dash = numberEnd
            while dash < range.upperBound, isSpace(bytes[dash]) { dash += 1 }
            guard dash < range.upperBound else { return (position, nil) }
            guard bytes[dash] == UInt8(ascii: "-"), let end = number(trim(dash + 1..<range.upperBound)), end.isFinite else { return nil }
            return (position, end > position ? end : nil)
        }

        let whole = trim(0..<bytes.count)
        let none = SeriesSplit(title: text(whole))
        guard !whole.isEmpty, bytes[whole.upperBound - 1] == UInt8(ascii: ")") else { return none }
        var depth = 0
        var index = whole.upperBound
        var opening: Int?
        while opening == nil, index > whole.lowerBound {
            index -= 1
            if bytes[index] == UInt8(ascii: ")") { depth += 1 }
            if bytes[index] == UInt8(ascii: "(") {
                depth -= 1
                if depth == 0 { opening = index }
            }
        }
        guard let opening else { return none }
        let bareTitle = trim(whole.lowerBound..<opening)
        let inside = opening + 1..<whole.upperBound - 1
        guard !bareTitle.isEmpty else { return none }
        let first = inside.lowerBound..<(bytes[inside].firstIndex(of: UInt8(ascii: ";")) ?? inside.upperBound)
        if let hash = bytes[first].lastIndex(of: UInt8(ascii: "#")) {
            var series = trim(first.lowerBound..<hash)
            if series.last.map({ bytes[$0] }) == UInt8(ascii: ",") { series = trim(series.lowerBound..<series.upperBound - 1) }
            if !series.isEmpty, let position = leadingPosition(in: hash + 1..<first.upperBound) {
                return SeriesSplit(title: text(bareTitle), series: text(series), position: position.start, positionEnd: position.end)
            }
        }
        let series = trim(first)
        guard allowingUnnumbered, !bytes[inside].contains(UInt8(ascii: "#")), !series.isEmpty, !isEditionNote(text(series)) else {
            return none
        }
        return SeriesSplit(title: text(bareTitle), series: text(series))
    }

    /// Words that make a parenthesis a note on the edition rather than a series name.
    private static let editionNoteWords: Set<String> = [
        "edition", "ed", "illustrated", "unabridged", "abridged", "annotated", "paperback", "hardcover", "audiobook",
        "audio", "ebook", "kindle", "translated", "translation", "reprint", "revised", "expanded", "anniversary",
        "volume", "vol", "a", "novel", "book", "tome", "band", "isbn",
    ]

    private static func isEditionNote(_ text: String) -> Bool {
        let words = text.lowercased().split { !$0.isLetter }
        return words.isEmpty || words.allSatisfy({ $0.allSatisfy(\.isNumber) })
            || words.contains { editionNoteWords.contains(String($0)) && $0 != "a" } || words == ["a", "novel"]
    }

    /// The series name and position in the inside of a Goodreads series parenthesis, e.g. `"Series, #2.5"`.
    private static func seriesReference(in inside: Substring) -> (series: String, position: Double, end: Double?)? {
        // Goodreads joins a book's several series with "; " and lists the main one first.
        let first = inside.prefix { $0 != ";" }
        guard let hash = first.lastIndex(of: "#") else { return nil }
        var series = trimmed(first[..<hash])
        if series.hasSuffix(",") {
            series = trimmed(series.dropLast())
        }
        guard !series.isEmpty, let position = leadingPosition(in: first[first.index(after: hash)...]) else {
            return nil
        }
        return (series, position.start, position.end)
    }

    /// The number in `"2.5"`, or both ends of a range such as `"1-3"`; nil when anything else follows.
    private static func leadingPosition(in text: Substring) -> (start: Double, end: Double?)? {
        let text = Substring(trimmed(text))
        let numberEnd = text.firstIndex { !($0.isASCII && ($0.isNumber || $0 == ".")) } ?? text.endIndex
        guard let position = Double(text[..<numberEnd]), position.isFinite, position >= 0 else { return nil }
        let rest = text[numberEnd...].drop { $0.isWhitespace }
        guard let dash = rest.first else { return (position, nil) }
        // An omnibus reads "#1-3" (sometimes with an en dash).
        guard "-–—".contains(dash), let end = Double(trimmed(rest.dropFirst())), end.isFinite else { return nil }
        return (position, end > position ? end : nil)
    }
}
