/// A value that breaks one of the model's limits: names the field and the limit.
public enum ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A required text is empty after trimming.
    case empty(field: String)
    /// A text is longer than allowed.
    case tooLong(field: String, limit: Int, length: Int)
    /// A number is outside its allowed range; `allowed` says the range in words.
    case outOfRange(field: String, value: String, allowed: String)
    /// A name holds a character that cannot be seen (a control, format or bidirectional character).
    case notPrintable(field: String, character: Unicode.Scalar)
    /// A value that is not of the kind the field takes; `expected` says the kind in words.
    case notValid(field: String, value: String, expected: String)

    /// The field at fault.
    public var field: String {
        switch self {
        case .empty(let field), .tooLong(let field, _, _), .outOfRange(let field, _, _), .notPrintable(let field, _),
             .notValid(let field, _, _): field
        }
    }

    /// A message that says what was wrong and what is allowed.
    public var description: String {
        switch self {
        case .empty(let field):
            "\(field) must not be empty"
        case .tooLong(let field, let limit, let length):
            "\(field) is \(length) characters long; the limit is \(limit)"
        case .outOfRange(let field, let value, let allowed):
            "\(field) \(value) is out of range: \(allowed)"
        case .notValid(let field, let value, let expected):
            value.isEmpty ? "\(field) must be \(expected)" : "\(field) \"\(value)\" is not \(expected)"
        case .notPrintable(let field, let character):
            "\(field) holds U+\(String(character.value, radix: 16, uppercase: true).leftPadded(to: 4)), which cannot be seen; "
                + "use letters, digits, marks, punctuation, symbols and spaces"
        }
    }
}

extension String {
    /// The string with zeros in front up to `width` characters ("202E", "0007").
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
