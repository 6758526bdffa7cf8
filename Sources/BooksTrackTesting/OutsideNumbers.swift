/// Digits as files, dumps and providers may hold them: random runs of 1 to 40 digits (signed or
/// not, now and then with a fraction), and the values at the edges of `Int` and `Double`. Made by
/// a seeded generator, so a failing value is met again on every run.
public enum OutsideNumbers {
    /// The edges every parser meets on each run.
    public static let extremes = [
        "0", "-0", "1", "-1", "9223372036854775807", "-9223372036854775807", "-9223372036854775808",
        "9223372036854775808", "9999999999999999999", "18446744073709551616", "1e308", "-1e308", "1e309",
        "1.7976931348623157e308", "4.9e-324", "100001", "10000", "-10000",
    ]

    /// `count` random digit strings after `extremes`, the same for the same `seed`.
    public static func values(count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        var values = extremes
        for _ in 0..<count {
            let length = Int.random(in: 1...40, using: &generator)
            var text = ""
            for _ in 0..<length { text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator)))) }
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: text = "-" + text
            case 1 where length > 1:
                text.insert(".", at: text.index(text.startIndex, offsetBy: Int.random(in: 1..<length, using: &generator)))
            default: break
            }
            values.append(text)
        }
        return values
    }

    /// Whether `text` is a JSON number as written (so that it can stand unquoted in a JSON document).
    public static func isJSONNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        guard let first = rest.first, first.isASCII, first.isNumber else { return false }
        return rest.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "-") }
            && !(rest.count > 1 && rest.first == "0" && rest.dropFirst().first?.isNumber == true)
    }
}
