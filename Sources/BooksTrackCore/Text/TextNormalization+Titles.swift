extension TextNormalization {
    // English, French, German and Spanish definite and indefinite articles that catalogs file under.
    private static let leadingArticles: Set<String> = [
        "the", "a", "an", "le", "la", "les", "der", "die", "das", "el", "los", "las",
    ]

    /// The matching key of a title: `"Gideon the Ninth (The Locked Tomb #1)"` → `"gideon the ninth"`,
    /// `"The Left Hand of Darkness"` → `"left hand of darkness"`.
    ///
    /// Removes a trailing series suffix (see `splitSeries(fromTitle:)`), lowercases, strips
    /// diacritics, turns `&` into "and", drops apostrophes, replaces other punctuation with spaces,
    /// removes one leading article (the, a, an, le, la, les, l', der, die, das, el, los, las) unless it
    /// is the whole title, and collapses whitespace. Other parentheses stay: `"Frankenstein (Penguin
    /// Classics)"` → `"frankenstein penguin classics"`.
    public static func normalizeTitle(_ title: some StringProtocol) -> String {
        let text = folded(splitSeries(fromTitle: title).title)
        // French elides "le"/"la" before a vowel: "L'Étranger" files under "etranger".
        if let wordsAfterArticle = wordsAfterElidedArticle(in: text) {
            return wordsAfterArticle.joined(separator: " ")
        }
        var words = Self.words(in: text)
        if words.count > 1, leadingArticles.contains(words[0]) {
            words.removeFirst()
        }
        return words.joined(separator: " ")
    }

    /// The words after a leading "l'" in folded text, or nil when there is no such article or nothing follows it.
    private static func wordsAfterElidedArticle(in folded: String) -> [String]? {
        let scalars = folded.unicodeScalars.drop { $0.properties.isWhitespace }
        guard scalars.first == "l", let second = scalars.dropFirst().first, apostrophes.contains(second) else {
            return nil
        }
        let words = Self.words(in: Substring(scalars.dropFirst(2)))
        return words.isEmpty ? nil : words
    }
}

extension TextNormalization {
    /// The key of the title before its subtitle: `"Sapiens: A Brief History of Humankind"` → `"sapiens"`;
    /// nil for a title without a colon, or with nothing on either side of it.
    ///
    /// Catalogs and trackers disagree on whether the subtitle is part of the title, so one book may
    /// come as `"Sapiens"` from one export and with its subtitle from another.
    public static func mainTitleKey(_ title: String) -> String? {
        // The store calls this for every new work, from another module: there the generic version
        // below is not specialized, and its byte search went through the protocol a byte at a time.
        var title = title
        guard title.withUTF8({ $0.contains(UInt8(ascii: ":")) }) else { return nil }
        return mainTitleKey(title[...])
    }

    /// The key before the subtitle of a title or part of one (see the `String` version).
    public static func mainTitleKey(_ title: some StringProtocol) -> String? {
        // Most titles have no colon: their bytes are looked through before their characters.
        guard title.utf8.contains(UInt8(ascii: ":")), let colon = title.firstIndex(of: ":") else { return nil }
        let rest = title[title.index(after: colon)...]
        guard rest.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        let key = normalizeTitle(title[..<colon])
        return key.isEmpty ? nil : key
    }

    /// The subtitle after the first colon of `title`, trimmed; nil when there is none.
    public static func subtitle(inTitle title: some StringProtocol) -> String? {
        guard mainTitleKey(title) != nil, let colon = title.firstIndex(of: ":") else { return nil }
        let rest = title[title.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? nil : rest
    }
}

/// A title with its matching key (`TextNormalization.normalizeTitle`), made only by normalizing
/// that title: a key computed once (an import's matching) can go with the title to the store,
/// which checks that it is the key of the title it writes instead of normalizing it again.
public struct TitleKey: Hashable, Sendable {
    /// The title the key was made from.
    public let title: String
    /// `TextNormalization.normalizeTitle(title)`.
    public let key: String

    /// The key of `title`.
    public init(of title: String) {
        self.title = title
        key = TextNormalization.normalizeTitle(title)
    }

    /// The key, when it was made from `title`; nil for another title.
    public func key(of title: String) -> String? {
        self.title == title ? key : nil
    }
}
