import BooksTrackCore
import Foundation

/// How well a catalog book accounts for the words OCR read on a spine, tolerant of the letters
/// OCR gets wrong: the share of its title read, of its author's name read, and of what was read
/// that it explains (a spine holds little besides its title and author).
struct SpineTextMatch: Hashable, Sendable {
    /// 0–1, by letters: how much of the title's words were read.
    var title: Double
    /// 0–1, by letters: how much of the first author's name was read (0 when the book has none).
    var author: Double
    /// 0–1, by letters: how much of what was read is the title or the author.
    var explained: Double

    /// The words of a spine, a title or a name as compared: normalized, of two characters or
    /// more, or numbers (Part 1 and Part 2 are different books).
    static func words(_ text: String) -> [String] {
        TextNormalization.normalizeTitle(text)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
            .filter { $0.count > 1 || $0.allSatisfy(\.isNumber) }
    }

    /// The match of a book (`title` and `author` words) against the words `read` on a spine.
    init(title: [String], author: [String], read: [String]) {
        var unused = Array(read.indices)
        var explainedLetters = 0
        func take(_ words: [String]) -> Double {
            let letters = words.reduce(0) { $0 + $1.count }
            guard letters > 0 else { return 0 }
            var found = 0
            for word in words {
                if let slot = unused.firstIndex(where: { Self.close(word, read[$0]) }) {
                    found += word.count
                    explainedLetters += read[unused[slot]].count
                    unused.remove(at: slot)
                }
            }
            return Double(found) / Double(letters)
        }
        self.title = take(title)
        self.author = take(author)
        let readLetters = read.reduce(0) { $0 + $1.count }
        self.explained = readLetters == 0 ? 0 : Double(explainedLetters) / Double(readLetters)
    }

    /// One figure, 0–1: mostly the title, then the author, then how little else was read.
    var score: Double {
        0.55 * title + 0.25 * author + 0.2 * explained
    }

    /// Equal, or a few letters apart for longer words: one edit from four letters, two from eight
    /// (OCR confuses rn/m, l/I, e/c).
    static func close(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let shorter = min(a.count, b.count)
        let allowed = shorter >= 8 ? 2 : shorter >= 4 ? 1 : 0
        guard allowed > 0, abs(a.count - b.count) <= allowed else { return false }
        return editDistance(Array(a), Array(b), atMost: allowed) <= allowed
    }

    /// The Levenshtein distance of two words, stopping once it exceeds `limit` (then `limit + 1`).
    static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int {
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(1, a.count) where !a.isEmpty {
            current[0] = i
            var rowBest = current[0]
            for j in 1...max(1, b.count) where !b.isEmpty {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowBest = min(rowBest, current[j])
            }
            if rowBest > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
