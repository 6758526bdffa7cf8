import Foundation

/// How figures read in every picture of the insights, terminal and HTML alike.
public enum FigureText {
    /// "1,234" (grouped thousands, no locale lookup).
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// "42%" for 0.4213; "<1%" for a share above zero that rounds to nothing.
    public static func percent(_ fraction: Double) -> String {
        let percent = (fraction * 100).rounded()
        if percent == 0, fraction > 0 { return "<1%" }
        return "\(Int(percent))%"
    }

    /// A number with one decimal when it has one: "3.5", "4".
    public static func decimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
