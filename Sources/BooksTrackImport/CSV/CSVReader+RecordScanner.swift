extension CSVReader {
    /// The parser's state machine. It is fed one chunk at a time and keeps what it needs across
    /// chunk boundaries (the state, the bytes of an unfinished cell), never the chunks themselves.
    struct RecordScanner: Sendable {
        /// Records with more cells than this are problems: no export has nearly as many columns,
        /// and a line of millions of delimiters must not become millions of strings.
        static let maxCellsPerRecord = 10_000
        /// NUL bytes this close to the start mean the whole file is binary, not a damaged row.
        static let binaryProbeLength = 8_192

        private enum State: Sendable {
            /// Between records: blank lines are skipped here.
            case recordStart
            case cellStart
            case unquoted
            case quoted
            /// A quote inside a quoted cell: the end of the cell, or the first half of `""`.
            case quoteInQuoted
            /// Past a closing quote, before the delimiter or line break.
            case afterClosingQuote
        }

        private let delimiter: UInt8
        private let maxCellBytes: Int
        private var state = State.recordStart
        /// Where scanning resumes in the current chunk.
        private var position: Int
        /// The file offset of the current chunk's first byte.
        private var chunkOffset = 0
        private var lastByteOfPreviousChunk: UInt8 = 0
        /// The current line (1-based).
        private var line = 1
        private var recordLine = 1
        private var quoteLine = 1
        /// The part of the current cell that lies in the current chunk and is not yet in `cellBytes`.
        private var spanStart = 0
        /// Where a quoted cell's text ends (at its closing quote) in the current chunk.
        private var spanEnd = 0
        /// Bytes of the current cell carried over from earlier chunks, or unescaped.
        private var cellBytes: [UInt8] = []
        private var cellIsTooLong = false
        private var fields: [String] = []
        private var problem: String?
        /// Cells of the current record so far, counted whether or not they are built.
        private(set) var cellCount = 0
        /// Where the current record stops being well-formed CSV, if it does: text after a closing
        /// quote (`"Doe, Jane" Smith,`), which means the writer quoted the cell wrongly and the
        /// columns after it cannot be trusted.
        private(set) var malformedColumn: Int?
        /// The last cell of the current record that holds something (1-based; 0 when none does).
        private(set) var lastFilledCell = 0
        /// Where spaces after a closing quote began in the current chunk.
        private var paddingStart: Int?

        /// A scanner splitting cells at `delimiter`, starting `startingAt` bytes into the first chunk.
        init(delimiter: UInt8, maxCellBytes: Int, startingAt start: Int) {
            self.delimiter = delimiter
            self.maxCellBytes = maxCellBytes
            self.position = start
        }

        /// Scans the chunk from where the last call stopped; true when a record ended (the next call
        /// goes on after it), false when the chunk is used up and the next one is wanted.
        /// Cells are decoded only when `building`.
        mutating func scan(_ raw: UnsafeRawBufferPointer, building: Bool) throws(ImportError) -> Bool {
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            let delimiter = self.delimiter
            var index = position
            while index < count {
                switch state {
                case .recordStart:
                    let byte = bytes[index]
                    if byte == Byte.lineFeed {
                        if previousByte(bytes, index) != Byte.carriageReturn { line += 1 }
                        index += 1
                    } else if byte == Byte.carriageReturn {
                        line += 1
                        index += 1
                    } else {
                        recordLine = line
                        state = .cellStart
                    }
                case .cellStart:
                    let byte = bytes[index]
                    if byte == Byte.space || (byte == Byte.tab && delimiter != Byte.tab) {
                        // Padding before a cell ("   10234", `  "Doe, Jane"`): a quote after it
                        // still opens a quoted cell; an unquoted cell is trimmed anyway.
                        index += 1
                    } else if byte == Byte.quote {
                        lastFilledCell = cellCount + 1
                        paddingStart = nil
                        quoteLine = line
                        index += 1
                        spanStart = index
                        state = .quoted
                    } else {
                        if byte != delimiter, byte != Byte.lineFeed, byte != Byte.carriageReturn { lastFilledCell = cellCount + 1 }
                        spanStart = index
                        state = .unquoted
                    }
                case .unquoted:
                    // Only control bytes and the delimiter matter here; one comparison skips the rest.
                    while index < count {
                        let byte = bytes[index]
                        if byte <= Byte.carriageReturn || byte == delimiter { break }
                        index += 1
                    }
                    guard index < count else { break }
                    let byte = bytes[index]
                    if byte == delimiter {
                        cellCount += 1
                        if building { endCell(bytes, from: spanStart, to: index) }
                        index += 1
                        state = .cellStart
                    } else if byte == Byte.lineFeed || byte == Byte.carriageReturn {
                        cellCount += 1
                        if building { endCell(bytes, from: spanStart, to: index) }
                        return endRecord(at: index + 1)
                    } else {
                        if byte == Byte.nul { try noteNUL(at: index) }
                        index += 1
                    }
                case .quoted:
                    while index < count {
                        let byte = bytes[index]
                        if byte == Byte.quote || byte <= Byte.carriageReturn { break }
                        index += 1
                    }
                    guard index < count else { break }
                    let byte = bytes[index]
                    if byte == Byte.quote {
                        spanEnd = index
                        state = .quoteInQuoted
                    } else if byte == Byte.carriageReturn {
                        line += 1
                    } else if byte == Byte.lineFeed {
                        if previousByte(bytes, index) != Byte.carriageReturn { line += 1 }
                    } else if byte == Byte.nul {
                        try noteNUL(at: index)
                    }
                    index += 1
                case .quoteInQuoted:
                    if bytes[index] == Byte.quote {
                        if building {
                            keep(bytes, from: spanStart, to: spanEnd)
                            keepQuote()
                        }
                        index += 1
                        spanStart = index
                        state = .quoted
                    } else {
                        state = .afterClosingQuote
                    }
                case .afterClosingQuote:
                    let byte = bytes[index]
                    if byte == Byte.space || (byte == Byte.tab && delimiter != Byte.tab) {
                        // Padding between the closing quote and the delimiter, dropped unless text follows.
                        if paddingStart == nil { paddingStart = index }
                        index += 1
                    } else if byte == delimiter {
                        cellCount += 1
                        if building { endCell(bytes, from: spanStart, to: spanEnd) }
                        index += 1
                        state = .cellStart
                    } else if byte == Byte.lineFeed || byte == Byte.carriageReturn {
                        cellCount += 1
                        if building { endCell(bytes, from: spanStart, to: spanEnd) }
                        return endRecord(at: index + 1)
                    } else {
                        // Lenient: `"abc"def` reads as `abcdef`, the rest handled as unquoted text;
                        // a comma-separated file is refused for it by the checking pass.
                        if malformedColumn == nil, delimiter != Byte.tab { malformedColumn = cellCount + 1 }
                        if building { keep(bytes, from: spanStart, to: spanEnd) }
                        spanStart = paddingStart ?? index
                        paddingStart = nil
                        state = .unquoted
                    }
                }
            }
            finishChunk(bytes, building: building)
            return false
        }

        /// The line on which the record last ended began.
        var recordStartLine: Int { recordLine }

        /// Ends the input; true when it closed a last record that had no line break after it.
        mutating func finish(building: Bool) throws(ImportError) -> Bool {
            switch state {
            case .recordStart:
                return false
            case .quoted:
                throw .unclosedQuote(line: quoteLine)
            case .cellStart, .unquoted, .quoteInQuoted, .afterClosingQuote:
                // The chunk's bytes of the last cell were moved into `cellBytes` when it ran out.
                cellCount += 1
                if building { endCell(UnsafeBufferPointer(start: nil, count: 0), from: 0, to: 0) }
                state = .recordStart
                return true
            }
        }

        /// The record that the last `scan` or `finish` ended, numbered `row`.
        mutating func takeRecord(row: Int) -> CSVRecord {
            let record = CSVRecord(fields: fields, row: row, line: recordLine, problem: problem)
            fields = []
            fields.reserveCapacity(record.fields.count)
            problem = nil
            cellCount = 0
            malformedColumn = nil
            lastFilledCell = 0
            return record
        }

        /// Forgets the record that the last `scan` or `finish` ended.
        mutating func discardRecord() {
            fields.removeAll(keepingCapacity: true)
            problem = nil
            cellCount = 0
            malformedColumn = nil
            lastFilledCell = 0
        }

        private mutating func endRecord(at next: Int) -> Bool {
            line += 1
            position = next
            state = .recordStart
            return true
        }

        private func previousByte(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt8 {
            index > 0 ? bytes[index - 1] : lastByteOfPreviousChunk
        }

        /// Moves the unfinished cell's bytes out of the chunk, which is about to be replaced.
        private mutating func finishChunk(_ bytes: UnsafeBufferPointer<UInt8>, building: Bool) {
            if building {
                switch state {
                case .unquoted, .quoted:
                    keep(bytes, from: spanStart, to: bytes.count)
                case .quoteInQuoted, .afterClosingQuote:
                    keep(bytes, from: spanStart, to: spanEnd)
                case .recordStart, .cellStart:
                    break
                }
            }
            // Padding cut by the chunk's end is dropped even if text follows (a malformed cell anyway).
            paddingStart = nil
            spanStart = 0
            spanEnd = 0
            position = 0
            chunkOffset += bytes.count
            if let last = bytes.last { lastByteOfPreviousChunk = last }
        }

        private mutating func noteNUL(at index: Int) throws(ImportError) {
            if chunkOffset + index < Self.binaryProbeLength { throw .binaryContent(line: line) }
            if problem == nil { problem = "holds binary data (NUL bytes)" }
        }

        /// Adds part of the chunk to the current cell, or only notes the cell's excess past the limit.
        private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
            guard !cellIsTooLong, start < end else { return }
            guard cellBytes.count + (end - start) <= maxCellBytes else {
                cellIsTooLong = true
                cellBytes.removeAll(keepingCapacity: true)
                return
            }
            cellBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }

        private mutating func keepQuote() {
            guard !cellIsTooLong else { return }
            guard cellBytes.count < maxCellBytes else {
                cellIsTooLong = true
                cellBytes.removeAll(keepingCapacity: true)
                return
            }
            cellBytes.append(Byte.quote)
        }

        /// Ends the current cell, whose last bytes are `start..<end` of the chunk.
        private mutating func endCell(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
            let text: String
            if cellIsTooLong || cellBytes.count + (end - start) > maxCellBytes {
                if problem == nil { problem = "a cell is longer than \(maxCellBytes) bytes" }
                text = ""
            } else if cellBytes.isEmpty {
                text = CellDecoder.decode(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            } else {
                keep(bytes, from: start, to: end)
                text = cellBytes.withUnsafeBufferPointer(CellDecoder.decode)
            }
            cellBytes.removeAll(keepingCapacity: true)
            cellIsTooLong = false
            if fields.count < Self.maxCellsPerRecord {
                fields.append(text)
            } else if problem == nil {
                problem = "has more than \(Self.maxCellsPerRecord) cells"
            }
        }
    }
}
