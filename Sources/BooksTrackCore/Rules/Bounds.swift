/// The real-world bounds of every count the library keeps, in one place. Every way in (the
/// command line, imports, JSON restores, provider answers, catalog dumps) checks against these,
/// so sums over a library (pages read, minutes, insights) stay far from any integer limit:
/// 200,000 books of 100,000 pages is 2 × 10¹⁰.
public enum Bounds {
    /// Pages of an edition: the longest printed books run to a few tens of thousands of pages.
    public static let pageCount = 1...100_000
    /// A page to be on, a quote's page: from 0 up to the longest book.
    public static let page = 0...100_000
    /// Pages read in one session (at most a day long).
    public static let sessionPages = 0...10_000
    /// Minutes of one session: at most a day.
    public static let sessionMinutes = 1...1_440
    /// An audiobook's length in minutes (a thousand hours).
    public static let audioMinutes = 1...60_000
    /// A daily reading goal, in pages.
    public static let dailyPages = 1...100_000
    /// Years of publication, birth and death: 9999 BC to AD 9999, as partial dates hold them.
    public static let year = -9_999...9_999
    /// A year of the calendar a reader reads in (insights, goals, the library's year filter):
    /// AD 1 to 9999, the years a day of the Gregorian calendar is written with four digits.
    public static let calendarYear = 1...9_999
    /// A yearly goal in books.
    public static let goalBooks = 1...100_000
    /// A yearly goal in pages.
    public static let goalPages = 1...100_000_000
    /// Books one enrichment batch looks up.
    public static let enrichmentBatch = 1...100_000
    /// Authors one suggestions job asks about.
    public static let authorsAsked = 1...1_000
    /// How far into a list a page may start (`offset`).
    public static let listOffset = 0...10_000_000
    /// Lines of a catalog dump saved per batch.
    public static let dumpBatchLines = 1...1_000_000

    /// "1–100,000", for messages.
    public static func text(_ range: ClosedRange<Int>) -> String {
        "\(NumberText.grouped(range.lowerBound))–\(NumberText.grouped(range.upperBound))"
    }
}

extension Sequence where Element == Int {
    /// The sum, held at `Int.max` (or `Int.min`) instead of trapping: values are bounded on the
    /// way in, but a library written before the bounds may still hold a page count no book has.
    public func saturatingSum() -> Int {
        reduce(0) { $0.saturatingAdd($1) }
    }
}

extension Int {
    /// `self + other`, held at the limit it would pass instead of trapping.
    public func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}
