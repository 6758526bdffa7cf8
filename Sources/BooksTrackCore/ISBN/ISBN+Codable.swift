extension ISBN: Codable {
    /// Decodes an ISBN from a string in any form `init(parsing:)` accepts.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do throws(ISBNError) {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a valid ISBN: \(error)")
        }
    }

    /// Encodes the ISBN as its 13 digits, e.g. "9780441172719".
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(isbn13)
    }
}
