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
        let text = trimmed(title)
        guard let open = openingOfTrailingParenthesis(in: text) else { return (text, nil, nil) }
        let bareTitle = trimmed(text[..<open])
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard !bareTitle.isEmpty, let reference = seriesReference(in: inside) else { return (text, nil, nil) }
        return (bareTitle, reference.series, reference.position)
    }

    /// The series name and position in the inside of a Goodreads series parenthesis, e.g. `"Series, #2.5"`.
    private static func seriesReference(in inside: Substring) -> (series: String, position: Double)? {
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
        return (series, position)
    }

    /// The number in `"2.5"`, or the first of a range such as `"1-3"`; nil when anything else follows.
    private static func leadingPosition(in text: Substring) -> Double? {
        let text = Substring(trimmed(text))
        let numberEnd = text.firstIndex { !($0.isASCII && ($0.isNumber || $0 == ".")) } ?? text.endIndex
        guard let position = Double(text[..<numberEnd]), position.isFinite, position >= 0 else { return nil }
        let rest = text[numberEnd...].drop { $0.isWhitespace }
        guard let dash = rest.first else { return position }
        // An omnibus reads "#1-3" (sometimes with an en dash): keep where it starts.
        guard "-–—".contains(dash), Double(trimmed(rest.dropFirst())) != nil else { return nil }
        return position
    }
}
