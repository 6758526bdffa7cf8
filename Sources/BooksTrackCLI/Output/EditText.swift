import BooksTrackCore
import Foundation

/// How an edit is reported on the terminal: one line a changed value, `Pages:        304 → 320`.
enum EditText {
    /// What one line of the report shows of a book.
    private struct Row: Sendable {
        var label: String
        var value: @Sendable (LibraryBook) -> String
    }

    /// The longest a value is shown in a change line: a description or review is cut.
    static let valueWidth = 60

    /// The lines of the values that differ between `before` and `after`, in the order `show` lists
    /// them; empty when nothing changed.
    static func changes(from before: LibraryBook, to after: LibraryBook) -> [String] {
        rows.compactMap { row in
            let (old, new) = (row.value(before), row.value(after))
            guard old != new else { return nil }
            return TextFormat.field(row.label, shown(old) + " → " + shown(new))
        }
    }

    private static func shown(_ value: String) -> String {
        guard !value.isEmpty else { return "(none)" }
        let single = value.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard TerminalWidth.of(single) > valueWidth else { return single }
        return TerminalWidth.prefix(of: single, fitting: valueWidth - 1) + "…"
    }

    private static func join(_ items: [String]) -> String { items.joined(separator: ", ") }
    private static func yesNo(_ flag: Bool?) -> String { flag.map { $0 ? "yes" : "no" } ?? "" }

    private static let rows: [Row] = [
        Row(label: "Title") { $0.work.title },
        Row(label: "Subtitle") { $0.work.subtitle ?? "" },
        Row(label: "Authors") { join($0.authors.map(\.name)) },
        Row(label: "With") { join(($0.work.contributors ?? []).map(\.label)) },
        Row(label: "Series") { book in book.work.seriesName.map { $0 + TextFormat.seriesPosition(book.work) } ?? "" },
        Row(label: "First published") { book in book.work.firstPublicationYear.map { PartialDate(year: $0)?.yearText ?? String($0) } ?? "" },
        Row(label: "Country") { $0.work.originalCountry ?? "" },
        Row(label: "Written in") { $0.work.originalLanguage ?? "" },
        Row(label: "Genres") { join($0.work.genres) },
        Row(label: "Themes") { join($0.work.culturalThemes) },
        Row(label: "Warnings") { join($0.work.contentWarnings) },
        Row(label: "Awards") { join($0.work.awards) },
        Row(label: "Difficulty") { $0.work.readingDifficulty?.displayName ?? "" },
        Row(label: "Description") { $0.work.description ?? "" },
        Row(label: "Status") { $0.entry.status.displayName },
        Row(label: "Progress") { TextFormat.progress($0) },
        Row(label: "Rating") { TextFormat.rating($0.entry.rating) },
        Row(label: "Added") { TextFormat.date($0.entry.dateAdded) },
        Row(label: "Started") { TextFormat.date($0.entry.dateStarted) },
        Row(label: "Finished") { TextFormat.date($0.entry.dateCompleted) },
        Row(label: "Stopped") { TextFormat.date($0.entry.dateStopped) },
        Row(label: "Daily goal") { book in book.entry.dailyReadingGoal.map { HumanFormat.count($0, "page", "pages") } ?? "" },
        Row(label: "Owned") { yesNo($0.entry.isOwned) },
        Row(label: "Format") { book in book.edition.map { $0.format == .other ? "" : $0.format.displayName } ?? "" },
        Row(label: "Edition title") { $0.edition?.editionTitle ?? "" },
        Row(label: "Publisher") { $0.edition?.publisher ?? "" },
        Row(label: "Published") { $0.edition?.publicationDate?.description ?? "" },
        Row(label: "Pages") { book in book.edition?.pageCount.map(String.init) ?? "" },
        Row(label: "Language") { $0.edition?.language ?? "" },
        Row(label: "Translator") { $0.edition?.translator ?? "" },
        Row(label: "Narrator") { $0.edition?.narrator ?? "" },
        Row(label: "Audiobook") { book in book.edition?.audioDurationMinutes.map(TextFormat.duration) ?? "" },
        Row(label: "ISBN") { book in join(book.edition?.isbns.map(\.hyphenated) ?? []) },
        Row(label: "Cover") { TextFormat.cover($0) ?? "" },
        Row(label: "Tags") { join($0.entry.tags) },
        Row(label: "Favorite") { yesNo($0.entry.isFavorite) },
        Row(label: "Public") { yesNo($0.entry.isPublic) },
        Row(label: "Recommended") { book in book.entry.recommendedBy.map { "by " + $0 } ?? "" },
        Row(label: "Recommend it") { yesNo($0.entry.wouldRecommend) },
        Row(label: "Cultural goal") { TextFormat.culturalGoal($0.entry) },
        Row(label: "Notes") { $0.entry.notes ?? "" },
        Row(label: "Discussion") { $0.entry.discussionNotes ?? "" },
        Row(label: "Review") { $0.entry.review ?? "" },
        Row(label: "Spoilers") { yesNo($0.entry.reviewHasSpoilers) },
    ]
}
