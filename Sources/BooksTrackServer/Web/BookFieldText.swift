import BooksTrackCore
import Foundation

/// A book's fields as the Edit page's form shows them: the text a reader would type for each
/// `BookField`, which `BookEdit.set(_:text:)` reads back to the same value. The form sends every
/// field; only those whose text differs from the one shown are given to the edit, so a field the
/// reader did not touch is not marked as the reader's.
enum BookFieldText {
    /// The text of `field` of `book`: lists one item per line, people "Name" or "Name (role)",
    /// flags "yes" or "no", days "2024-03-05", and "" for a field without a value.
    static func text(_ field: BookField, of book: LibraryBook) -> String {
        let work = book.work
        let edition = book.edition
        let entry = book.entry
        switch field {
        case .title: return work.title
        case .subtitle: return work.subtitle ?? ""
        case .authors: return book.people.map(personText).joined(separator: "\n")
        case .seriesName: return work.seriesName ?? ""
        case .seriesPosition: return work.seriesPosition.map(NumberText.plain) ?? ""
        case .seriesPositionEnd: return work.seriesPositionEnd.map(NumberText.plain) ?? ""
        case .firstPublicationYear: return work.firstPublicationYear.map(String.init) ?? ""
        case .originalCountry: return work.originalCountry ?? ""
        case .originalLanguage: return work.originalLanguage ?? ""
        case .genres: return lines(work.genres)
        case .description: return work.description ?? ""
        case .culturalThemes: return lines(work.culturalThemes)
        case .contentWarnings: return lines(work.contentWarnings)
        case .awards: return lines(work.awards)
        case .readingDifficulty: return work.readingDifficulty?.rawValue ?? ""
        case .isbns: return lines(edition?.isbns.map(\.isbn13) ?? [])
        case .publisher: return edition?.publisher ?? ""
        case .publicationDate: return edition?.publicationDate?.description ?? ""
        case .pageCount: return edition?.pageCount.map(String.init) ?? ""
        case .format: return edition?.format.rawValue ?? ""
        case .language: return edition?.language ?? ""
        case .editionTitle: return edition?.editionTitle ?? ""
        case .translator: return edition?.translator ?? ""
        case .narrator: return edition?.narrator ?? ""
        case .audioDurationMinutes: return edition?.audioDurationMinutes.map(String.init) ?? ""
        // An uploaded cover has no address to show: the cover section says it is there.
        case .coverImageURL: return edition.flatMap { $0.hasUploadedCover ? nil : $0.coverImageURL?.absoluteString } ?? ""
        case .status: return entry.status.rawValue
        case .owned: return flag(entry.isOwned)
        case .rating: return entry.rating.map(NumberText.plain) ?? ""
        case .review: return entry.review ?? ""
        case .reviewHasSpoilers: return flag(entry.reviewHasSpoilers)
        case .notes: return entry.notes ?? ""
        case .discussionNotes: return entry.discussionNotes ?? ""
        case .tags: return lines(entry.tags)
        case .isFavorite: return flag(entry.isFavorite)
        case .isPublic: return flag(entry.isPublic)
        case .recommendedBy: return entry.recommendedBy ?? ""
        case .wouldRecommend: return entry.wouldRecommend.map(flag) ?? ""
        case .contributesToCulturalGoal: return flag(entry.contributesToCulturalGoal)
        case .culturalGoalCategory: return entry.culturalGoalCategory ?? ""
        case .dailyReadingGoal: return entry.dailyReadingGoal.map(String.init) ?? ""
        case .dateAdded: return ISO8601Text.day(entry.dateAdded)
        case .dateStarted: return entry.dateStarted.map(ISO8601Text.day) ?? ""
        case .dateCompleted: return entry.dateCompleted.map(ISO8601Text.day) ?? ""
        case .dateStopped: return entry.dateStopped.map(ISO8601Text.day) ?? ""
        }
    }

    /// The fields the form shows as checkboxes: a checkbox left unticked sends nothing, which is "no".
    static let checkboxes: Set<BookField> = [.owned, .reviewHasSpoilers, .isFavorite, .isPublic, .contributesToCulturalGoal]

    /// "yes" or "no", as the parser reads a flag.
    static func flag(_ value: Bool) -> String { value ? "yes" : "no" }

    /// An author as one line: the name, unless the name itself ends in a parenthesis, which would
    /// be read as a role.
    private static func personText(_ person: Contributor) -> String {
        guard person.role == "author" else { return person.label }
        return Contributor(label: person.name) == nil ? person.name : person.label
    }

    private static func lines(_ items: [String]) -> String { items.joined(separator: "\n") }

    // MARK: What the form was filled with

    /// The texts compared: what a browser sends back for what it was shown (CR LF for a line
    /// break, the ends trimmed) compares equal to it.
    static func comparable(_ text: String) -> String {
        TextCleaning.paragraphs(text).trimmingWhitespace()
    }

    /// A short fingerprint of each field's text, carried by the form: the fields that differ from
    /// it are the reader's changes, even when the book changed meanwhile in another window.
    static func fingerprints(of book: LibraryBook) -> String {
        BookField.allCases.map { "\($0.rawValue):\(fingerprint(text($0, of: book)))" }.joined(separator: ",")
    }

    /// Reads `fingerprints(of:)` back; unknown names and malformed pairs are left out.
    static func fingerprints(reading text: String) -> [BookField: String] {
        var prints: [BookField: String] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let field = BookField(rawValue: String(parts[0])) else { continue }
            prints[field] = String(parts[1])
        }
        return prints
    }

    /// FNV-1a of the comparable text, 16 hexadecimal digits.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in comparable(text).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
