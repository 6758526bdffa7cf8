import Foundation

/// The top-level entries of a LibraryThing JSON export (an object of books keyed by book id, or a
/// list of books), found without building the document: each entry's key and the byte range of
/// its value, in file order. A 46 MB export built whole by `JSONSerialization` costs about 2 GB;
/// taken one book at a time it costs a book.
struct LibraryThingJSONEntries {
    /// One entry: its key (the book id, or the 1-based position in a list) and its value's bytes.
    struct Entry {
        var key: String
        var range: Range<Int>
        /// Whether the value is a JSON object (a book), by its first byte.
        var isObject: Bool
    }

    private let data: Data

    init(_ data: Data) {
        self.data = data
    }

    /// Calls `body` with each entry in file order; `invalidJSON` when the document is not an
    /// object or a list of values, or ends early.
    func forEach(_ body: (Entry) throws -> Void) throws {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = Scanner(bytes: bytes)
            scanner.skipByteOrderMark()
            scanner.skipWhitespace()
            guard let open = scanner.next(), open == UInt8(ascii: "{") || open == UInt8(ascii: "[") else {
                throw ImportError.invalidJSON(reason: "expected an object of books keyed by LibraryThing book id")
            }
            let isObject = open == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            var position = 0
            scanner.skipWhitespace()
            if scanner.peek() == close {
                scanner.advance()
            } else {
                while true {
                    position += 1
                    var key = String(position)
                    if isObject {
                        key = try scanner.string()
                        scanner.skipWhitespace()
                        guard scanner.next() == UInt8(ascii: ":") else { throw scanner.failure("expected \":\" after a book id") }
                        scanner.skipWhitespace()
                    }
                    let start = scanner.offset
                    let first = scanner.peek()
                    try scanner.skipValue()
                    try body(Entry(key: key, range: start..<scanner.offset, isObject: first == UInt8(ascii: "{")))
                    scanner.skipWhitespace()
                    guard let separator = scanner.next() else { throw scanner.failure("the file ends inside the list of books") }
                    if separator == close { break }
                    guard separator == UInt8(ascii: ",") else { throw scanner.failure("expected \",\" between books") }
                    scanner.skipWhitespace()
                }
            }
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.failure("text follows the end of the document") }
        }
    }

    /// A cursor over the bytes that knows JSON's strings and nesting, and nothing else.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var isAtEnd: Bool { offset >= bytes.count }

        func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        mutating func advance() { offset += 1 }

        mutating func next() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func skipByteOrderMark() {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
        }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
        }

        func failure(_ reason: String) -> ImportError {
            .invalidJSON(reason: "it is not valid JSON (\(reason), at byte \(offset))")
        }

        /// Reads a string, escapes decoded.
        mutating func string() throws -> String {
            let start = offset
            try skipString()
            let quoted = UnsafeBufferPointer(rebasing: bytes[start..<offset])
            if !quoted.contains(UInt8(ascii: "\\")) {
                return String(decoding: UnsafeBufferPointer(rebasing: quoted.dropFirst().dropLast()), as: UTF8.self)
            }
            guard let text = try? JSONDecoder().decode(String.self, from: Data(quoted)) else { throw failure("a key that is not a string") }
            return text
        }

        mutating func skipString() throws {
            guard next() == UInt8(ascii: "\"") else { throw failure("expected a quoted book id") }
            while let byte = next() {
                if byte == UInt8(ascii: "\\") {
                    guard next() != nil else { break }
                } else if byte == UInt8(ascii: "\"") {
                    return
                }
            }
            throw failure("a string is never closed")
        }

        /// Moves past one value: an object or list by its brackets, a string, or a bare word or number.
        mutating func skipValue() throws {
            guard let first = peek() else { throw failure("the file ends before a value") }
            switch first {
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while let byte = peek() {
                    if byte == UInt8(ascii: "\"") {
                        try skipString()
                        continue
                    }
                    offset += 1
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { return }
                    }
                }
                throw failure("a book is never closed")
            default:
                let start = offset
                while let byte = peek(), byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "]"),
                    byte != 0x20, byte != 0x0A, byte != 0x0D, byte != 0x09
                {
                    offset += 1
                }
                guard offset > start else { throw failure("expected a value") }
            }
        }
    }
}
