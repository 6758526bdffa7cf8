import Foundation

/// Where a reader is in a book, as they type it: a page ("120"), a percentage ("45%", "45 %",
/// "12.5%") or, for an audiobook, the time listened. One reading for the terminal's `progress`
/// and the web app's progress field; whether the position fits the book is the rules' to say.
///
/// Time listened is written as hours and minutes, spaces anywhere:
/// - "2h30m", "2h30", "2 h 30 min", "2 hours 30 minutes", "2h", "45m", "150 min";
/// - "2:30" (hours, a colon, two digits of minutes).
///
/// Minutes after hours stay below 60 ("2h30m", not "1h90m"); the whole time is at most the longest
/// audiobook the library keeps (`Bounds.audioMinutes`, a thousand hours). Decimals ("1.5h"),
/// seconds ("2:30:15") and negative times are refused.
public enum ProgressPosition: Hashable, Sendable {
    case page(Int)
    case percent(Double)
    /// Minutes listened from the start of an audiobook.
    case minutes(Int)

    /// The position `text` writes, surrounding spaces ignored; nil for anything else.
    public init?(parsing text: String) {
        guard let position = try? Self.read(text) else { return nil }
        self = position
    }

    /// The position `text` writes, surrounding spaces ignored, or an error saying what was wrong
    /// and how to write it.
    public static func read(_ text: String) throws(ValidationError) -> ProgressPosition {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%") {
            let number = text.dropLast().trimmingCharacters(in: .whitespaces)
            guard number.count <= 24, let percent = Double(number), percent.isFinite else {
                throw .notValid(field: "progress", value: text, expected: "a percentage; write e.g. 45%")
            }
            return .percent(percent)
        }
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) {
            guard let page = boundedNumber(text), Bounds.page.contains(page) else {
                throw .outOfRange(field: "page", value: text, allowed: "\(Bounds.page.lowerBound)–\(Bounds.page.upperBound)")
            }
            return .page(page)
        }
        if let minutes = try listenedMinutes(text) { return .minutes(minutes) }
        throw .notValid(field: "progress", value: text, expected: expected)
    }

    /// How to write a position, for messages.
    public static let expected = "a page number or a percentage (120 or 45%), or a time listened (2h30m, 2:30 or 150 min)"

    /// "2 h 30 min", "45 min", "3 h", "1,000 h": a length of time as the terminal and the web app show it.
    public static func timeText(minutes: Int) -> String {
        guard minutes >= 60 else { return "\(minutes) min" }
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        return "\(NumberText.grouped(hours)) h" + (rest == 0 ? "" : " \(rest) min")
    }

    /// "2 h 30 min of 11 h 40 min (21%)": how far a reader has listened to `book`, when its shown
    /// edition is an audiobook of known length; nil otherwise.
    public static func listeningText(_ book: LibraryBook) -> String? {
        guard let edition = book.edition, edition.format == .audiobook, let duration = edition.audioDurationMinutes, duration > 0 else {
            return nil
        }
        let listened = listenedMinutes(progress: book.entry.progress, durationMinutes: duration)
        let percent = Int((min(max(book.entry.progress, 0), 1) * 100).rounded())
        return "\(timeText(minutes: listened)) of \(timeText(minutes: duration)) (\(percent)%)"
    }

    /// The minutes a share of an audiobook of `durationMinutes` reaches, rounded to the minute.
    public static func listenedMinutes(progress: Double, durationMinutes: Int) -> Int {
        guard progress.isFinite, durationMinutes > 0 else { return 0 }
        return Int((min(max(progress, 0), 1) * Double(durationMinutes)).rounded())
    }

    // MARK: Reading a time

    private static let hourUnits: Set<String> = ["h", "hr", "hrs", "hour", "hours"]
    private static let minuteUnits: Set<String> = ["m", "min", "mins", "minute", "minutes"]

    /// Minutes in "2h30m", "2:30", "150 min"...; nil when `text` is not written as a time at all.
    private static func listenedMinutes(_ typed: String) throws(ValidationError) -> Int? {
        let text = typed.lowercased().filter { $0 != " " }
        var hours: Int?
        var minutes: Int?
        if let colon = text.firstIndex(of: ":") {
            let (before, after) = (text[..<colon], text[text.index(after: colon)...])
            guard !before.isEmpty, before.allSatisfy(\.isASCIIDigit), after.count == 2, after.allSatisfy(\.isASCIIDigit) else {
                throw .notValid(field: "progress", value: typed, expected: "a time as hours:minutes; write e.g. 2:30")
            }
            (hours, minutes) = (try number(String(before), typed: typed), try number(String(after), typed: typed))
        } else {
            var rest = Substring(text)
            while !rest.isEmpty {
                let digits = rest.prefix(while: \.isASCIIDigit)
                guard !digits.isEmpty else { return nil }
                rest = rest.dropFirst(digits.count)
                let unit = String(rest.prefix(while: \.isLetter))
                rest = rest.dropFirst(unit.count)
                let value = try number(String(digits), typed: typed)
                if hourUnits.contains(unit), hours == nil, minutes == nil {
                    hours = value
                } else if minuteUnits.contains(unit) || (unit.isEmpty && hours != nil), minutes == nil {
                    minutes = value
                } else {
                    return nil
                }
            }
        }
        guard hours != nil || minutes != nil else { return nil }
        if hours != nil, let minutes, minutes >= 60 {
            throw .outOfRange(field: "minutes", value: String(minutes), allowed: "0–59 after hours; write e.g. 2h30m")
        }
        // Each number has at most six digits, so this sum is far from any integer limit.
        let total = (hours ?? 0) * 60 + (minutes ?? 0)
        guard total <= Bounds.audioMinutes.upperBound else {
            throw .outOfRange(field: "minutes", value: typed, allowed: "at most \(Bounds.audioMinutes.upperBound) minutes (1,000 hours)")
        }
        return total
    }

    /// A number of at most six digits (a thousand hours is 60,000 minutes), else a range error.
    private static func number(_ digits: String, typed: String) throws(ValidationError) -> Int {
        guard let value = boundedNumber(digits) else {
            throw .outOfRange(field: "minutes", value: typed, allowed: "at most \(Bounds.audioMinutes.upperBound) minutes (1,000 hours)")
        }
        return value
    }

    /// The value of a string of ASCII digits, when it has at most six significant digits.
    private static func boundedNumber(_ digits: String) -> Int? {
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 6 else { return nil }
        return significant.isEmpty ? 0 : Int(significant)
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9 (not any Unicode numeral).
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
