import Foundation

/// A `multipart/form-data` body (a form with a file input), split into its parts. Only what a
/// browser sends is accepted: a boundary in the content type, a few parts, each with a
/// `Content-Disposition` naming it; anything else is a `MultipartForm.Malformed` saying what.
struct MultipartForm: Sendable {
    struct Part: Sendable {
        let name: String
        let filename: String?
        let body: [UInt8]
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The most parts a form may have, and the most bytes of one part's headers.
    static let partLimit = 16
    static let headerLimit = 8 * 1024

    let parts: [Part]

    /// The first part named `name`.
    func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    /// The text of the field `name`, trimmed; nil when absent or empty.
    func field(_ name: String) -> String? {
        guard let part = part(name), part.filename == nil else { return nil }
        let text = String(decoding: part.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The boundary of a `multipart/form-data` content type.
    static func boundary(contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            // RFC 2046: 1 to 70 characters.
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    init(_ bytes: [UInt8], boundary: String) throws {
        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [13, 10]
        guard var position = Self.find(delimiter, in: bytes, from: 0) else { throw Malformed(description: "the form has no parts") }
        var parts: [Part] = []
        while true {
            position += delimiter.count
            // "--" after a delimiter ends the body.
            if bytes.count >= position + 2, bytes[position] == UInt8(ascii: "-"), bytes[position + 1] == UInt8(ascii: "-") { break }
            guard bytes.count >= position + 2, Array(bytes[position..<position + 2]) == crlf else {
                throw Malformed(description: "a part's boundary is not followed by a line break")
            }
            position += 2
            guard let headersEnd = Self.find(crlf + crlf, in: bytes, from: position, within: Self.headerLimit) else {
                throw Malformed(description: "a part's headers do not end (or are longer than \(Self.headerLimit) bytes)")
            }
            let headers = String(decoding: bytes[position..<headersEnd], as: UTF8.self)
            let bodyStart = headersEnd + 4
            guard let next = Self.find(crlf + delimiter, in: bytes, from: bodyStart) else {
                throw Malformed(description: "the form ends inside a part")
            }
            let (name, filename) = try Self.disposition(headers)
            parts.append(Part(name: name, filename: filename, body: Array(bytes[bodyStart..<next])))
            guard parts.count <= Self.partLimit else { throw Malformed(description: "the form has more than \(Self.partLimit) parts") }
            position = next + 2
        }
        self.parts = parts
    }

    /// The name and file name of a part's `Content-Disposition: form-data; name="…"; filename="…"`.
    private static func disposition(_ headers: String) throws -> (String, String?) {
        for line in headers.components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition" else { continue }
            var name: String?
            var filename: String?
            for parameter in pair[1].split(separator: ";").dropFirst() {
                let item = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard item.count == 2 else { continue }
                let value = item[1].hasPrefix("\"") && item[1].hasSuffix("\"") && item[1].count >= 2 ? String(item[1].dropFirst().dropLast()) : item[1]
                switch item[0].lowercased() {
                case "name": name = value
                case "filename": filename = String(value.prefix(255))
                default: break
                }
            }
            guard let name, !name.isEmpty, name.count <= 100 else { throw Malformed(description: "a part has no name") }
            return (name, filename)
        }
        throw Malformed(description: "a part has no Content-Disposition")
    }

    /// Where `needle` first starts in `bytes` at or after `start` (and before `start + within`).
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, within: Int? = nil) -> Int? {
        guard let first = needle.first else { return nil }
        let end = min(bytes.count - needle.count, within.map { start + $0 } ?? Int.max)
        guard start <= end else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = start
            while index <= end {
                if buffer[index] == first {
                    var matched = true
                    for offset in 1..<needle.count where buffer[index + offset] != needle[offset] {
                        matched = false
                        break
                    }
                    if matched { return index }
                }
                index += 1
            }
            return nil
        }
    }
}
