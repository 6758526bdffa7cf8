import Foundation

/// Reads a file a line at a time through a fixed-size buffer: memory holds one chunk and the
/// current line, whatever the file's size.
struct LineReader {
    /// Bytes read from the file at once.
    private static let chunkSize = 1 << 20

    private let path: String
    private let handle: FileHandle
    private let maxLineBytes: Int
    private var buffer: [UInt8] = []
    private var position = 0
    /// Where the search for the next line break resumes: bytes before it hold none.
    private var searchStart = 0
    private var isAtEndOfFile = false
    /// The number of the last line returned (1-based).
    private(set) var lineNumber = 0

    /// Opens `url`; a line longer than `maxLineBytes` makes `next()` throw.
    init(url: URL, maxLineBytes: Int) throws(ImportError) {
        path = url.path
        self.maxLineBytes = maxLineBytes
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
    }

    /// The next line without its line break (LF or CRLF), or nil after the last one. A UTF-8
    /// byte-order mark at the start of the file is dropped. The bytes are valid until the next call.
    mutating func next() throws(ImportError) -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[searchStart...].firstIndex(of: 0x0A) {
                var end = newline
                if end > position, buffer[end - 1] == 0x0D { end -= 1 }
                let line = buffer[position..<end]
                position = newline + 1
                searchStart = position
                return deliver(line)
            }
            searchStart = buffer.count
            guard buffer.count - position <= maxLineBytes else {
                throw .invalidJSON(reason: "line \(lineNumber + 1) is longer than \(maxLineBytes) bytes, more than one book may take")
            }
            if isAtEndOfFile {
                guard position < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == 0x0D { end -= 1 }
                let line = buffer[position..<end]
                position = buffer.count
                searchStart = position
                return deliver(line)
            }
            try fill()
        }
    }

    private mutating func deliver(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        lineNumber += 1
        if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
            return line.dropFirst(3)
        }
        return line
    }

    /// Drops the lines already returned and appends the next chunk of the file.
    private mutating func fill() throws(ImportError) {
        if position > 0 {
            buffer.removeSubrange(0..<position)
            searchStart -= position
            position = 0
        }
        let chunk: Data?
        do {
            chunk = try handle.read(upToCount: Self.chunkSize)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        guard let chunk, !chunk.isEmpty else {
            isAtEndOfFile = true
            return
        }
        buffer.append(contentsOf: chunk)
    }
}
