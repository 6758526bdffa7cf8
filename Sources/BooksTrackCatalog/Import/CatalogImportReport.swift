import Foundation

/// Why one line of a dump was skipped.
public enum CatalogImportProblem: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Not `type \t key \t revision \t last_modified \t JSON`.
    case notFiveFields = "not-five-fields"
    /// The fifth field is not a JSON object (or not UTF-8).
    case invalidJSON = "invalid-json"
    /// The key does not belong to the record's type (`/type/work` with `/books/OL1M`), or is missing.
    case badKey = "bad-key"
    /// A work or edition without a title.
    case missingTitle = "missing-title"
    /// An author without a name.
    case missingName = "missing-name"
    /// Longer than the line length limit.
    case lineTooLong = "line-too-long"

    /// The problem in words.
    public var description: String {
        switch self {
        case .notFiveFields: "not 5 tab-separated fields"
        case .invalidJSON: "invalid JSON"
        case .badKey: "key does not fit the record type"
        case .missingTitle: "no title"
        case .missingName: "no name"
        case .lineTooLong: "line too long"
        }
    }
}

/// One skipped line, shown in the summary.
public struct CatalogImportExample: Sendable, Hashable, Codable {
    /// The 1-based line number in the (decompressed) file.
    public var line: Int
    public var problem: CatalogImportProblem
    /// The line's beginning, at most `maximumLength` characters, with tabs and control characters escaped.
    public var text: String

    /// The longest excerpt kept.
    public static let maximumLength = 120

    /// Creates an example from the raw bytes of a line.
    public init(line: Int, problem: CatalogImportProblem, bytes: some Collection<UInt8>) {
        self.line = line
        self.problem = problem
        var text = ""
        for character in String(decoding: bytes.prefix(Self.maximumLength * 4), as: UTF8.self) {
            if text.count >= Self.maximumLength {
                text += "…"
                break
            }
            switch character {
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            default:
                if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
                    text += "\\u{" + String(character.unicodeScalars.first?.value ?? 0, radix: 16) + "}"
                } else {
                    text.append(character)
                }
            }
        }
        self.text = text
    }
}

/// Where an import stands, reported after every batch.
public struct CatalogImportProgress: Sendable, Hashable {
    /// The file's name.
    public var fileName: String
    /// Bytes of the file read so far (compressed bytes for .gz), including those skipped on resuming.
    public var bytesRead: Int64
    /// The file's size.
    public var totalBytes: Int64
    /// Lines read so far in the whole file, including those of earlier runs.
    public var lines: Int
    /// Lines read by this run.
    public var linesThisRun: Int
    /// Time spent by this run.
    public var elapsed: Duration
    /// Lines per second in this run.
    public var linesPerSecond: Double
    /// The time left at this run's pace, once it can be estimated.
    public var estimatedRemaining: Duration?

    /// The part of the file read, 0...1.
    public var fraction: Double {
        totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 0
    }
}

/// The outcome of importing one dump file, counted over the whole file (earlier, interrupted runs included).
public struct CatalogImportSummary: Sendable, Hashable {
    /// How the run ended.
    public enum Outcome: String, Sendable, Hashable {
        /// The whole file is in the catalog.
        case completed
        /// The run stopped on request before the end; running it again resumes.
        case stopped
        /// An earlier run had already imported the whole file; nothing was done.
        case alreadyImported
    }

    public var fileName: String
    public var outcome: Outcome
    /// The line this run resumed after, when an earlier run was interrupted.
    public var resumedAfterLine: Int?
    /// Lines read in the whole file.
    public var lines: Int
    /// Lines read by this run.
    public var linesThisRun: Int
    public var authors: Int
    public var works: Int
    public var editions: Int
    /// Well-formed records of other types (redirects, deletes, lists...), skipped.
    public var otherRecords: Int
    /// ISBNs with a bad check digit or length, dropped from editions that were imported without them.
    public var invalidISBNs: Int
    /// Skipped lines by problem.
    public var problems: [CatalogImportProblem: Int]
    /// A few skipped lines, first ones first.
    public var examples: [CatalogImportExample]
    /// Time spent by this run.
    public var elapsed: Duration

    /// Lines skipped because they were malformed.
    public var malformedLines: Int { problems.values.reduce(0, +) }

    /// Lines per second in this run.
    public var linesPerSecond: Double {
        let seconds = elapsed.secondsValue
        return seconds > 0 ? Double(linesThisRun) / seconds : 0
    }
}

/// Why a dump could not be imported at all (problems with single lines are counted, not thrown).
public enum CatalogImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or read.
    case cannotRead(path: String, reason: String)
    /// The file is empty.
    case emptyFile(path: String)
    /// Nothing in the file's beginning looks like an Open Library dump line.
    case notADump(path: String, example: String)
    /// The gzip data is damaged at this compressed offset; lines before it were imported.
    case corruptGzip(path: String, offset: Int64, linesImported: Int)
    /// The gzip file ends early (a partial download); lines before the end were imported.
    case truncatedGzip(path: String, linesImported: Int)
    /// Something other than gzip data follows the compressed stream; the stream itself was imported.
    case trailingData(path: String, linesImported: Int)

    /// A message that says what went wrong and what to do.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            "cannot read \(path): \(reason)"
        case .emptyFile(let path):
            "\(path) is empty; an Open Library dump has one record per line (ol_dump_editions_*.txt.gz)"
        case .notADump(let path, let example):
            "\(path) is not an Open Library dump: no line of its beginning reads type<TAB>key<TAB>revision<TAB>last_modified<TAB>JSON (first line: \(example)); nothing was imported"
        case .corruptGzip(let path, let offset, let lines):
            "\(path) is damaged: its gzip data cannot be decompressed at byte \(offset); the \(lines) lines before were imported; download the file again and rerun to finish"
        case .truncatedGzip(let path, let lines):
            "\(path) ends in the middle of its gzip data (an interrupted download?); the \(lines) lines before were imported; download it again and rerun the import to finish"
        case .trailingData(let path, let lines):
            "\(path) has unexpected data after its gzip stream; the \(lines) lines of the stream were imported and the rest ignored"
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var secondsValue: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
