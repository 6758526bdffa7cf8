import BooksTrackCore
import Foundation

/// Encodes an `Encodable` value straight into UTF-8 bytes, as it walks the value: no tree of
/// intermediate values and no dictionaries, which is where Foundation's `JSONEncoder` spends a page
/// of fifty books' time. The JSON means the same as `JSONBody`'s Foundation encoding: dates in ISO
/// 8601 (UTC), slashes unescaped, nil optionals left out, non-finite numbers refused.
///
/// Containers are closed when the value that opened them has been written: a keyed or unkeyed
/// container open deeper than the one being written to is finished first. This is how every
/// synthesized and hand-written `encode(to:)` uses containers (one after another, never two at once).
struct StreamingJSONEncoder {
    func encode(_ value: some Encodable) throws -> [UInt8] {
        let sink = JSONSink()
        try sink.write(value, depth: 0, codingPath: [])
        sink.close(deeperThan: 0)
        return sink.bytes
    }
}

/// A value already encoded by `StreamingJSONEncoder` (a kept page of books), written as it is
/// into a larger answer. Only that encoder can write it.
struct EncodedJSON: Codable, Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "encoded JSON is only written"))
    }

    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(bytes, .init(codingPath: encoder.codingPath, debugDescription: "encoded JSON is written by StreamingJSONEncoder only"))
    }
}

/// The bytes written so far and the containers still open.
private final class JSONSink {
    // Unchecked: one encoding owns its sink, on one thread, and the checks the runtime would make
    // on every byte written cost an eighth of a page's time.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    /// The open containers, outermost first: whether each is an object, and how many elements it has.
    @exclusivity(unchecked) private var open: [(isObject: Bool, count: Int)] = []

    init() {
        bytes.reserveCapacity(16 * 1024)
    }

    var depth: Int { open.count }

    /// Finishes the containers opened deeper than `depth`.
    func close(deeperThan depth: Int) {
        while open.count > depth {
            bytes.append(open.removeLast().isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Starts an element of the container at `depth` (its `depth`-th open container): closes what is
    /// open deeper, and writes the comma before every element but the first.
    func beginElement(inContainerAt depth: Int) {
        close(deeperThan: depth)
        if open[depth - 1].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[depth - 1].count += 1
    }

    func openContainer(isObject: Bool) {
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append((isObject, 0))
    }

    func writeKey(_ key: String) {
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A value in the place prepared for it; `depth` is how many containers are open around it.
    func write<T: Encodable>(_ value: T, depth: Int, codingPath: [any CodingKey]) throws {
        // Compared by type, not cast: a cast per value costs more than the rest of writing it.
        if T.self == String.self {
            writeString(value as! String)
        } else if T.self == Date.self {
            let date = value as! Date
            writeString(ISO8601Text.text(date) ?? date.formatted(.iso8601))
        } else if T.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if T.self == Data.self {
            writeString((value as! Data).base64EncodedString())
        } else if T.self == Decimal.self {
            writeASCII((value as! Decimal).description)
        } else if T.self == EncodedJSON.self {
            bytes.append(contentsOf: (value as! EncodedJSON).bytes)
        } else {
            let before = bytes.count
            try value.encode(to: JSONStreamEncoder(sink: self, depth: depth, codingPath: codingPath))
            close(deeperThan: depth)
            // A value that encoded nothing is an empty object, as Foundation writes it.
            if bytes.count == before { bytes.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")]) }
        }
    }

    func writeNull() {
        bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
    }

    func writeBool(_ value: Bool) {
        writeASCII(value ? "true" : "false")
    }

    func writeInteger(_ value: some BinaryInteger) {
        writeASCII(String(value))
    }

    func writeDouble(_ value: Double, codingPath: [any CodingKey]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
        }
        // Whole numbers without a fraction, as Foundation writes them.
        if value.rounded() == value, abs(value) < 1e15 {
            writeASCII(String(Int64(value)))
        } else {
            writeASCII(value.description)
        }
    }

    func writeASCII(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string, escaped where it must be.
    func writeString(_ text: String) {
        JSONText.appendQuoted(text, to: &bytes)
    }
}

/// The `Encoder` a value writes itself through, at one place in the output.
private struct JSONStreamEncoder: Encoder {
    let sink: JSONSink
    /// How many containers are open around the value.
    let depth: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.close(deeperThan: depth)
        sink.openContainer(isObject: true)
        return KeyedEncodingContainer(KeyedContainer<Key>(sink: sink, depth: depth + 1, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.close(deeperThan: depth)
        sink.openContainer(isObject: false)
        return UnkeyedContainer(sink: sink, depth: depth + 1, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(sink: sink, depth: depth, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: JSONSink
    /// The depth of this container (counting itself).
    let depth: Int
    let codingPath: [any CodingKey]

    private func begin(_ key: Key) {
        sink.beginElement(inContainerAt: depth)
        sink.writeKey(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {
        begin(key)
        sink.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        begin(key)
        sink.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        begin(key)
        sink.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        begin(key)
        try sink.writeDouble(value, codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        begin(key)
        try sink.writeDouble(Double(value), codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        begin(key)
        sink.writeInteger(value)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        begin(key)
        sink.writeInteger(value)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        begin(key)
        sink.writeInteger(value)
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        begin(key)
        sink.writeInteger(value)
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        begin(key)
        sink.writeInteger(value)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        begin(key)
        sink.writeInteger(value)
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        begin(key)
        sink.writeInteger(value)
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        begin(key)
        sink.writeInteger(value)
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        begin(key)
        sink.writeInteger(value)
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        begin(key)
        sink.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        begin(key)
        try sink.write(value, depth: depth, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        begin(key)
        sink.openContainer(isObject: true)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(sink: sink, depth: depth + 1, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        begin(key)
        sink.openContainer(isObject: false)
        return UnkeyedContainer(sink: sink, depth: depth + 1, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        sink.beginElement(inContainerAt: depth)
        sink.writeKey("super")
        return JSONStreamEncoder(sink: sink, depth: depth, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        begin(key)
        return JSONStreamEncoder(sink: sink, depth: depth, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let sink: JSONSink
    let depth: Int
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(sink: JSONSink, depth: Int, codingPath: [any CodingKey]) {
        self.sink = sink
        self.depth = depth
        self.codingPath = codingPath
    }

    private mutating func begin() {
        sink.beginElement(inContainerAt: depth)
        count += 1
    }

    mutating func encodeNil() throws {
        begin()
        sink.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        begin()
        sink.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        begin()
        sink.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        begin()
        try sink.writeDouble(value, codingPath: codingPath)
    }

    mutating func encode(_ value: Int) throws {
        begin()
        sink.writeInteger(value)
    }

    mutating func encode(_ value: Float) throws {
        begin()
        try sink.writeDouble(Double(value), codingPath: codingPath)
    }

    mutating func encode(_ value: Int8) throws {
        begin()
        sink.writeInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        begin()
        sink.writeInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        begin()
        sink.writeInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        begin()
        sink.writeInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        begin()
        sink.writeInteger(value)
    }

    mutating func encode(_ value: UInt8) throws {
        begin()
        sink.writeInteger(value)
    }

    mutating func encode(_ value: UInt16) throws {
        begin()
        sink.writeInteger(value)
    }

    mutating func encode(_ value: UInt32) throws {
        begin()
        sink.writeInteger(value)
    }

    mutating func encode(_ value: UInt64) throws {
        begin()
        sink.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        begin()
        try sink.write(value, depth: depth, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        begin()
        sink.openContainer(isObject: true)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(sink: sink, depth: depth + 1, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        begin()
        sink.openContainer(isObject: false)
        return UnkeyedContainer(sink: sink, depth: depth + 1, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        begin()
        return JSONStreamEncoder(sink: sink, depth: depth, codingPath: codingPath)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let sink: JSONSink
    let depth: Int
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { sink.writeNull() }
    mutating func encode(_ value: Bool) throws { sink.writeBool(value) }
    mutating func encode(_ value: String) throws { sink.writeString(value) }
    mutating func encode(_ value: Double) throws { try sink.writeDouble(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { try sink.writeDouble(Double(value), codingPath: codingPath) }
    mutating func encode(_ value: Int) throws { sink.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { sink.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { sink.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { sink.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { sink.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { sink.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { sink.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { sink.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { sink.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { sink.writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try sink.write(value, depth: depth, codingPath: codingPath)
    }
}
