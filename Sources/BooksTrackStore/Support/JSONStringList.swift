import BooksTrackCore

/// Lists of strings (genres, external IDs) stored as a JSON array in one TEXT column.
///
/// A hand-written codec rather than `JSONEncoder`: a page of 50 books holds hundreds of these
/// lists, and Foundation's coder costs microseconds each. The text is plain JSON, so SQLite's
/// `json_each` can still read it. An empty list is stored as NULL.
package enum JSONStringList {
    /// The JSON text of `values`, or nil when the list is empty.
    package static func encode(_ values: [String]) -> String? {
        guard !values.isEmpty else { return nil }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(values.reduce(2) { $0 + $1.utf8.count + 3 })
        for (position, value) in values.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The strings of a JSON array of strings, or nil when `text` is anything else.
    package static func decode(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { buffer in
            var parser = Parser(bytes: buffer)
            return parser.parseArray()
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func parseArray() -> [String]? {
            skipWhitespace()
            guard consume(UInt8(ascii: "[")) else { return nil }
            var values: [String] = []
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return finished(values) }
            while true {
                skipWhitespace()
                guard let value = parseString() else { return nil }
                values.append(value)
                skipWhitespace()
                if consume(UInt8(ascii: ",")) { continue }
                guard consume(UInt8(ascii: "]")) else { return nil }
                return finished(values)
            }
        }

        private mutating func finished(_ values: [String]) -> [String]? {
            skipWhitespace()
            return position == bytes.count ? values : nil
        }

        private mutating func parseString() -> String? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            let start = position
            // Fast path: no escapes, the bytes between the quotes are the string.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                    position += 1
                    return value
                }
                if byte == UInt8(ascii: "\\") { break }
                position += 1
            }
            var decoded = Array(bytes[start..<position])
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: decoded, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { return nil }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                    case UInt8(ascii: "b"): decoded.append(0x08)
                    case UInt8(ascii: "f"): decoded.append(0x0C)
                    case UInt8(ascii: "n"): decoded.append(0x0A)
                    case UInt8(ascii: "r"): decoded.append(0x0D)
                    case UInt8(ascii: "t"): decoded.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = parseUnicodeEscape() else { return nil }
                        decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default:
                        return nil
                    }
                default:
                    decoded.append(byte)
                }
            }
            return nil
        }

        /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair.
        private mutating func parseUnicodeEscape() -> Unicode.Scalar? {
            guard let high = parseHex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")), let low = parseHex4(),
                      (0xDC00..<0xE000).contains(low)
                else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        private mutating func parseHex4() -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                position += 1
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        private mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        private mutating func consume(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }
    }
}
