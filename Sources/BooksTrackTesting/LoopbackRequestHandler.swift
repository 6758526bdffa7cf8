import NIOCore
import NIOHTTP1

/// Answers each request on one connection with the registry's canned response.
final class LoopbackRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    /// Request parts from NIO's HTTP decoder.
    typealias InboundIn = HTTPServerRequestPart
    /// Response parts for NIO's HTTP encoder.
    typealias OutboundOut = HTTPServerResponsePart

    private let registry: LoopbackRegistry
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var pendingAnswers: [Scheduled<Void>] = []

    /// Creates a handler answering from `registry`.
    init(registry: LoopbackRegistry) {
        self.registry = registry
    }

    /// Collects a request and answers it at its end, now or after the response's delay.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(let buffer):
            body += buffer.readableBytesView
        case .end:
            guard let head else { return }
            self.head = nil
            var request = LoopbackRequest(head: head)
            request.body = body
            body = []
            let response = registry.answer(request)
            if response.delay > .zero {
                let answer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(response.delay)) {
                    self.send(response, keepAlive: head.isKeepAlive, context: context)
                }
                pendingAnswers.append(answer)
            } else {
                send(response, keepAlive: head.isKeepAlive, context: context)
            }
        }
    }

    /// Drops answers still waiting on a delay.
    func channelInactive(context: ChannelHandlerContext) {
        for answer in pendingAnswers { answer.cancel() }
        pendingAnswers.removeAll()
        context.fireChannelInactive()
    }

    /// Closes the connection on any error; the client sees it as a failure.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func send(_ response: LoopbackResponse, keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        var headers = HTTPHeaders(response.headers.map { ($0.name, $0.value) })
        var version = HTTPVersion.http1_1
        let sentBytes: Int
        switch response.delivery {
        case .closeWithoutAnswer:
            context.close(promise: nil)
            return
        case .complete:
            sentBytes = response.body.count
        case .truncated(let count), .stalled(let count):
            sentBytes = min(max(count, 0), response.body.count)
        case .truncatedWithoutLength(let count):
            // HTTP/1.0 without Content-Length is delimited by the close, so the client cannot tell it was cut.
            version = .http1_0
            sentBytes = min(max(count, 0), response.body.count)
        }
        if version == .http1_1 {
            headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        } else {
            headers.replaceOrAdd(name: "Connection", value: "close")
        }
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
        if sentBytes > 0 {
            let buffer = context.channel.allocator.buffer(bytes: response.body[..<sentBytes])
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        switch response.delivery {
        case .complete:
            let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            }
        case .stalled:
            context.flush()
        case .truncated, .truncatedWithoutLength, .closeWithoutAnswer:
            context.flush()
            context.close(promise: nil)
        }
    }
}
