import Foundation

/// Reads the records of a CSV or TSV export one at a time, streaming the file in chunks so that
/// memory stays the same whatever the file's size.
///
/// It follows RFC 4180 and the habits of real exports: quoted cells with `""` escapes and line
/// breaks, CRLF, LF or lone-CR record ends, a UTF-8 byte-order mark, blank lines (skipped), a quote
/// inside an unquoted cell (kept), text after a closing quote (appended), spaces around cells (a
/// quote after leading spaces still opens a quoted cell; spaces between a closing quote and the
/// delimiter are dropped; unquoted cells are trimmed by `CSVRow`). `countDataRows`, the pass an
/// import makes first, refuses rows whose columns cannot be trusted. Each cell is decoded as
/// UTF-8, or as Windows-1252 when its bytes are not UTF-8.
public struct CSVReader: Sendable {
    /// The byte that separates cells.
    public enum Delimiter: UInt8, Sendable {
        /// `,`, the separator of CSV files.
        case comma = 0x2C
        /// A tab, the separator of TSV files such as LibraryThing's export.
        case tab = 0x09
    }

    /// Bytes read from a file at once.
    static let defaultChunkSize = 256 * 1_024

    /// The delimiter in use: given, or sniffed from the first line (tab when the first line has
    /// tabs and no comma outside quotes, else comma).
    public let delimiter: Delimiter
    private let limits: ImportLimits
    private var source: ChunkSource
    private var chunk: Data
    private var chunkIsScanned = false
    private var scanner: RecordScanner
    /// Records found so far, the header included.
    private var recordCount = 0

    /// Opens the file at `url`: `fileTooLarge` for a file over `limits.maxBytes`, found before any
    /// byte is read; `unreadable` for a file that cannot be opened.
    public init(url: URL, delimiter: Delimiter? = nil, limits: ImportLimits = ImportLimits()) throws(ImportError) {
        try self.init(url: url, delimiter: delimiter, limits: limits, chunkSize: Self.defaultChunkSize)
    }

    /// Reads bytes held in memory (tests, uploads); `fileTooLarge` past `limits.maxBytes`.
    public init(data: Data, delimiter: Delimiter? = nil, limits: ImportLimits = ImportLimits()) throws(ImportError) {
        try self.init(data: data, delimiter: delimiter, limits: limits, chunkSize: max(data.count, 1))
    }

    /// Opens a file, reading it `chunkSize` bytes at a time.
    init(url: URL, delimiter: Delimiter?, limits: ImportLimits, chunkSize: Int) throws(ImportError) {
        let source = try ChunkSource(url: url, chunkSize: chunkSize, maxBytes: limits.maxBytes)
        try self.init(source: source, delimiter: delimiter, limits: limits)
    }

    /// Reads bytes in memory, handing them to the parser `chunkSize` bytes at a time.
    init(data: Data, delimiter: Delimiter?, limits: ImportLimits, chunkSize: Int) throws(ImportError) {
        guard data.count <= limits.maxBytes else {
            throw .fileTooLarge(bytes: data.count, limit: limits.maxBytes)
        }
        try self.init(source: ChunkSource(data: data, chunkSize: chunkSize), delimiter: delimiter, limits: limits)
    }

    private init(source: ChunkSource, delimiter: Delimiter?, limits: ImportLimits) throws(ImportError) {
        var source = source
        var first = try source.nextChunk() ?? Data()
        // A byte-order mark split by a tiny chunk size must still be recognised.
        while first.count < 3, let more = try source.nextChunk() {
            first.append(more)
        }
        let markLength = first.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let chosen = delimiter ?? first.withUnsafeBytes { Self.sniffDelimiter(in: $0, from: markLength) }
        self.delimiter = chosen
        self.limits = limits
        self.source = source
        self.chunk = first
        self.scanner = RecordScanner(delimiter: chosen.rawValue, maxCellBytes: limits.maxCellBytes, startingAt: markLength)
    }

    /// The next record, nil at the end. Row numbers count records like a spreadsheet: the first
    /// record (the header) is row 1. Throws `tooManyRows` past `limits.maxRows` data rows.
    public mutating func next() throws(ImportError) -> CSVRecord? {
        guard try advance(building: true) else { return nil }
        try countRecord()
        return scanner.takeRecord(row: recordCount)
    }

    /// Reads to the end without building strings (the header aside), a fast structural pass: the
    /// number of records after the first (data rows). Throws `unclosedQuote`, `binaryContent`,
    /// `tooManyRows` as soon as the data rows pass `limits.maxRows`, and `malformedRow` for a row
    /// whose cells cannot be trusted to sit in the header's columns: more cells than the header
    /// has, or (comma-separated files) text after a closing quote.
    public mutating func countDataRows() throws(ImportError) -> Int {
        guard try advance(building: true) else { return 0 }
        try countRecord()
        let headerProblem = scanner.malformedColumn
        let headerLine = scanner.recordStartLine
        let header = scanner.takeRecord(row: recordCount)
        if let column = headerProblem {
            throw .malformedRow(
                row: 1, line: headerLine, column: column, columnName: nil,
                reason: "text follows the closing quote of a quoted cell"
            )
        }
        let columns = header.fields.count
        while try advance(building: false) {
            try countRecord()
            let line = scanner.recordStartLine
            if let column = scanner.malformedColumn {
                throw .malformedRow(
                    row: recordCount, line: line, column: column, columnName: Self.name(of: column, in: header),
                    reason: "text follows the closing quote of a quoted cell"
                )
            }
            // Empty cells past the header (a trailing delimiter) are harmless; a value there means
            // the row's cells are shifted.
            if scanner.lastFilledCell > columns {
                throw .malformedRow(
                    row: recordCount, line: line, column: scanner.lastFilledCell, columnName: nil,
                    reason: "the row has a value in column \(scanner.lastFilledCell) but the header names only \(columns) columns"
                )
            }
            scanner.discardRecord()
        }
        return max(0, recordCount - 1)
    }

    private static func name(of column: Int, in header: CSVRecord) -> String? {
        guard column >= 1, column <= header.fields.count else { return nil }
        let name = header.fields[column - 1].trimmingWhitespace()
        return name.isEmpty ? nil : name
    }

    private mutating func countRecord() throws(ImportError) {
        recordCount += 1
        if recordCount - 1 > limits.maxRows { throw .tooManyRows(limit: limits.maxRows) }
    }

    /// Scans until a record ends, loading chunks as needed; false at the end of the input.
    private mutating func advance(building: Bool) throws(ImportError) -> Bool {
        while true {
            if !chunkIsScanned {
                let bytes = chunk
                let outcome = bytes.withUnsafeBytes { raw in
                    Result { () throws(ImportError) in try scanner.scan(raw, building: building) }
                }
                if try outcome.get() { return true }
                chunkIsScanned = true
            }
            guard let next = try source.nextChunk() else {
                return try scanner.finish(building: building)
            }
            chunk = next
            chunkIsScanned = false
        }
    }

    /// Tab when the first non-blank line holds tabs and no comma outside quotes; comma otherwise.
    static func sniffDelimiter(in bytes: UnsafeRawBufferPointer, from start: Int) -> Delimiter {
        var index = start
        while index < bytes.count, bytes[index] == Byte.lineFeed || bytes[index] == Byte.carriageReturn {
            index += 1
        }
        var insideQuotes = false
        var sawTab = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.quote {
                insideQuotes.toggle()
            } else if !insideQuotes {
                if byte == Delimiter.comma.rawValue { return .comma }
                if byte == Byte.lineFeed || byte == Byte.carriageReturn { break }
                if byte == Delimiter.tab.rawValue { sawTab = true }
            }
            index += 1
        }
        return sawTab ? .tab : .comma
    }
}

extension CSVReader {
    /// The bytes that give a delimited file its structure.
    enum Byte {
        /// LF, `\n`.
        static let lineFeed: UInt8 = 0x0A
        /// CR, `\r`; every control byte that matters sorts at or below it.
        static let carriageReturn: UInt8 = 0x0D
        /// `"`, which opens and closes quoted cells.
        static let quote: UInt8 = 0x22
        /// NUL, which no text export holds.
        static let nul: UInt8 = 0x00
        /// A space, the padding of aligned columns.
        static let space: UInt8 = 0x20
        /// A tab: padding in a comma-separated file, the delimiter of a TSV.
        static let tab: UInt8 = 0x09
    }
}
