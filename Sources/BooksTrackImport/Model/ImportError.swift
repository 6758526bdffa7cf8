/// Why a whole file cannot be imported. Problems with single rows are `ImportProblem`s instead.
public enum ImportError: Error, Equatable, Sendable {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The file holds no bytes (or only a byte-order mark and blank lines).
    case emptyFile
    /// The file has a header but no data rows.
    case headerOnly
    /// The file is larger than the cap.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The file has more data rows than the cap.
    case tooManyRows(limit: Int)
    /// The file holds NUL bytes or other binary content: it is no CSV, TSV or JSON export.
    case binaryContent(line: Int)
    /// A quoted cell opened on `line` is never closed, so the rest of the file cannot be read.
    case unclosedQuote(line: Int)
    /// The header matches no known format and has no column the generic importer can use.
    case unknownFormat(header: [String])
    /// `--format` named a format whose columns the header lacks.
    case headerMismatch(format: String, missing: [String])
    /// A JSON export that does not parse or has the wrong shape.
    case invalidJSON(reason: String)
}

extension ImportError: CustomStringConvertible {
    /// The message shown to the user: what is wrong and what to do.
    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason)"
        case .emptyFile:
            "the file is empty; export your library again and import that file"
        case .headerOnly:
            "the file has a header but no books"
        case let .fileTooLarge(bytes, limit):
            "the file is \(bytes) bytes; imports are limited to \(limit) bytes. Split it into smaller files"
        case let .tooManyRows(limit):
            "the file has more than \(limit) rows; imports are limited to \(limit) rows. Split it into smaller files"
        case let .binaryContent(line):
            "the file holds binary data (line \(line)); it is not a CSV, TSV or JSON export"
        case let .unclosedQuote(line):
            "the quoted cell that opens on line \(line) is never closed; nothing was imported. Check the file for a stray quote"
        case let .unknownFormat(header):
            "no known export has this header and no column names a title: \(header.prefix(12).joined(separator: ", "))"
        case let .headerMismatch(format, missing):
            "the header lacks the \(format) columns \(missing.joined(separator: ", "))"
        case let .invalidJSON(reason):
            "the JSON file cannot be read: \(reason)"
        }
    }
}
