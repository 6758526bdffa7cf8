import BooksTrackCore
import Foundation

/// How figures read in every picture of the insights, terminal and HTML alike.
public enum FigureText {
    /// " (pages known for 6 of 20 books)" after a page total that leaves books out; nothing when
    /// every book's pages are known or there are no books.
    public static func pageCoverage(_ withPages: Int, of books: Int) -> String {
        guard books > 0, withPages < books else { return "" }
        return " (pages known for \(NumberText.grouped(withPages)) of \(NumberText.grouped(books)) \(books == 1 ? "book" : "books"))"
    }

    /// "24 h (1 audiobook)": the time of the audiobooks finished; nil when none was.
    public static func listened(_ reading: ReadingFigures) -> String? {
        guard reading.minutesListened > 0 else { return nil }
        return "\(ProgressPosition.timeText(minutes: reading.minutesListened)) (\(audiobooks(reading.audiobooksFinished)))"
    }

    /// "1 audiobook", "3 audiobooks".
    public static func audiobooks(_ count: Int) -> String {
        "\(NumberText.grouped(count)) \(count == 1 ? "audiobook" : "audiobooks")"
    }

    /// The finished books whose pages the page figures count or could count: audiobooks of known
    /// length are counted by time instead, so they are not books whose pages are missing.
    public static func booksForPages(_ reading: ReadingFigures) -> Int {
        max(0, reading.booksFinished - reading.audiobooksFinished)
    }

    /// "42%" for 0.4213; "<1%" for a share above zero that rounds to nothing.
    public static func percent(_ fraction: Double) -> String {
        let percent = (fraction * 100).rounded()
        if percent == 0, fraction > 0 { return "<1%" }
        return "\(Int(percent))%"
    }

    /// "950", "1.2k", "12k", "3.4M": a count short enough to sit above a narrow bar.
    public static func compactCount(_ value: Int) -> String {
        let magnitude = Double(value.magnitude)
        let sign = value < 0 ? "-" : ""
        if magnitude < 1_000 { return sign + String(value.magnitude) }
        let (scaled, suffix) = magnitude < 999_500 ? (magnitude / 1_000, "k") : (magnitude / 1_000_000, "M")
        return sign + (scaled < 9.95 ? decimal(scaled) : String(Int(scaled.rounded()))) + suffix
    }

    /// A number with one decimal when it has one: "3.5", "4".
    public static func decimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
