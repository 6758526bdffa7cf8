/// A value that breaks one of the model's limits: names the field and the limit.
public enum ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A required text is empty after trimming.
    case empty(field: String)
    /// A text is longer than allowed.
    case tooLong(field: String, limit: Int, length: Int)
    /// A number is outside its allowed range; `allowed` says the range in words.
    case outOfRange(field: String, value: String, allowed: String)

    /// The field at fault.
    public var field: String {
        switch self {
        case .empty(let field), .tooLong(let field, _, _), .outOfRange(let field, _, _): field
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
        }
    }
}
