/// Why an export could not be written.
public enum ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or the temporary file beside it) could not be created, written or moved into place.
    case unwritable(path: String, reason: String)

    /// The message shown to the user: what is wrong and what to do.
    public var description: String {
        switch self {
        case let .unwritable(path, reason):
            "cannot write \(path): \(reason). Check that the folder exists, is writable and has free space"
        }
    }
}
