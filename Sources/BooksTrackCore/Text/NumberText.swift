/// Whole numbers as people read them in messages, the terminal and the insights page, the same in
/// every locale.
public enum NumberText {
    /// 1234567 → "1,234,567": thousands grouped by commas, without a locale lookup.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        grouped.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset).isMultiple(of: 3) { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// 4.25 → "4.25", 4.0 → "4": a rating, a series position or a pace without a useless ".0".
    public static func plain(_ value: Double) -> String {
        // Whole values beyond what an Int holds (or not finite) are written as Swift writes them.
        guard value == value.rounded(), abs(value) < 1e15 else { return String(value) }
        return String(Int(value))
    }
}
