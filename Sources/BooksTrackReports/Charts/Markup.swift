import Foundation

/// Text and numbers as they go into HTML and SVG: escaped, and never "nan" or "inf".
package enum Markup {
    /// `text` safe inside an element or a quoted attribute, in HTML and in XML alike.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                // XML 1.0 forbids most control characters even as references; a title imported
                // with one would make the inline SVG unreadable, so they are dropped.
                guard isAllowedInXML(scalar) else { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A coordinate or length with at most two decimals: "12.5", "0"; 0 for a value that is not finite.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `part` over `whole`, 0 when `whole` is not above zero (an empty library divides by nothing).
    package static func ratio(_ part: Double, _ whole: Double) -> Double {
        guard whole > 0, part.isFinite, whole.isFinite else { return 0 }
        return part / whole
    }

    /// A rough width of `text` in a sans-serif face, for placing labels without measuring them;
    /// on the wide side, as DejaVu Sans digits are 0.64 em.
    package static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.62
    }

    /// `text` cut to `limit` characters with an ellipsis, for labels in a fixed-width column.
    package static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(1, limit - 1))) + "…"
    }

    private static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
