import BooksTrackCore
import Foundation

/// Readings of single cells shared by every format: ISBNs with their quirks, dates, ratings on every
/// scale, lists, booleans, HTML reviews, bindings and author roles. Problems are appended to the
/// caller's list with the row number; a bad value is left out, never guessed.
enum Cells {
    // MARK: ISBNs

    /// The valid ISBNs and Amazon ASINs in `cells`, in order, without duplicates.
    ///
    /// Each cell may hold several values separated by commas or semicolons, Goodreads' `="…"`
    /// wrapping, LibraryThing's brackets, or an ISBN-10 whose leading zeros a spreadsheet dropped
    /// (`441172717`). An ASIN (`B0…`) in an ISBN column is kept as an ASIN. Anything else is
    /// reported and left out.
    static func isbns(
        in cells: [String?], row: Int, problems: inout [ImportProblem]
    ) -> (isbns: [ISBN], asins: [String]) {
        var isbns: [ISBN] = []
        var asins: [String] = []
        for cell in cells {
            guard let cell else { continue }
            for piece in cell.split(whereSeparator: { $0 == "," || $0 == ";" }) {
                let value = unwrapped(piece)
                guard !value.isEmpty else { continue }
                if let isbn = ISBN(value) {
                    if !isbns.contains(isbn) { isbns.append(isbn) }
                } else if let restored = restoringLeadingZeros(value) {
                    if !isbns.contains(restored) { isbns.append(restored) }
                } else if isASIN(value) {
                    if !asins.contains(value) { asins.append(value) }
                } else {
                    let reason: String
                    do {
                        _ = try ISBN(parsing: value)
                        reason = "is not an ISBN"
                    } catch {
                        reason = "is not a valid ISBN (\(error))"
                    }
                    problems.append(ImportProblem(
                        row: row, message: "\(Self.quoted(value)) \(reason); imported without it"
                    ))
                }
            }
        }
        return (isbns, asins)
    }

    /// The value inside `="…"`, `[…]` or quotes, trimmed.
    static func unwrapped(_ text: some StringProtocol) -> String {
        var value = Substring(text).trimmingWhitespace()[...]
        if value.hasPrefix("=") { value = value.dropFirst() }
        while let first = value.first, let last = value.last, value.count >= 2,
            (first == "\"" && last == "\"") || (first == "[" && last == "]") || (first == "'" && last == "'")
        {
            value = value.dropFirst().dropLast()
        }
        return value.trimmingWhitespace()
    }

    /// An ISBN-10 of 7 to 9 digits that a spreadsheet stored as a number, padded back with zeros.
    private static func restoringLeadingZeros(_ value: String) -> ISBN? {
        guard (7...9).contains(value.count), value.dropLast().allSatisfy(\.isASCIIDigit),
            let last = value.last, last.isASCIIDigit || last == "X" || last == "x"
        else { return nil }
        return ISBN(String(repeating: "0", count: 10 - value.count) + value)
    }

    /// Amazon's ten-character identifiers for books without an ISBN start with "B0".
    static func isASIN(_ value: String) -> Bool {
        value.count == 10 && value.hasPrefix("B0") && value.allSatisfy { $0.isASCIIDigit || ("A"..."Z").contains($0) }
    }

    // MARK: Dates

    /// A year, year-month or full date in any form the exports use (`2020/10/25`, `2020-10-25`,
    /// `[2007-04-16]`, `2024/09`, `2024`, ISO timestamps); problems are reported with the column name.
    static func partialDate(
        _ cell: String?, column: String, row: Int, problems: inout [ImportProblem]
    ) -> PartialDate? {
        guard let cell else { return nil }
        if let date = PartialDate(parsing: cell) { return date }
        problems.append(ImportProblem(
            row: row, message: "\(column) \(quoted(cell)) is not a date; imported without it"
        ))
        return nil
    }

    /// `partialDate` as the first moment of the period it names (midnight UTC of the day, the first
    /// of the month, January 1st).
    static func date(_ cell: String?, column: String, row: Int, problems: inout [ImportProblem]) -> Date? {
        partialDate(cell, column: column, row: row, problems: &problems)?.date()
    }

    // MARK: Ratings

    /// How a source writes its ratings.
    enum RatingScale {
        /// 0–5; Goodreads whole stars, StoryGraph quarters, Hardcover and LibraryThing halves.
        case fiveStars
        /// 0–10, two points a star (Calibre).
        case tenPoints
    }

    /// A rating converted to the library's 0.25–5 quarter steps; 0 and blank mean unrated.
    static func rating(
        _ cell: String?, scale: RatingScale, row: Int, problems: inout [ImportProblem]
    ) -> Double? {
        guard let cell else { return nil }
        guard let value = Double(cell.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
            problems.append(ImportProblem(row: row, message: "rating \(quoted(cell)) is not a number; imported unrated"))
            return nil
        }
        let stars = scale == .tenPoints ? value / 2 : value
        guard stars != 0 else { return nil }
        guard stars > 0, stars <= 5 else {
            problems.append(ImportProblem(row: row, message: "rating \(quoted(cell)) is outside 0–5 stars; imported unrated"))
            return nil
        }
        return max(0.25, (stars * 4).rounded() / 4)
    }

    // MARK: Numbers, booleans, lists

    /// A whole number ≥ 0 (`"590 "`, `"8.0"`); blank gives nil, anything else is reported.
    static func count(_ cell: String?, column: String, row: Int, problems: inout [ImportProblem]) -> Int? {
        guard let cell else { return nil }
        if let value = Int(cell), value >= 0 { return value }
        if let value = Double(cell), value >= 0, value < 1e9, value.rounded() == value { return Int(value) }
        problems.append(ImportProblem(row: row, message: "\(column) \(quoted(cell)) is not a count; imported without it"))
        return nil
    }

    /// A page count: a count greater than zero.
    static func pageCount(_ cell: String?, column: String, row: Int, problems: inout [ImportProblem]) -> Int? {
        guard let pages = count(cell, column: column, row: row, problems: &problems), pages > 0 else { return nil }
        return pages
    }

    /// A year (`2019`, `2008.0`); blank and anything that is no year give nil.
    static func year(_ cell: String?) -> Int? {
        guard let cell, let date = PartialDate(parsing: cell) else { return nil }
        return date.year
    }

    /// true/yes/1/y/owned → true, false/no/0/n → false, blank → nil.
    static func bool(_ cell: String?) -> Bool? {
        guard let cell else { return nil }
        switch cell.lowercased() {
        case "true", "yes", "y", "1", "t": return true
        case "false", "no", "n", "0", "f": return false
        default: return nil
        }
    }

    /// The trimmed, non-empty items of a list cell.
    static func list(_ cell: String?, separator: String = ",") -> [String] {
        guard let cell else { return [] }
        return cell.components(separatedBy: separator).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    // MARK: Text

    /// Free text cut to `limit` characters, with a problem when it had to be cut.
    static func text(
        _ cell: String?, field: String, limit: Int, row: Int, problems: inout [ImportProblem]
    ) -> String? {
        guard let cell, !cell.isEmpty else { return nil }
        guard cell.count > limit else { return cell }
        problems.append(ImportProblem(
            row: row, message: "\(field) is \(cell.count) characters, longer than \(limit); imported cut to \(limit)"
        ))
        return String(cell.prefix(limit))
    }

    /// Plain text from a review written in HTML: line breaks and paragraphs become newlines, other
    /// tags are dropped, the common entities are decoded.
    static func plainText(fromHTML html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter }
                let isClosing = tag.hasPrefix("/")
                if name == "br" || (isClosing && (name == "p" || name == "div" || name == "li")) {
                    text.append("\n")
                } else if name == "p" || name == "div" || name == "li", !text.isEmpty, !text.hasSuffix("\n") {
                    text.append("\n")
                }
                index = html.index(after: close)
            } else if character == "&", let semicolon = html[index...].prefix(34).firstIndex(of: ";"),
                let decoded = HTMLEntities.character(named: html[html.index(after: index)..<semicolon])
            {
                // A no-break space in HTML is layout; in plain text it is a space.
                text.append(decoded == "\u{A0}" ? " " : decoded)
                index = html.index(after: semicolon)
            } else {
                text.append(character)
                index = html.index(after: index)
            }
        }
        return text.trimmingWhitespace()
    }

    /// `"Natasha Wimmer (Translator)"` → `("Natasha Wimmer", "translator")`; no role gives nil.
    static func nameAndRole(_ text: String) -> (name: String, role: String?) {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("), open > trimmed.startIndex else {
            return (trimmed, nil)
        }
        let role = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)].trimmingWhitespace()
        let name = trimmed[..<open].trimmingWhitespace()
        guard !name.isEmpty, !role.isEmpty else { return (trimmed, nil) }
        return (name, role.lowercased())
    }

    /// Puts contributors in their places: authors in order, the first translator and narrator on the
    /// edition, other roles ("Illustrator", "Editor", "Foreword") as contributors, not authors.
    static func assignContributors(_ names: [String], to book: inout ImportedBook) {
        for entry in names {
            let (name, role) = nameAndRole(entry)
            guard !name.isEmpty else { continue }
            switch role {
            case "translator":
                if book.translator == nil { book.translator = name }
            case "narrator", "reader":
                if book.narrator == nil { book.narrator = name }
            case let role? where !isAuthorRole(role):
                appendContributor(Contributor(name: name, role: role), to: &book)
            default:
                if !book.authors.contains(name) { book.authors.append(name) }
            }
        }
    }

    // MARK: Statuses

    /// The status a shelf names. A shelf that names no status becomes a tag, the row defaults to
    /// to-read, and the problem is reported.
    static func status(
        shelf: String?, row: Int, problems: inout [ImportProblem], tags: inout [String]
    ) -> ReadingStatus? {
        guard let shelf else { return nil }
        if let status = ReadingStatus(parsing: shelf) { return status }
        if shelf.lowercased() == "dnf" { return .dnf }
        tags.append(shelf)
        problems.append(ImportProblem(
            row: row, message: "shelf \(quoted(shelf)) is not a reading status; kept as a tag, status to-read"
        ))
        return .toRead
    }

    /// `"text"`, shortened when long, for messages.
    static func quoted(_ text: some StringProtocol) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : String(text)
        return "\"\(shown)\""
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
