import NIOCore

/// The first handler of every connection: refuses it when its address is full (or the server is,
/// with every connection past its head), and closes it when its first request's head has not
/// arrived within the head time limit (a silent socket, or headers sent a few bytes at a time).
/// Later requests on the same
/// connection are timed by `RequestDeadlineHandler`, which the HTTP pipeline adds after the
/// first head (a WebSocket upgrade never reaches it: its socket is pinged instead).
final class ConnectionAdmissionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let count: ConnectionCount
    private var deadline: Scheduled<Void>?
    /// The last four bytes seen, to find the blank line that ends the first head across reads.
    private var lastFour: UInt32 = 0
    private var headEnded = false

    init(count: ConnectionCount) {
        self.count = count
    }

    func channelActive(context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.hostText ?? "unknown"
        let channel = context.channel
        guard count.admit(address, channel: channel) else {
            context.close(promise: nil)
            return
        }
        let count = count
        channel.closeFuture.whenComplete { _ in count.release(address, channel: channel) }
        let limit = count.limits.headTimeLimit
        deadline = context.eventLoop.scheduleTask(in: .init(limit)) { channel.close(promise: nil) }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headEnded {
            let buffer = unwrapInboundIn(data)
            if endsHead(buffer) {
                headEnded = true
                count.headArrived(context.channel)
                deadline?.cancel()
                deadline = nil
            }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    /// Whether `buffer`, after what came before, holds the blank line that ends an HTTP/1 head.
    private func endsHead(_ buffer: ByteBuffer) -> Bool {
        for byte in buffer.readableBytesView {
            lastFour = lastFour << 8 | UInt32(byte)
            // CR LF CR LF, or the bare LF LF the HTTP parser also takes.
            if lastFour == 0x0D0A_0D0A || lastFour & 0xFFFF == 0x0A0A { return true }
        }
        return false
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
