import Foundation

extension CSVReader {
    /// Hands out the input a chunk at a time: from an open file, or from bytes in memory.
    struct ChunkSource: Sendable {
        private enum Origin: Sendable {
            case file(FileHandle, path: String)
            /// The bytes not yet handed out.
            case memory(Data)
            case finished
        }

        private var origin: Origin
        private let chunkSize: Int
        private let maxBytes: Int
        /// Bytes handed out so far.
        private var bytesRead = 0

        /// Opens `url`, refusing a file larger than `maxBytes` before reading any of it.
        init(url: URL, chunkSize: Int, maxBytes: Int) throws(ImportError) {
            let attributes: [FileAttributeKey: Any]
            do {
                attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            } catch {
                throw .unreadable(path: url.path, reason: Self.reason(error))
            }
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                throw .unreadable(path: url.path, reason: "it is a folder, not a file")
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            guard size <= maxBytes else { throw .fileTooLarge(bytes: size, limit: maxBytes) }
            let handle: FileHandle
            do {
                handle = try FileHandle(forReadingFrom: url)
            } catch {
                throw .unreadable(path: url.path, reason: Self.reason(error))
            }
            origin = .file(handle, path: url.path)
            self.chunkSize = max(chunkSize, 1)
            self.maxBytes = maxBytes
        }

        /// Serves `data` in pieces of `chunkSize` bytes.
        init(data: Data, chunkSize: Int) {
            origin = .memory(data)
            self.chunkSize = max(chunkSize, 1)
            maxBytes = Int.max
        }

        /// The next chunk, or nil once the input is used up.
        mutating func nextChunk() throws(ImportError) -> Data? {
            switch origin {
            case .finished:
                return nil
            case .memory(let remaining):
                guard !remaining.isEmpty else {
                    origin = .finished
                    return nil
                }
                let piece = remaining.prefix(chunkSize)
                origin = .memory(remaining.dropFirst(piece.count))
                bytesRead += piece.count
                return piece
            case .file(let handle, let path):
                let piece: Data?
                do {
                    piece = try handle.read(upToCount: chunkSize)
                } catch {
                    throw .unreadable(path: path, reason: Self.reason(error))
                }
                guard let piece, !piece.isEmpty else {
                    try? handle.close()
                    origin = .finished
                    return nil
                }
                bytesRead += piece.count
                // The size was checked on opening, but a file can grow while it is read.
                guard bytesRead <= maxBytes else {
                    try? handle.close()
                    origin = .finished
                    throw .fileTooLarge(bytes: bytesRead, limit: maxBytes)
                }
                return piece
            }
        }

        private static func reason(_ error: any Error) -> String {
            (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
        }
    }
}
