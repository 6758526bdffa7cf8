// Provider JSON is hand-edited catalog data: fields go missing, change type ("pages": "309"),
// or hold objects where strings were expected. One odd field must not cost the whole record, so
// record types decode each field on its own and keep nil for what they cannot read.

import Foundation

extension KeyedDecodingContainer {
    /// The value at `key`, or nil when it is absent, null or of another type.
    func lenient<Value: Decodable>(_ type: Value.Type, forKey key: Key) -> Value? {
        (try? decodeIfPresent(Value.self, forKey: key)) ?? nil
    }

    /// A string, or a number written as one; nil for anything else and for blank text.
    func lenientString(forKey key: Key) -> String? {
        lenient(LossyString.self, forKey: key)?.value
    }

    /// An integer, written as a number ("309", 309 or 309.0); nil for anything else.
    func lenientInt(forKey key: Key) -> Int? {
        lenient(LossyInt.self, forKey: key)?.value
    }

    /// A list of strings; non-string elements are skipped and a lone string counts as a list of one.
    func lenientStrings(forKey key: Key) -> [String] {
        if let list = lenient([LossyString].self, forKey: key) {
            return list.compactMap(\.value)
        }
        return lenientString(forKey: key).map { [$0] } ?? []
    }

    /// Open Library's text fields: a plain string or `{"type": "/type/text", "value": "..."}`.
    func lenientText(forKey key: Key) -> String? {
        lenient(TextOrTypedValue.self, forKey: key)?.text
    }
}

/// A string, or a number written as text; nil when blank or of another type.
struct LossyString: Decodable {
    /// The text, nil when blank or unreadable.
    let value: String?

    /// Reads a string or an integer; anything else gives nil instead of an error.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = MappingSupport.nonBlank(text)
        } else if let number = try? container.decode(Int.self) {
            value = String(number)
        } else {
            value = nil
        }
    }
}

/// An integer written as a number, a whole floating-point number or digits in a string.
struct LossyInt: Decodable {
    /// The number, nil when unreadable.
    let value: Int?

    /// Reads an integer, a whole double or digits in a string; anything else gives nil instead of an error.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let number = try? container.decode(Double.self), number.isFinite, number == number.rounded(),
            abs(number) < 1e15
        {
            value = Int(number)
        } else if let text = try? container.decode(String.self) {
            value = Int(text.trimmingCharacters(in: .whitespaces))
        } else {
            value = nil
        }
    }
}

/// Text given either as a string or as Open Library's `{type, value}` object.
struct TextOrTypedValue: Decodable {
    /// The text, nil when blank.
    let text: String?

    private enum CodingKeys: String, CodingKey {
        case value
    }

    /// Reads either form.
    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.text = MappingSupport.nonBlank(text)
        } else {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.text = container.lenientString(forKey: .value)
        }
    }
}

/// `{"key": "/works/OL45804W"}`, the way Open Library links records.
struct OpenLibraryKeyReference: Decodable {
    /// The linked key, "/works/OL45804W".
    let key: String?

    private enum CodingKeys: String, CodingKey {
        case key
    }

    /// Reads `{"key": …}` or a bare string.
    init(from decoder: any Decoder) throws {
        // Some old records link with a bare string instead of an object.
        if let key = try? decoder.singleValueContainer().decode(String.self) {
            self.key = key
        } else {
            self.key = try decoder.container(keyedBy: CodingKeys.self).lenientString(forKey: .key)
        }
    }
}
