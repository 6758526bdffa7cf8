import Foundation

/// A person whose library is kept; every library record belongs to exactly one user.
public struct User: Hashable, Sendable, Codable, Identifiable {
    /// The user's identifier.
    public typealias ID = Identifier<User>

    /// Stable identifier.
    public var id: ID
    /// Unique login-style name, e.g. "local".
    public var name: String
    /// When the user was created.
    public var dateCreated: Date

    /// Creates a user.
    public init(id: ID = ID(), name: String, dateCreated: Date) {
        self.id = id
        self.name = name
        self.dateCreated = dateCreated
    }

    /// The name of the user every fresh data directory starts with.
    public static let defaultLocalName = "local"
}
