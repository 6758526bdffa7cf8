import Foundation

/// A user name that is not in the library.
public struct UnknownUserError: Error, CustomStringConvertible {
    public var name: String
    public var known: [String]

    public init(name: String, known: [String]) {
        self.name = name
        self.known = known
    }

    public var description: String {
        let hint = known.isEmpty ? "" : " (users: " + known.joined(separator: ", ") + ")"
        return "no user \(name)\(hint); a user is created by the first add or import with --user \(name)"
    }
}
