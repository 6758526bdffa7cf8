import BooksTrackCore

extension Cells {
    /// The trimmed, non-empty items of a list cell split at the ASCII `separator`, without duplicates.
    ///
    /// Walks the UTF-8 bytes rather than calling Foundation's `components(separatedBy:)`, which
    /// bridges through NSString on Linux and shows in 100,000-row imports.
    static func items(_ cell: String?, separator: Unicode.Scalar = ",") -> [String] {
        guard let cell else { return [] }
        let byte = UInt8(truncatingIfNeeded: separator.value)
        let utf8 = cell.utf8
        var items: [String] = []
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: byte) ?? utf8.endIndex
            let item = trimmed(cell[start..<end])
            if !item.isEmpty, !items.contains(item) { items.append(item) }
            start = end < utf8.endIndex ? utf8.index(after: end) : end
        }
        return items
    }

    /// `text` without surrounding whitespace. ASCII spaces are skipped byte by byte, and the
    /// Unicode scan only runs when the text then starts or ends with another non-printing character.
    static func trimmed(_ text: Substring) -> String {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, utf8[start] == UInt8(ascii: " ") { start = utf8.index(after: start) }
        while start < end, utf8[utf8.index(before: end)] == UInt8(ascii: " ") { end = utf8.index(before: end) }
        guard start < end else { return "" }
        let inner = text[start..<end]
        if (0x21...0x7E).contains(utf8[start]), (0x21...0x7E).contains(utf8[utf8.index(before: end)]) {
            return String(inner)
        }
        return inner.trimmingWhitespace()
    }

    /// One person's name from a cell that holds one, commas and all; runs of spaces folded; nil when blank.
    static func name(_ cell: String?) -> String? {
        guard let cell else { return nil }
        let name = trimmed(cell[...])
        let folded = hasDoubleSpace(name) ? name.split(separator: " ").joined(separator: " ") : name
        return folded.isEmpty ? nil : folded
    }

    /// The people named in a comma-separated cell, in order and without duplicates. A generational
    /// suffix after a comma ("Martin Luther King, Jr.") stays with the name before it, and runs of
    /// spaces inside a name become one (Goodreads writes some names as "Brandon  Sanderson").
    static func names(_ cell: String?) -> [String] {
        guard let cell else { return [] }
        // Most cells name one person: no comma to split at, no spaces to fold.
        if !cell.utf8.contains(UInt8(ascii: ",")), !hasDoubleSpace(cell) {
            let name = trimmed(cell[...])
            return name.isEmpty ? [] : [name]
        }
        var names: [String] = []
        for item in items(cell) {
            let name = hasDoubleSpace(item) ? item.split(separator: " ").joined(separator: " ") : item
            if let last = names.last, isNameSuffix(name) {
                names[names.count - 1] = last + ", " + name
            } else if !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    private static func hasDoubleSpace(_ text: String) -> Bool {
        var previousWasSpace = false
        for byte in text.utf8 {
            let isSpace = byte == UInt8(ascii: " ")
            if isSpace, previousWasSpace { return true }
            previousWasSpace = isSpace
        }
        return false
    }

    /// "Jr.", "Sr.", "II", "III", "IV": parts that follow a whole name.
    static func isNameSuffix(_ text: String) -> Bool {
        guard text.utf8.count <= 4 else { return false }
        switch text.lowercased().filter({ $0 != "." }) {
        case "jr", "sr", "ii", "iii", "iv": return true
        default: return false
        }
    }

    /// Roles that make a person an author: none at all, or one of these words.
    static func isAuthorRole(_ role: String) -> Bool {
        ["", "author", "primary author", "co-author", "coauthor", "writer", "creator"].contains(role.lowercased())
    }

    /// Adds `contributor` unless the same person in the same role is there.
    static func appendContributor(_ contributor: Contributor, to book: inout ImportedBook) {
        guard !contributor.name.isEmpty, !book.contributors.contains(contributor) else { return }
        book.contributors.append(contributor)
    }

    /// Puts contributors such as `Natasha Wimmer (Translator)` in their places, keeping every one:
    /// people without a role (or an author's) are authors in order; several translators or
    /// narrators are joined with ", " on the edition; other roles (illustrator, editor,
    /// contributor) are contributors, not authors.
    static func assignEveryContributor(_ names: [String], to book: inout ImportedBook) {
        var translators: [String] = book.translator.map { [$0] } ?? []
        var narrators: [String] = book.narrator.map { [$0] } ?? []
        for entry in names {
            let (name, role) = nameAndRole(entry)
            guard !name.isEmpty else { continue }
            switch role {
            case "translator":
                if !translators.contains(name) { translators.append(name) }
            case "narrator", "reader":
                if !narrators.contains(name) { narrators.append(name) }
            case let role? where !isAuthorRole(role):
                appendContributor(Contributor(name: name, role: role), to: &book)
            default:
                if !book.authors.contains(name) { book.authors.append(name) }
            }
        }
        book.translator = translators.isEmpty ? nil : translators.joined(separator: ", ")
        book.narrator = narrators.isEmpty ? nil : narrators.joined(separator: ", ")
    }

    /// Adds `tag` to `tags` unless it is already there, cut to `LibraryEntry.tagLimit` characters
    /// with a problem when longer.
    static func appendTag(_ tag: String, to tags: inout [String], row: Int, problems: inout [ImportProblem]) {
        var tag = tag
        let limit = LibraryEntry.tagLimit
        if tag.utf8.count > limit, tag.count > limit {
            problems.append(
                ImportProblem(
                    row: row, message: "tag \(quoted(tag)) is \(tag.count) characters, longer than \(limit); imported cut to \(limit)"
                ))
            tag = String(tag.prefix(limit)).trimmingWhitespace()
        }
        guard !tag.isEmpty, !tags.contains(tag) else { return }
        tags.append(tag)
    }

    /// `status(shelf:…)`, with a shelf that names no status added to `tags` through `appendTag`,
    /// so it is neither doubled nor longer than the limit.
    static func readingStatus(
        shelf: String?, row: Int, problems: inout [ImportProblem], tags: inout [String]
    ) -> ReadingStatus? {
        var shelfTags: [String] = []
        let status = status(shelf: shelf, row: row, problems: &problems, tags: &shelfTags)
        for tag in shelfTags { appendTag(tag, to: &tags, row: row, problems: &problems) }
        return status
    }

    /// Puts an Amazon ASIN on both the edition and the work, as the export does not say which it names.
    static func appendASIN(_ asin: String, to book: inout ImportedBook) {
        if !book.editionExternalIDs.amazonASINs.contains(asin) { book.editionExternalIDs.amazonASINs.append(asin) }
        if !book.workExternalIDs.amazonASINs.contains(asin) { book.workExternalIDs.amazonASINs.append(asin) }
    }

    /// The most undated earlier reads a row may add, so a corrupt read count cannot fill memory.
    static let mostUndatedReads = 100

    /// `count` earlier reads without dates (none when `count` ≤ 0), at most `mostUndatedReads`.
    static func undatedEarlierReads(_ count: Int, row: Int, problems: inout [ImportProblem]) -> [ReadPeriod] {
        guard count > 0 else { return [] }
        if count > mostUndatedReads {
            problems.append(
                ImportProblem(
                    row: row,
                    message: "the read count gives \(count) earlier reads; imported with \(mostUndatedReads)"
                ))
        }
        return Array(repeating: ReadPeriod(outcome: .read), count: min(count, mostUndatedReads))
    }

    /// The title and the series a Goodreads-style title carries (`Dune (Dune #1)`); the series
    /// parser only runs for titles ending in a parenthesis.
    static func titleAndSeries(_ title: String, allowingUnnumbered: Bool = false) -> TextNormalization.SeriesSplit {
        guard title.utf8.last == UInt8(ascii: ")") else { return TextNormalization.SeriesSplit(title: title) }
        return TextNormalization.seriesSplit(fromTitle: title, allowingUnnumbered: allowingUnnumbered)
    }
}
