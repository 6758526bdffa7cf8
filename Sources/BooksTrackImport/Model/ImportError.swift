import BooksTrackCore

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
    /// A row whose cells cannot be trusted to sit in the header's columns (more cells than the
    /// header, text after a closing quote): importing it would put values in the wrong fields.
    case malformedRow(row: Int, line: Int, column: Int, columnName: String?, reason: String)
    /// The file is over the byte limit, the row limit or both; `bytes` and `rows` are set for each
    /// limit it passes (`rows` counts the data rows, the header excluded).
    case overLimits(bytes: Int?, byteLimit: Int, rows: Int?, rowLimit: Int)
    /// The header matches no known format and has no column the generic importer can use.
    /// `firstRows` are the file's first rows, for a mapping to be proposed from (never printed).
    case unknownFormat(header: [String], proposal: String? = nil, firstRows: [[String]] = [])
    /// A `--mapping` that cannot be read, or names columns the header lacks.
    case invalidMapping(String)
    /// `--format` named a format whose columns the header lacks.
    case headerMismatch(format: String, missing: [String])
    /// A JSON export that does not parse or has the wrong shape.
    case invalidJSON(reason: String)
    /// The import was cancelled after `rows` rows; the batches written before stay written.
    case cancelled(rows: Int)
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
            "the file is \(ByteCountText.megabytes(bytes)) (the limit is \(ByteCountText.megabytes(limit))); nothing was imported"
        case let .tooManyRows(limit):
            "the file has more than \(NumberText.grouped(limit)) rows, the most that is imported at once; nothing was imported"
        case let .binaryContent(line):
            "the file holds binary data (line \(line)); it is not a CSV, TSV or JSON export"
        case let .unclosedQuote(line):
            "the quoted cell that opens on line \(line) is never closed; nothing was imported. Check the file for a stray quote"
        case let .malformedRow(row, line, column, columnName, reason):
            "row \(row) (line \(line)), column \(column)\(columnName.map { " (\($0))" } ?? ""): \(reason), so its values "
                + "would land in the wrong columns; nothing was imported. Fix that row or export the file again"
        case let .overLimits(bytes, byteLimit, rows, rowLimit):
            "the file " + [
                bytes.map { "is \(ByteCountText.megabytes($0)) (the limit is \(ByteCountText.megabytes(byteLimit)))" },
                rows.map { "has \(NumberText.grouped($0)) rows (the limit is \(NumberText.grouped(rowLimit)))" },
            ].compactMap { $0 }.joined(separator: " and ") + "; nothing was imported"
        case let .unknownFormat(header, proposal, _):
            "no known export has this header and no column names a title: \(header.prefix(12).joined(separator: ", "))"
                + (proposal.map { "; from its columns and first rows, this mapping is proposed: \($0) (try it with a dry run first)" } ?? "")
        case let .invalidMapping(reason):
            "the column mapping cannot be used: \(reason)"
        case let .headerMismatch(format, missing):
            "the header lacks the \(format) columns \(missing.joined(separator: ", "))"
        case let .cancelled(rows):
            "the import was cancelled after \(rows) rows; what was written stays, and running it again finishes it"
        case let .invalidJSON(reason):
            "the JSON file cannot be read: \(reason)"
        }
    }
}
