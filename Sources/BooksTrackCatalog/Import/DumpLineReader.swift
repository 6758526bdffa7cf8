import Foundation

/// Reads a text file line by line in fixed-size chunks, plain or gzip-compressed, so memory stays
/// flat whatever the file's size: at most one chunk, one inflated piece and the longest line
/// allowed are held at a time.
///
/// Offsets count bytes of the decompressed text; a line's `endOffset` is where the next line
/// starts, which is what an import commits to resume from.
final class DumpLineReader {
    /// One line of the file, without its line break.
    enum Line {
        /// A line; `bytes` is valid until the next call to `next()`.
        case text(bytes: ArraySlice<UInt8>, number: Int, endOffset: Int64)
        /// A line longer than the limit, skipped; `prefix` is its beginning, for messages.
        case tooLong(prefix: [UInt8], number: Int, endOffset: Int64)
    }

    /// Why the file cannot be read.
    enum Failure: Error {
        case cannotRead(String)
        case gzip(GzipInflater.Failure, compressedOffset: Int64)
    }

    static let chunkSize = 1 << 20

    /// Whether the file is gzip-compressed.
    let isCompressed: Bool
    /// The file's size on disk.
    let fileSize: Int64
    /// Bytes of the file read so far (compressed bytes for a gzip file): the progress measure.
    private(set) var fileBytesRead: Int64 = 0

    private let handle: FileHandle
    private let maximumLineLength: Int
    private let inflater: GzipInflater?
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    /// The decompressed offset of `buffer[0]`.
    private var bufferOffset: Int64 = 0
    private var lineNumber = 0
    private var atEndOfFile = false

    /// Opens `path`; a file starting with the gzip magic bytes is decompressed on the fly.
    init(path: String, maximumLineLength: Int) throws {
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
                throw Failure.cannotRead("it is a folder, not a file")
            }
            fileSize = (attributes[.size] as? NSNumber)?.int64Value ?? 0
            let magic = try handle.read(upToCount: 2) ?? Data()
            try handle.seek(toOffset: 0)
            isCompressed = magic.count == 2 && magic[magic.startIndex] == 0x1f && magic[magic.startIndex + 1] == 0x8b
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.cannotRead(Self.reason(error))
        }
        inflater = isCompressed ? try? GzipInflater() : nil
        if isCompressed, inflater == nil { throw Failure.cannotRead("zlib could not be started") }
        self.maximumLineLength = maximumLineLength
    }

    deinit {
        try? handle.close()
    }

    /// Identifies a file's content by its first 64 KiB of (decompressed) text, so a resumed import
    /// finds its saved position again, also after the file was downloaded again or recompressed.
    static func fingerprint(path: String) throws -> String {
        let reader = try DumpLineReader(path: path, maximumLineLength: 1 << 16)
        let prefixLength = 1 << 16
        while reader.buffer.count < prefixLength, !reader.atEndOfFile {
            do {
                try reader.fill()
            } catch Failure.gzip {
                // A damaged file still has a beginning; the import reports the damage where it is.
                break
            }
        }
        let prefix = reader.buffer.prefix(prefixLength)
        return SeedCatalogFile.fingerprint(Data(prefix))
    }

    /// The next line, or nil at the end of the file. A last line without a line break counts.
    func next() throws -> Line? {
        var discarding: [UInt8]? = nil
        while true {
            if let newline = findNewline() {
                let end = newline > start && buffer[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                let endOffset = bufferOffset + Int64(newline + 1)
                lineNumber += 1
                defer {
                    start = newline + 1
                    scanned = start
                }
                if let prefix = discarding {
                    return .tooLong(prefix: prefix, number: lineNumber, endOffset: endOffset)
                }
                if end - start > maximumLineLength {
                    return .tooLong(prefix: Array(buffer[start..<min(buffer.count, start + 200)]), number: lineNumber, endOffset: endOffset)
                }
                return .text(bytes: buffer[start..<end], number: lineNumber, endOffset: endOffset)
            }
            if buffer.count - start > maximumLineLength {
                // Keep the beginning for the report and drop the rest until the line ends.
                if discarding == nil { discarding = Array(buffer[start..<min(buffer.count, start + 200)]) }
                bufferOffset += Int64(buffer.count)
                buffer.removeAll(keepingCapacity: true)
                start = 0
                scanned = 0
            }
            if atEndOfFile {
                guard start < buffer.count || discarding != nil else { return nil }
                lineNumber += 1
                let endOffset = bufferOffset + Int64(buffer.count)
                defer {
                    start = buffer.count
                    scanned = start
                }
                if let prefix = discarding {
                    return .tooLong(prefix: prefix, number: lineNumber, endOffset: endOffset)
                }
                if buffer.count - start > maximumLineLength {
                    return .tooLong(prefix: Array(buffer[start..<min(buffer.count, start + 200)]), number: lineNumber, endOffset: endOffset)
                }
                return .text(bytes: buffer[start..<buffer.count], number: lineNumber, endOffset: endOffset)
            }
            try fill()
        }
    }

    /// Moves to `offset` of the decompressed text, `lines` lines into the file (a resumed import).
    func skip(to offset: Int64, lines: Int) throws {
        guard offset > 0 else { return }
        if !isCompressed {
            do {
                try handle.seek(toOffset: UInt64(offset))
            } catch {
                throw Failure.cannotRead(Self.reason(error))
            }
            fileBytesRead = offset
            bufferOffset = offset
        } else {
            while bufferOffset + Int64(buffer.count) < offset, !atEndOfFile {
                bufferOffset += Int64(buffer.count)
                buffer.removeAll(keepingCapacity: true)
                try fill()
            }
            let keep = Int(max(0, min(Int64(buffer.count), offset - bufferOffset)))
            buffer.removeFirst(keep)
            bufferOffset += Int64(keep)
        }
        start = 0
        scanned = 0
        lineNumber = lines
    }

    private func findNewline() -> Int? {
        guard scanned < buffer.count else { return nil }
        let found = buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            guard let hit = memchr(base + scanned, Int32(UInt8(ascii: "\n")), bytes.count - scanned) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
        if found == nil { scanned = buffer.count }
        return found
    }

    /// Reads the next chunk of the file into the buffer, dropping the lines already handed out.
    private func fill() throws {
        if start > 0 {
            buffer.removeFirst(start)
            bufferOffset += Int64(start)
            scanned -= start
            start = 0
        }
        let chunk: Data
        do {
            chunk = try handle.read(upToCount: Self.chunkSize) ?? Data()
        } catch {
            throw Failure.cannotRead(Self.reason(error))
        }
        let compressedOffset = fileBytesRead
        fileBytesRead += Int64(chunk.count)
        guard let inflater else {
            if chunk.isEmpty { atEndOfFile = true } else { buffer.append(contentsOf: chunk) }
            return
        }
        do {
            if chunk.isEmpty {
                atEndOfFile = true
                try inflater.finish { buffer.append(contentsOf: $0) }
            } else {
                try chunk.withUnsafeBytes { compressed in
                    try inflater.inflate(compressed) { buffer.append(contentsOf: $0) }
                }
            }
        } catch let failure as GzipInflater.Failure {
            throw Failure.gzip(failure, compressedOffset: compressedOffset)
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
}
