import Foundation

/// Whether a book found by a search is the one read on a spine: words compared after
/// normalization, tolerant of a misread letter in longer words (OCR and models both make them).
public enum ShelfMatch {
    /// The share of words the two titles have in common (Dice's coefficient over their words),
    /// 0–1. A word of five letters or more counts as shared when one letter differs.
    public static func titleSimilarity(_ read: String, _ candidate: String) -> Double {
        let left = words(read), right = words(candidate)
        guard !left.isEmpty, !right.isEmpty else { return 0 }
        var unused = right
        var shared = 0
        for word in left {
            if let index = unused.firstIndex(where: { close(word, $0) }) {
                unused.remove(at: index)
                shared += 1
            }
        }
        return 2 * Double(shared) / Double(left.count + right.count)
    }

    /// Whether `candidate` plausibly is the book read: its title (or its title before a subtitle)
    /// shares at least 60 % of its words with what was read, and, when an author was read, one
    /// of its authors shares a word of their name with it.
    public static func isPlausible(_ candidate: WorkDTO, for detection: ShelfDetection) -> Bool {
        let titles = [candidate.title] + (candidate.title.split(separator: ":").first.map { [String($0)] } ?? [])
        guard titles.contains(where: { titleSimilarity(detection.title, $0) >= 0.6 }) else { return false }
        guard let author = detection.author else { return true }
        let readNames = Set(words(author))
        return candidate.authors.isEmpty || candidate.authors.contains { !Set(words($0.name)).isDisjoint(with: readNames) }
    }

    /// The words of a title or name as compared: normalized, without one-letter words.
    static func words(_ text: String) -> [String] {
        TextNormalization.normalizeTitle(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { $0.count > 1 }
    }

    /// Equal, or (for words of five letters or more) one substitution, insertion or deletion apart.
    static func close(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard min(a.count, b.count) >= 5, abs(a.count - b.count) <= 1 else { return false }
        let x = Array(a), y = Array(b)
        var i = 0, j = 0, edits = 0
        while i < x.count, j < y.count {
            if x[i] == y[j] { i += 1; j += 1; continue }
            edits += 1
            if edits > 1 { return false }
            if x.count > y.count { i += 1 } else if y.count > x.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits + (x.count - i) + (y.count - j) <= 1
    }
}
