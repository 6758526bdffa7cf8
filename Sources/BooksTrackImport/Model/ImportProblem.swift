/// Something in the file that could not be used as it stood, with what the importer did about it.
public struct ImportProblem: Hashable, Sendable, CustomStringConvertible {
    /// What happened to the row.
    public enum Action: String, Hashable, Sendable {
        /// The row was imported; only the named value was left out or replaced.
        case kept
        /// The row was not imported.
        case skipped
    }

    /// The row, as a spreadsheet numbers it (the header is row 1); 0 for the file as a whole.
    public var row: Int
    /// What was wrong and what was done, in the reader's words:
    /// "ISBN 0441172718 has a bad check digit; imported without an ISBN".
    public var message: String
    public var action: Action

    /// Creates a problem report.
    public init(row: Int, message: String, action: Action = .kept) {
        self.row = row
        self.message = message
        self.action = action
    }

    /// "row 17: ISBN 0441172718 has a bad check digit; imported without an ISBN".
    public var description: String {
        row > 0 ? "row \(row): \(message)" : message
    }
}
