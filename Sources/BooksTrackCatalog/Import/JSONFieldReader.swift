/// A forward-only reader of JSON text that decodes only the values asked for and steps over the
/// rest, checking the syntax as it goes.
///
/// The dump importer reads tens of millions of records and keeps a dozen fields of each:
/// Foundation's `JSONDecoder` builds a map of every value first and took two thirds of the import's
/// time; this reads a typical edition record in a few microseconds. Strings are decoded with their
/// escapes (surrogate pairs included); invalid UTF-8 is repaired with U+FFFD rather than rejected.
struct JSONFieldReader {
    /// The text is not JSON (or is nested deeper than `maximumDepth`).
    struct SyntaxError: Error {}

    /// Deeper nesting is refused, so hostile input cannot exhaust the stack.
    static let maximumDepth = 64

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    /// Reads `bytes`, which must stay valid while the reader is used.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The kind of the next value, judged by its first byte.
    enum Kind {
        case object, array, string, number, literal
    }

    /// The kind of the value at the reading position.
    mutating func nextKind() throws -> Kind {
        skipWhitespace()
        guard index < bytes.count else { throw SyntaxError() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return .literal
        default: throw SyntaxError()
        }
    }

    /// Reads an object, calling `field` with each key; `field` must read or skip the value.
    mutating func readObject(_ field: (_ key: Key, _ reader: inout JSONFieldReader) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            let key = try readKey()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            let before = index
            try field(key, &self)
            if index == before { try skipValue() }
            skipWhitespace()
            guard let byte = peek() else { throw SyntaxError() }
            index += 1
            if byte == UInt8(ascii: "}") { return }
            guard byte == UInt8(ascii: ",") else { throw SyntaxError() }
        }
    }

    /// Reads an array, calling `element` for each value; `element` must read or skip it.
    mutating func readArray(_ element: (_ reader: inout JSONFieldReader) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            let before = index
            try element(&self)
            if index == before { try skipValue() }
            skipWhitespace()
            guard let byte = peek() else { throw SyntaxError() }
            index += 1
            if byte == UInt8(ascii: "]") { return }
            guard byte == UInt8(ascii: ",") else { throw SyntaxError() }
        }
    }

    /// Checks that only whitespace follows the value read.
    mutating func expectEnd() throws {
        skipWhitespace()
        guard index == bytes.count else { throw SyntaxError() }
    }

    // MARK: Typed values (nil when the value has another type, which is then skipped)

    /// A string value, or nil (skipping the value) when it is not a string.
    mutating func string() throws -> String? {
        guard try nextKind() == .string else {
            try skipValue()
            return nil
        }
        return try readString()
    }

    /// An integer value, or nil (skipping the value) when it is not an integer; a string of digits counts.
    mutating func integer() throws -> Int? {
        switch try nextKind() {
        case .number:
            let start = index
            try skipNumber()
            return Int(decodingASCII: bytes[start..<index])
        case .string:
            return Int(try readString().trimmedWhitespace())
        default:
            try skipValue()
            return nil
        }
    }

    /// The strings of an array (other elements ignored), or nil when the value is not an array;
    /// a lone string counts as a one-element array.
    mutating func strings(limit: Int = .max) throws -> [String]? {
        switch try nextKind() {
        case .string:
            return [try readString()]
        case .array:
            var values: [String] = []
            try readArray { reader in
                if try reader.nextKind() == .string, values.count < limit {
                    values.append(try reader.readString())
                } else {
                    try reader.skipValue()
                }
            }
            return values
        default:
            try skipValue()
            return nil
        }
    }

    /// The `"key"` strings of an array of `{"key": …}` objects (or of plain strings).
    mutating func keyReferences() throws -> [String]? {
        guard try nextKind() == .array else {
            try skipValue()
            return nil
        }
        var keys: [String] = []
        try readArray { reader in
            if let key = try reader.keyReference() { keys.append(key) }
        }
        return keys
    }

    /// The key of a `{"key": …}` object, or the string itself.
    mutating func keyReference() throws -> String? {
        switch try nextKind() {
        case .string:
            return try readString()
        case .object:
            var key: String?
            try readObject { name, reader in
                if name == "key" { key = try reader.string() }
            }
            return key
        default:
            try skipValue()
            return nil
        }
    }

    // MARK: Syntax

    /// The raw bytes of an object key, compared with `==` to a string literal.
    struct Key {
        fileprivate let bytes: UnsafeRawBufferPointer.SubSequence
        fileprivate let decoded: String?

        static func == (key: Key, name: StaticString) -> Bool {
            if let decoded = key.decoded { return decoded == name.description }
            return name.withUTF8Buffer { key.bytes.elementsEqual($0) }
        }
    }

    private mutating func readKey() throws -> Key {
        guard peek() == UInt8(ascii: "\"") else { throw SyntaxError() }
        let start = index + 1
        var cursor = start
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                return Key(bytes: bytes[start..<cursor], decoded: nil)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw SyntaxError() }
            cursor += 1
        }
        let decoded = try readString()
        return Key(bytes: bytes[0..<0], decoded: decoded)
    }

    private mutating func readString() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                var text = Array(bytes[start..<index])
                try readEscapedRest(into: &text)
                return String(decoding: text, as: UTF8.self)
            }
            if byte < 0x20 { throw SyntaxError() }
            index += 1
        }
        throw SyntaxError()
    }

    /// Continues a string holding escapes, from the first backslash to the closing quote.
    private mutating func readEscapedRest(into text: inout [UInt8]) throws {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw SyntaxError() }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate must be followed by \u and a low one; alone it is replaced.
                        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            let low = try readHex4()
                            scalar = (0xDC00...0xDFFF).contains(low)
                                ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                        } else {
                            scalar = 0xFFFD
                        }
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        scalar = 0xFFFD
                    }
                    text.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                default:
                    throw SyntaxError()
                }
            default:
                if byte < 0x20 { throw SyntaxError() }
                text.append(byte)
            }
        }
        throw SyntaxError()
    }

    private mutating func readHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw SyntaxError() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw SyntaxError()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Steps over one value of any kind, checking its syntax.
    mutating func skipValue(depth: Int = 0) throws {
        guard depth < Self.maximumDepth else { throw SyntaxError() }
        switch try nextKind() {
        case .string:
            try skipString()
        case .number:
            try skipNumber()
        case .literal:
            for literal in ["true", "false", "null"] where bytes[index...].starts(with: literal.utf8) {
                index += literal.utf8.count
                return
            }
            throw SyntaxError()
        case .object:
            try readObject { _, reader in try reader.skipValue(depth: depth + 1) }
        case .array:
            try readArray { reader in try reader.skipValue(depth: depth + 1) }
        }
    }

    private mutating func skipString() throws {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return }
            if byte == UInt8(ascii: "\\") {
                guard index < bytes.count else { throw SyntaxError() }
                index += 1
            } else if byte < 0x20 {
                throw SyntaxError()
            }
        }
        throw SyntaxError()
    }

    private mutating func skipNumber() throws {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while let byte = peek(), isNumberByte(byte) {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { digits += 1 }
            index += 1
        }
        guard digits > 0, index > start else { throw SyntaxError() }
    }

    private func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipWhitespace()
        guard peek() == byte else { throw SyntaxError() }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}

extension Int {
    /// An integer from ASCII digits with an optional minus sign; nil for fractions, exponents or overflow.
    init?(decodingASCII digits: UnsafeRawBufferPointer.SubSequence) {
        var value = 0
        var negative = false
        var sawDigit = false
        for (offset, byte) in digits.enumerated() {
            if offset == 0, byte == UInt8(ascii: "-") {
                negative = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = multiplied.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = added
            sawDigit = true
        }
        guard sawDigit else { return nil }
        self = negative ? -value : value
    }
}

extension String {
    /// The text without leading and trailing whitespace and newlines, without Foundation's bridging
    /// (`trimmingCharacters(in:)` goes through NSString on Linux and cost microseconds a call).
    func trimmedWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(Substring(scalars[first...last]))
    }
}
