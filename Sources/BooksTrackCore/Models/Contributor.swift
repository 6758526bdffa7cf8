/// Someone who made a book without being its author: an illustrator, an editor, the writer of a
/// foreword. Translators and narrators belong to an edition and have its own fields.
///
/// Only authors count as authors: in insights, in matching books and in the diversity of what
/// was read. A contributor is kept with the role the source gave.
public struct Contributor: Hashable, Sendable, Codable {
    /// The person's name as shown.
    @SingleLineText public var name: String
    /// The role in lower case, as the source says it: "illustrator", "editor", "contributor".
    @SingleLineText public var role: String

    /// A contributor; the role is trimmed and lower-cased.
    public init(name: String, role: String) {
        self.name = name.trimmingWhitespace()
        self.role = role.trimmingWhitespace().lowercased()
    }

    /// "Fiona Staples (illustrator)".
    public var label: String { "\(name) (\(role))" }

    /// Reads a `label`: the role is the last parenthesis; nil without one.
    public init?(label: String) {
        let text = label.trimmingWhitespace()
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return nil }
        let name = text[..<open].trimmingWhitespace()
        let role = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmingWhitespace()
        guard !name.isEmpty, !role.isEmpty else { return nil }
        self.init(name: name, role: role)
    }
}
