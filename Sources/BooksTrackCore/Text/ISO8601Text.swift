import Foundation

/// Dates as ISO 8601 text in UTC (`2026-11-22T09:00:00Z`, `2026-11-22T09:00:00.25Z`), written and
/// read without a formatter, with the fraction of a second to the nanosecond: enough for a date
/// written and read back to be the same `Date` (the store keeps seconds as a `Double`, whose step is
/// above a nanosecond for every date more than about 100 days from 2001-01-01).
public enum ISO8601Text {
    /// Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
    private static let referenceOffset: Int64 = 978_307_200
    /// Years written: four digits, as ISO 8601 requires without an agreed expansion.
    private static let years = Bounds.calendarYear

    /// The text of `date`, in UTC; nil for a date outside years 1–9999.
    public static func text(_ date: Date) -> String? {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite else { return nil }
        let whole = seconds.rounded(.down)
        guard abs(whole) < 1e12 else { return nil }
        var nanoseconds = Int64(((seconds - whole) * 1e9).rounded())
        var unix = Int64(whole) + referenceOffset
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            unix += 1
        }
        let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
        let secondOfDay = unix - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard years.contains(Int(year)) else { return nil }
        // Written byte by byte: an export writes several dates for each of 100,000 books.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(30)
        func digits(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3_600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2)
        if nanoseconds > 0 {
            bytes.append(UInt8(ascii: "."))
            digits(nanoseconds, 9)
            while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The day (UTC) on which `date` falls, as `2026-11-22`: the one way a day is shown, on the
    /// terminal, on the insights page and in messages (clamped to 0001-01-01...9999-12-31).
    public static func day(_ date: Date) -> String {
        PartialDate(date: date).description
    }

    /// The date of `text`: `YYYY-MM-DDTHH:MM:SS`, an optional fraction (up to nine digits), then
    /// `Z` or an offset `±HH:MM`; nil for anything else, an impossible day included.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40 else { return nil }
        var index = 0
        func number(_ width: Int) -> Int64? {
            guard index + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + width] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += width
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect("T") || expect("t"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
            let second = number(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60, year >= 1
        else { return nil }
        var nanoseconds: Int64 = 0
        if expect(".") {
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                guard digits < 9 else { return nil }
                nanoseconds = nanoseconds * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanoseconds *= 10 }
        }
        var offset: Int64 = 0
        if expect("Z") || expect("z") {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            index += 1
            guard let hours = number(2), expect(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let unix = days(fromCivil: year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSinceReferenceDate: Double(unix - referenceOffset) + Double(nanoseconds) / 1e9)
    }

    /// The UTC day of `date`, counted from 1970-01-01 (day 0); nil for a date too far out to count.
    public static func dayNumber(of date: Date) -> Int? {
        let unix = date.timeIntervalSince1970
        guard unix.isFinite, abs(unix) < 1e15 else { return nil }
        return Int((unix / 86_400).rounded(.down))
    }

    /// The civil (proleptic Gregorian, UTC) year, month and day of `date`; nil for a date too far
    /// out to count.
    public static func civilDay(of date: Date) -> (year: Int, month: Int, day: Int)? {
        guard let days = dayNumber(of: date) else { return nil }
        let (year, month, day) = civil(fromDays: Int64(days))
        return (Int(year), Int(month), Int(day))
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days-from-civil and civil-from-days (proleptic Gregorian, day 0 = 1970-01-01).
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
