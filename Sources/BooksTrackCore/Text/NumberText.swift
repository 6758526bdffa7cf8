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
}
