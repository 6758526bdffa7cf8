import Foundation

extension EditionFormat {
    /// The format a binding or media name stands for, as exports, providers, dumps and readers write
    /// it ("Hardcover", "Mass Market Paperback", "Kindle Edition", "Audio CD", "Taschenbuch", "Relié");
    /// `.other` for a name that says no format ("Unknown Binding", "Spiral-bound", "Paper Book");
    /// nil when the text is blank.
    ///
    /// Each word has one meaning, whoever wrote it: mass market (also "Poche", the French pocket
    /// format) before audio, audio before e-book, e-book before hardcover, hardcover before
    /// paperback, so "Mass Market Paperback" is mass market and "Audio CD" an audiobook.
    public init?(parsingBinding text: String) {
        if let known = Self.commonBindings[text] {
            self = known
            return
        }
        guard let format = Self.format(ofBinding: text) else { return nil }
        self = format
    }

    /// The names exports and providers use most, looked up whole so that a 100,000-row file or a
    /// dump of millions of editions does not split and fold the same few names on every row.
    private static let commonBindings: [String: EditionFormat] = {
        let names = [
            "Paperback", "Hardcover", "Kindle Edition", "ebook", "eBook", "Mass Market Paperback", "Audiobook",
            "Audio CD", "Audible Audio", "Audio Cassette", "Board Book", "Board book", "Nook", "Library Binding",
            "School & Library Binding", "Trade Paperback", "Unknown Binding", "Tapa blanda", "Tapa dura", "Broché",
            "Relié", "Taschenbuch", "Gebundene Ausgabe", "Poche", "MP3 CD", "Spiral-bound", "Leather Bound",
            "Comics", "paperback", "hardcover", "digital", "audio", "Book", "Audio", "Ebook", "E-Book",
            "Electronic resource",
        ]
        var table: [String: EditionFormat] = [:]
        for name in names {
            if let format = format(ofBinding: name) { table[name] = format }
        }
        return table
    }()

    private static func format(ofBinding text: String) -> EditionFormat? {
        guard text.contains(where: { !$0.isWhitespace }) else { return nil }
        // Case and accents do not matter ("Relié", "relie", "RELIÉ"); any other character separates words.
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let words = folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        let pairs = Set(zip(words, words.dropFirst()).map { $0 + " " + $1 })
        func has(_ word: String) -> Bool { words.contains(word) }
        func hasPrefix(_ prefix: String) -> Bool { words.contains { $0.hasPrefix(prefix) } }

        if pairs.contains("mass market") || has("massmarket") || has("poche") { return .massMarket }
        // A CD-ROM holds data, not a reading.
        if hasPrefix("audio") || hasPrefix("horbuch") || ["audible", "mp3", "cassette"].contains(where: has)
            || (has("cd") && !pairs.contains("cd rom"))
        {
            return .audiobook
        }
        if pairs.contains("e book") || hasPrefix("ebook")
            || ["epub", "pdf", "kindle", "nook", "digital", "electronic"].contains(where: has)
        {
            return .ebook
        }
        if has("hard") || hasPrefix("hardc") || hasPrefix("hardb") || hasPrefix("gebunden") || has("relie")
            || ["tapa dura", "library binding", "board book"].contains(where: pairs.contains)
        {
            return .hardcover
        }
        // "Paper" alone is Open Library's paperback; LibraryThing's "Paper Book" only says it is printed.
        if (has("paper") && !pairs.contains("paper book")) || hasPrefix("paperb") || has("soft") || hasPrefix("softc")
            || hasPrefix("softb") || pairs.contains("tapa blanda")
            || ["taschenbuch", "broche", "brossura"].contains(where: has)
        {
            return .paperback
        }
        return .other
    }
}
