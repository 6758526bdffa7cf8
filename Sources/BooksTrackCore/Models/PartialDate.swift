import Foundation

/// A date known to the year, to the month or to the day: "1988", "1998-09", "2020-10-25".
///
/// Publication dates and the dates in reading exports are often partial, so the missing parts are
/// kept missing rather than guessed. Values compare chronologically; at an equal prefix the less
/// precise value sorts first (1998 < 1998-01 < 1998-01-01).
public struct PartialDate: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// How much of a partial date is known.
    public enum Precision: Sendable, Hashable, Comparable, CaseIterable {
        /// Only the year is known.
        case year
        /// The year and the month are known.
        case month
        /// The year, the month and the day are known.
        case day
    }

    /// The years of the common era a partial date can hold.
    public static let validYears: ClosedRange<Int> = Bounds.calendarYear
    /// The years before the common era a partial date can hold, to the year only: -700 is 700 BC
    /// (as historians count, without a year 0), for works such as the Odyssey.
    public static let yearsBeforeCommonEra: ClosedRange<Int> = Bounds.year.lowerBound...(-1)

    /// The calendar `date(in:)` and `init(date:)` use unless told otherwise: Gregorian, in UTC.
    public static let gregorianUTC: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// The year, 1 through 9999, or -9999 through -1 for a year BC.
    public let year: Int
    /// The month, 1 through 12, when known.
    public let month: Int?
    /// The day of the month, when known; never set without a month.
    public let day: Int?

    /// Creates a partial date, or nil when the parts name no real day (2021-02-29, 2020-13),
    /// the year is outside 1...9999 (or -9999...-1 without month and day), or a day is given without a month.
    public init?(year: Int, month: Int? = nil, day: Int? = nil) {
        guard Self.validYears.contains(year) || (Self.yearsBeforeCommonEra.contains(year) && month == nil && day == nil)
        else { return nil }
        if let month, !(1...12).contains(month) { return nil }
        if let day {
            guard let month, (1...Self.numberOfDays(inMonth: month, year: year)).contains(day) else {
                return nil
            }
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the full date (UTC, Gregorian) on which `date` falls, clamped to 0001-01-01...9999-12-31.
    public init(date: Date) {
        let parts = Self.gregorianUTC.dateComponents([.era, .year, .month, .day], from: date)
        let year = parts.year ?? 1970
        if parts.era == 0 || year < Self.validYears.lowerBound {
            self.init(uncheckedYear: 1, month: 1, day: 1)
        } else if year > Self.validYears.upperBound {
            self.init(uncheckedYear: 9999, month: 12, day: 31)
        } else {
            let month = min(max(parts.month ?? 1, 1), 12)
            // Foundation's Gregorian calendar is Julian before October 1582, so it can answer
            // a February 29 that the proleptic Gregorian rules here do not accept (1500-02-29).
            let day = min(max(parts.day ?? 1, 1), Self.numberOfDays(inMonth: month, year: year))
            self.init(uncheckedYear: year, month: month, day: day)
        }
    }

    private init(uncheckedYear year: Int, month: Int?, day: Int?) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// How much of the date is known.
    public var precision: Precision {
        if day != nil { return .day }
        if month != nil { return .month }
        return .year
    }

    /// The ISO 8601 form of the known parts: "0950", "2004", "1998-09", "2020-10-25"; a year BC
    /// with a minus sign, "-0700" (700 BC: unlike ISO 8601's astronomical years, there is no year 0).
    public var description: String {
        guard year > 0 else { return "-" + Self.zeroPadded(-year, width: 4) }
        var text = Self.zeroPadded(year, width: 4)
        if let month {
            text += "-" + Self.zeroPadded(month, width: 2)
            if let day {
                text += "-" + Self.zeroPadded(day, width: 2)
            }
        }
        return text
    }

    /// The first instant of the period in `calendar`: 1998 gives 1998-01-01, 1998-09 gives 1998-09-01.
    public func date(in calendar: Calendar = PartialDate.gregorianUTC) -> Date {
        // A year BC is the calendar's era 0 (in Foundation's Gregorian calendar, Julian before 1582,
        // like the years AD it answers); the fallback counts astronomically, 1 BC being year 0.
        let components = year > 0
            ? DateComponents(year: year, month: month ?? 1, day: day ?? 1)
            : DateComponents(era: 0, year: -year, month: 1, day: 1)
        if let date = calendar.date(from: components) {
            return date
        }
        // Only a calendar that cannot represent these fields gets here; fall back to UTC midnight.
        let days = Self.daysSince1970(year: year > 0 ? year : year + 1, month: month ?? 1, day: day ?? 1)
        return Date(timeIntervalSince1970: TimeInterval(days) * 86_400)
    }

    /// Orders chronologically; at an equal prefix the less precise date comes first.
    public static func < (lhs: PartialDate, rhs: PartialDate) -> Bool {
        (lhs.year, lhs.month ?? 0, lhs.day ?? 0) < (rhs.year, rhs.month ?? 0, rhs.day ?? 0)
    }

    /// Decodes the text forms `init(parsing:)` reads; throws `DecodingError.dataCorrupted` on any other text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = PartialDate(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "\"\(text.prefix(40))\" is not a date: expected a year, year-month or date such as 1998, 1998-09 or 1998-09-14"
            )
        }
        self = date
    }

    /// Encodes the date as its `description` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Whether `year` has a February 29 (proleptic Gregorian rules).
    static func isLeapYear(_ year: Int) -> Bool {
        year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400))
    }

    /// The number of days in `month` (1...12) of `year`.
    static func numberOfDays(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Days from 1970-01-01 (proleptic Gregorian, no calendar object needed).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        Int(ISO8601Text.days(fromCivil: Int64(year), Int64(month), Int64(day)))
    }
}

// MARK: - Parsing

extension PartialDate {
    // Longer text is never a date; the cap keeps hostile cells (a 1 MB field) from being scanned.
    private static let longestParsableText = 100

    /// Reads a date as exports and catalog APIs write it, or nil for anything else.
    ///
    /// Understands, case-insensitively and with surrounding whitespace:
    /// - years: `2004`, `2004.0` (goodbooks-10k floats), `1998.` (library catalog punctuation);
    /// - ISO-like: `1998-09`, `1998/09`, `2020-10-25`, `2020/10/25`, `2020-10-25T12:00:00Z`
    ///   (the time is ignored, the date part is taken as written);
    /// - English month names and three-letter abbreviations (and `Sept`), with an optional dot:
    ///   `October 1, 1988`, `Oct. 1, 1988`, `October 1st 1988`, `1 October 1988`, `Oct 1988`;
    /// - approximations, read as the plain date: `c. 1950`, `ca. 1950`, `circa 1950`, `c1950`,
    ///   `©1950`, `1950?`, and LibraryThing's brackets `[2007-04-16]`, `[1950]`, `[1950?]`.
    ///
    /// - years before the common era: `-700`, `700 BC`, `700 BCE`, `700 B.C.` (to the year only).
    ///
    /// Ambiguous numeric forms (`10/25/2020`, `25.10.2020`), impossible dates (2021-02-29) and
    /// years outside 1...9999 (or -9999...-1) give nil.
    public init?(parsing text: some StringProtocol) {
        let utf8 = text.utf8
        guard utf8.count <= Self.longestParsableText else { return nil }
        if let year = Self.yearBeforeCommonEra(in: String(text)) {
            self.init(year: year)
            return
        }
        var scanner = DateTextScanner(bytes: Array(utf8))
        guard let parts = scanner.parse() else { return nil }
        self.init(year: parts.year, month: parts.month, day: parts.day)
    }
}

extension PartialDate {
    /// The year of "-700", "700 BC", "700 BCE", "700 B.C." or "700 B.C.E." as a negative number; nil
    /// for any other text.
    fileprivate static func yearBeforeCommonEra(in text: String) -> Int? {
        // Only a text starting with "-" or ending with "C", "E" or "." can be one: most dates are
        // not looked at further (upper-casing every date cost a tenth of reading an export).
        // (A byte past ASCII may be whitespace the full check trims.)
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = text.utf8.first(where: { !isSpace($0) }), let last = text.utf8.last(where: { !isSpace($0) }) else { return nil }
        switch (first, last) {
        case (UInt8(ascii: "-"), _), (0x80..., _), (_, 0x80...),
             (_, UInt8(ascii: "C")), (_, UInt8(ascii: "c")), (_, UInt8(ascii: "E")), (_, UInt8(ascii: "e")), (_, UInt8(ascii: ".")):
            break
        default:
            return nil
        }
        var trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("-") {
            let digits = trimmed.dropFirst()
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ ("0"..."9").contains($0) }), let year = Int(digits), year > 0 else {
                return nil
            }
            return -year
        }
        let upper = trimmed.uppercased()
        guard let suffix = ["B.C.E.", "B.C.", "BCE", "BC"].first(where: { upper.hasSuffix($0) }) else { return nil }
        trimmed = String(trimmed.dropLast(suffix.count)).trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= 4, trimmed.allSatisfy({ ("0"..."9").contains($0) }), let year = Int(trimmed), year > 0 else {
            return nil
        }
        return -year
    }

    /// The year as a reader says it: "1998", "700 BC".
    public var yearText: String { year > 0 ? String(year) : "\(-year) BC" }
}

/// Scans the UTF-8 bytes of a short date text; it only finds the parts, `PartialDate.init` validates them.
private struct DateTextScanner {
    private typealias Parts = (year: Int, month: Int?, day: Int?)

    private static let monthNames: [[UInt8]] = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ].map { Array($0.utf8) }
    private static let approximationWords: [[UInt8]] = ["c", "ca", "circa"].map { Array($0.utf8) }
    private static let ordinalSuffixes: [[UInt8]] = ["st", "nd", "rd", "th"].map { Array($0.utf8) }
    private static let copyrightSign: [UInt8] = [0xC2, 0xA9]

    private let bytes: [UInt8]
    private var position: Int
    private var end: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.position = 0
        self.end = bytes.count
    }

    mutating func parse() -> (year: Int, month: Int?, day: Int?)? {
        trimWhitespace()
        stripBrackets()
        stripApproximationPrefix()
        if end > position, bytes[end - 1] == UInt8(ascii: "?") {
            end -= 1
            trimWhitespace()
        }
        guard let first = current else { return nil }
        if Self.isDigit(first) { return parseNumberFirst() }
        if Self.isLetter(first) { return parseMonthFirst() }
        return nil
    }

    // MARK: Forms

    private mutating func parseNumberFirst() -> Parts? {
        guard let first = scanNumber(maxDigits: 4) else { return nil }
        guard let next = current else { return (first.value, nil, nil) }
        switch next {
        case UInt8(ascii: "."):
            // goodbooks-10k writes years as floats ("2008.0"); catalog records end fields with ".".
            advance()
            while current == UInt8(ascii: "0") { advance() }
            return isAtEnd ? (first.value, nil, nil) : nil
        case UInt8(ascii: "-"), UInt8(ascii: "/"):
            guard first.digits == 4 else { return nil }
            return parseISOLike(year: first.value, separator: next)
        default:
            guard first.digits <= 2 else { return nil }
            return parseDayFirst(day: first.value)
        }
    }

    private mutating func parseISOLike(year: Int, separator: UInt8) -> Parts? {
        advance()
        guard let month = scanNumber(maxDigits: 2) else { return nil }
        if isAtEnd { return (year, month.value, nil) }
        guard consume(separator), let day = scanNumber(maxDigits: 2) else { return nil }
        guard isAtEnd || scanTimeOfDay() else { return nil }
        return (year, month.value, day.value)
    }

    /// `1 October 1988`, `1st Oct. 1988`.
    private mutating func parseDayFirst(day: Int) -> Parts? {
        skipOrdinalSuffix()
        guard skipSpaces() > 0, let month = scanMonthName() else { return nil }
        _ = consume(UInt8(ascii: "."))
        _ = consume(UInt8(ascii: ","))
        skipSpaces()
        guard let year = scanNumber(maxDigits: 4), year.digits >= 3, isAtEnd else { return nil }
        return (year.value, month, day)
    }

    /// `October 1, 1988`, `Oct. 1 1988`, `Oct 1988`, `October, 1988`.
    private mutating func parseMonthFirst() -> Parts? {
        guard let month = scanMonthName() else { return nil }
        _ = consume(UInt8(ascii: "."))
        _ = consume(UInt8(ascii: ","))
        skipSpaces()
        guard let number = scanNumber(maxDigits: 4) else { return nil }
        if isAtEnd {
            // "Oct 5" is a day without a year, not the year 5.
            return number.digits >= 3 ? (number.value, month, nil) : nil
        }
        guard number.digits <= 2 else { return nil }
        skipOrdinalSuffix()
        _ = consume(UInt8(ascii: ","))
        skipSpaces()
        guard let year = scanNumber(maxDigits: 4), year.digits >= 3, isAtEnd else { return nil }
        return (year.value, month, number.value)
    }

    /// Accepts the time after an ISO date ("T12:00:00Z", " 13:01:12.937", "T01:00:00+01:00") and ignores it.
    private mutating func scanTimeOfDay() -> Bool {
        guard let marker = current,
            marker == UInt8(ascii: "T") || marker == UInt8(ascii: "t") || marker == UInt8(ascii: " ")
        else { return false }
        advance()
        guard let first = current, Self.isDigit(first) else { return false }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ":"), UInt8(ascii: "."),
                UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "Z"), UInt8(ascii: "z"),
                UInt8(ascii: " "):
                advance()
            default:
                return false
            }
        }
        return true
    }

    // MARK: Wrappers

    private mutating func stripBrackets() {
        guard end - position >= 2, bytes[position] == UInt8(ascii: "["), bytes[end - 1] == UInt8(ascii: "]")
        else { return }
        position += 1
        end -= 1
        trimWhitespace()
    }

    private mutating func stripApproximationPrefix() {
        let start = position
        if hasPrefix(Self.copyrightSign) {
            position += Self.copyrightSign.count
        } else {
            let word = scanLetters()
            guard Self.approximationWords.contains(where: { Self.equalsIgnoringCase(word, $0) }) else {
                position = start
                return
            }
            _ = consume(UInt8(ascii: "."))
        }
        skipSpaces()
        // Only a number may follow "c." or "circa"; anything else is not an approximation.
        guard let next = current, Self.isDigit(next) else {
            position = start
            return
        }
    }

    // MARK: Tokens

    private mutating func scanNumber(maxDigits: Int) -> (value: Int, digits: Int)? {
        var value = 0
        var digits = 0
        while let byte = current, Self.isDigit(byte) {
            guard digits < maxDigits else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            advance()
        }
        return digits > 0 ? (value, digits) : nil
    }

    private mutating func scanMonthName() -> Int? {
        let word = scanLetters()
        guard word.count >= 3 else { return nil }
        for (index, name) in Self.monthNames.enumerated() {
            if Self.equalsIgnoringCase(word, name) || Self.equalsIgnoringCase(word, name[0..<3]) {
                return index + 1
            }
        }
        // "Sept" is the one common four-letter abbreviation.
        if Self.equalsIgnoringCase(word, Self.monthNames[8][0..<4]) { return 9 }
        return nil
    }

    private mutating func skipOrdinalSuffix() {
        let start = position
        let word = scanLetters()
        if !Self.ordinalSuffixes.contains(where: { Self.equalsIgnoringCase(word, $0) }) {
            position = start
        }
    }

    private mutating func scanLetters() -> ArraySlice<UInt8> {
        let start = position
        while let byte = current, Self.isLetter(byte) { advance() }
        return bytes[start..<position]
    }

    @discardableResult
    private mutating func skipSpaces() -> Int {
        let start = position
        while current == UInt8(ascii: " ") { advance() }
        return position - start
    }

    private mutating func trimWhitespace() {
        while position < end, Self.isWhitespace(bytes[position]) { position += 1 }
        while end > position, Self.isWhitespace(bytes[end - 1]) { end -= 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        advance()
        return true
    }

    private func hasPrefix(_ prefix: [UInt8]) -> Bool {
        end - position >= prefix.count && bytes[position..<(position + prefix.count)].elementsEqual(prefix)
    }

    private var current: UInt8? { position < end ? bytes[position] : nil }
    private var isAtEnd: Bool { position >= end }
    private mutating func advance() { position += 1 }

    // MARK: Bytes

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    private static func equalsIgnoringCase(_ word: ArraySlice<UInt8>, _ lowercased: some Collection<UInt8>) -> Bool {
        word.count == lowercased.count && zip(word, lowercased).allSatisfy { $0 | 0x20 == $1 }
    }
}
