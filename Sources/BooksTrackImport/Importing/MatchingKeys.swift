import BooksTrackCore

/// Title and author keys (`TextNormalization`), each distinct text normalized once.
///
/// A batch needs the key of one title three times (to find the library's candidates, to index
/// the library's book and to match the row), and a file names the same authors on many rows;
/// normalizing is the costly part of matching. Titles are forgotten after each batch, so memory
/// stays flat; author names are kept for the whole import.
struct MatchingKeys: Sendable {
    private var titles: [String: TitleKey] = [:]
    private var authors: [String: String] = [:]

    /// `TextNormalization.normalizeTitle(title)`.
    mutating func title(_ title: String) -> String {
        titleKey(title).key
    }

    /// The title with its key (`title(_:)`), for the store to write without normalizing it again.
    mutating func titleKey(_ title: String) -> TitleKey {
        if let known = titles[title] { return known }
        let made = TitleKey(of: title)
        titles[title] = made
        return made
    }

    /// `TextNormalization.mainTitleKey(title)`: the key of the title before its subtitle, if it has one.
    mutating func mainTitle(_ title: String) -> String? {
        guard title.utf8.contains(UInt8(ascii: ":")) else { return nil }
        return TextNormalization.mainTitleKey(title)
    }

    /// `TextNormalization.normalizeAuthor(name)`.
    mutating func author(_ name: String) -> String {
        if let key = authors[name] { return key }
        let key = TextNormalization.normalizeAuthor(name)
        authors[name] = key
        return key
    }

    /// Keeps the title keys `other` normalized (on another thread, for the same batch).
    mutating func learnTitles(of other: MatchingKeys) {
        titles.merge(other.titles) { mine, _ in mine }
    }

    /// Drops the title keys of the batch just merged. Their table is released, not emptied in
    /// place: a copy merging the next batch ahead may still share it.
    mutating func forgetTitles() {
        titles = [:]
    }
}
