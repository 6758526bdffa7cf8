import CompressNIO
import NIOCore

/// Streams gzip-compressed bytes through zlib, member after member (`cat a.gz b.gz` is a valid
/// gzip file), and tells a complete stream from a truncated one.
final class GzipInflater {
    /// Why the compressed bytes cannot be inflated.
    enum Failure: Error, Equatable {
        /// The bytes are not a valid deflate stream (or the checksum does not match).
        case corrupt
        /// The input ended inside a gzip member.
        case truncated
        /// Bytes other than another gzip member follow the end of the stream.
        case trailingData
    }

    private let decompressor: ZlibDecompressor
    private var input: ByteBuffer
    private var output: ByteBuffer
    private let outputCapacity: Int

    /// Starts inflating; decompressed bytes come out in pieces of at most `outputCapacity`.
    init(outputCapacity: Int = 1 << 20) throws {
        do {
            decompressor = try ZlibDecompressor(algorithm: .gzip)
        } catch {
            throw Failure.corrupt
        }
        let allocator = ByteBufferAllocator()
        input = allocator.buffer(capacity: 1 << 16)
        output = allocator.buffer(capacity: outputCapacity)
        self.outputCapacity = outputCapacity
    }

    /// Inflates `compressed`, handing each decompressed piece to `sink` (valid only during the call).
    func inflate(_ compressed: UnsafeRawBufferPointer, into sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        input.discardReadBytes()
        input.writeBytes(compressed)
        while input.readableBytes > 0 {
            do {
                try decompressor.inflate(from: &input, to: &output)
                try drain(into: sink)
                // A normal return with input left over means the member ended (Z_STREAM_END).
                guard input.readableBytes > 0 else { return }
                try startNextMember()
            } catch let error as CompressNIOError where error == .bufferOverflow {
                try drain(into: sink)
            } catch let error as CompressNIOError where error == .inputBufferOverflow {
                try drain(into: sink)
                return
            } catch let error as CompressNIOError where error == .corruptData {
                throw Failure.corrupt
            } catch let error as Failure {
                throw error
            } catch let error as CompressNIOError {
                // Out of memory or an internal zlib error: nothing more can be read.
                _ = error
                throw Failure.corrupt
            }
        }
    }

    /// Checks, at the end of the input, that the last member was complete, handing out what zlib still holds.
    func finish(into sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        var empty = ByteBufferAllocator().buffer(capacity: 16)
        while true {
            do {
                // With no input, zlib answers Z_STREAM_END only for a finished stream, else Z_BUF_ERROR.
                try decompressor.inflate(from: &empty, to: &output)
                try drain(into: sink)
                return
            } catch let error as CompressNIOError where error == .bufferOverflow {
                try drain(into: sink)
            } catch let error as CompressNIOError where error == .inputBufferOverflow {
                try drain(into: sink)
                throw Failure.truncated
            } catch {
                throw Failure.corrupt
            }
        }
    }

    /// After a member's end: another member starts here, or only zero padding (tape-style) follows.
    private func startNextMember() throws {
        let bytes = input.readableBytesView
        if bytes.allSatisfy({ $0 == 0 }) {
            input.moveReaderIndex(forwardBy: bytes.count)
            return
        }
        guard bytes.first == 0x1f, bytes.count < 2 || bytes[bytes.startIndex + 1] == 0x8b else {
            throw Failure.trailingData
        }
        do {
            try decompressor.reset()
        } catch {
            throw Failure.corrupt
        }
    }

    private func drain(into sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard output.readableBytes > 0 else { return }
        try output.withUnsafeReadableBytes { try sink($0) }
        output.clear()
    }
}
