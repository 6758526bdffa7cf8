extension TextNormalization {
    // Generational suffixes: they follow the whole name, never start the surname.
    private static let nameSuffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv"]

    // Particles, in any case, that belong to the surname they precede ("Le Guin", "van der Waals").
    private static let surnameParticles: Set<String> = [
        "da", "das", "de", "degli", "dei", "del", "della", "den", "der", "des", "di", "do", "dos", "du",
        "la", "le", "te", "ten", "ter", "van", "vom", "von", "zu", "zum", "zur",
    ]

    /// The matching key of a person's name, the same in either order and however initials are written.
    ///
    /// `"Le Guin, Ursula K."`, `"Ursula K. Le Guin"`, `"Ursula K.Le Guin"` and `"ursula k le guin"`
    /// all give `"ursula k le guin"`; `"J.R.R. Tolkien"`, `"J. R. R. Tolkien"`, `"JRR Tolkien"` and
    /// `"Tolkien, J.R.R."` give `"jrr tolkien"` (runs of single-letter initials are joined);
    /// `"King, Jr., Martin Luther"` and `"Martin Luther King Jr."` give `"martin luther king jr"`.
    /// A trailing role in parentheses (`"Natasha Wimmer (Translator)"`) is ignored.
    public static func normalizeAuthor(_ name: some StringProtocol) -> String {
        let parts = folded(removingTrailingParenthesis(from: name))
            .split(separator: ",")
            .map { words(in: $0) }
            .filter { !$0.isEmpty }
        let nameParts = parts.filter { !isSuffixPart($0) }
        // "Last, First" has exactly two name parts; more commas mean something else, kept in order.
        var ordered = nameParts.count == 2 ? nameParts[1] + nameParts[0] : nameParts.flatMap { $0 }
        ordered += parts.filter(isSuffixPart).flatMap { $0 }
        // A suffix written inside the given names ("King, Martin Luther Jr.") moves to the end.
        let suffixes = ordered.dropFirst().filter(nameSuffixes.contains)
        if !suffixes.isEmpty {
            ordered = [ordered[0]] + ordered.dropFirst().filter { !nameSuffixes.contains($0) } + suffixes
        }
        return joiningInitials(ordered).joined(separator: " ")
    }

    /// The catalog form "Last, First" of a name written "First Last", best effort.
    ///
    /// `"Ursula K. Le Guin"` → `"Le Guin, Ursula K."`, `"Johannes van der Waals"` →
    /// `"van der Waals, Johannes"`, `"Martin Luther King Jr."` → `"King, Martin Luther, Jr."`,
    /// `"Plato"` → `"Plato"`. A lowercase or capitalised particle (le, de, van, von, da, del, di, du,
    /// la, ten, ter, van der, von der, ...) before the last word joins the surname. A name that
    /// already holds a comma other than before a suffix is taken as sorted and only trimmed; a name
    /// with no given name left (`"Le Guin"`) comes back as it is. Eastern-order names are not
    /// recognised. A trailing role in parentheses is dropped.
    public static func sortName(forAuthor name: some StringProtocol) -> String {
        var words = removingTrailingParenthesis(from: name).split(whereSeparator: \.isWhitespace).map(String.init)
        var suffixes: [String] = []
        if words.contains(where: { $0.contains(",") }) {
            let parts = words.joined(separator: " ").split(separator: ",").map { trimmed($0) }.filter { !$0.isEmpty }
            guard parts.count >= 2, parts.dropFirst().allSatisfy(isSuffix) else { return parts.joined(separator: ", ") }
            words = parts[0].split(whereSeparator: \.isWhitespace).map(String.init)
            suffixes = Array(parts.dropFirst())
        }
        while words.count > 1, let last = words.last, isSuffix(last) {
            suffixes.insert(words.removeLast(), at: 0)
        }
        guard words.count > 1 else { return (words + suffixes).joined(separator: " ") }
        var surnameStart = words.count - 1
        while surnameStart > 0, isParticle(words[surnameStart - 1]) {
            surnameStart -= 1
        }
        guard surnameStart > 0 else { return (words + suffixes).joined(separator: " ") }
        let surname = words[surnameStart...].joined(separator: " ")
        let givenNames = words[..<surnameStart].joined(separator: " ")
        return ([surname, givenNames] + suffixes).joined(separator: ", ")
    }

    private static func isSuffixPart(_ words: [String]) -> Bool {
        words.count == 1 && nameSuffixes.contains(words[0])
    }

    private static func isSuffix(_ word: some StringProtocol) -> Bool {
        isSuffixPart(Self.words(in: folded(word)))
    }

    private static func isParticle(_ word: String) -> Bool {
        surnameParticles.contains(folded(word))
    }

    /// Joins runs of single ASCII letters: `["j", "r", "r", "tolkien"]` → `["jrr", "tolkien"]`.
    private static func joiningInitials(_ words: [String]) -> [String] {
        var joined: [String] = []
        var initials = ""
        for word in words {
            if word.utf8.count == 1, let letter = word.unicodeScalars.first, letter.properties.isAlphabetic {
                initials += word
                continue
            }
            if !initials.isEmpty {
                joined.append(initials)
                initials = ""
            }
            joined.append(word)
        }
        if !initials.isEmpty { joined.append(initials) }
        return joined
    }

    private static func removingTrailingParenthesis(from name: some StringProtocol) -> String {
        let text = trimmed(name)
        guard let open = openingOfTrailingParenthesis(in: text) else { return text }
        let rest = trimmed(text[..<open])
        return rest.isEmpty ? text : rest
    }
}
