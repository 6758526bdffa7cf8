import BooksTrackCore
import Foundation
import GRDB

/// Identifiers are stored as their 16 UUID bytes.
extension Identifier {
    /// The stored form as a database value: a 16-byte BLOB.
    var databaseValue: DatabaseValue {
        withUnsafeBytes(of: rawValue.uuid) { Data($0) }.databaseValue
    }

    /// Reads a stored identifier: exactly 16 bytes.
    init?(databaseBytes bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 16 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: bytes) }
        self.init(UUID(uuid: uuid))
    }

    /// The lower-case UUID text, the same as `description`, without Foundation's detour through
    /// an upper-case string.
    var storageText: String {
        String(unsafeUninitializedCapacity: 36) { buffer in writeText(into: buffer) }
    }

    /// Writes the 36 bytes of the lower-case text into `buffer` (at least 36 long); returns 36.
    private func writeText(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let digits: StaticString = "0123456789abcdef"
        var position = 0
        withUnsafeBytes(of: rawValue.uuid) { bytes in
            digits.withUTF8Buffer { hex in
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = hex[Int(byte >> 4)]
                    buffer[position + 1] = hex[Int(byte & 0x0F)]
                    position += 2
                }
            }
        }
        return position
    }
}

/// Parsing UUID text without Foundation, whose parser on Linux goes through `sscanf`.
enum UUIDText {
    /// The 16 bytes of a 36-character UUID (hexadecimal in either case, hyphens at 8, 13, 18 and
    /// 23), or nil.
    static func bytes(_ text: String) -> uuid_t? {
        var text = text
        return text.withUTF8 { bytes -> uuid_t? in
            guard bytes.count == 36 else { return nil }
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let parsed = withUnsafeMutableBytes(of: &value) { output -> Bool in
                var position = 0
                for index in 0..<16 {
                    if position == 8 || position == 13 || position == 18 || position == 23 {
                        guard bytes[position] == UInt8(ascii: "-") else { return false }
                        position += 1
                    }
                    guard let high = hexValue(bytes[position]), let low = hexValue(bytes[position + 1]) else { return false }
                    output[index] = high << 4 | low
                    position += 2
                }
                return true
            }
            return parsed ? value : nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
