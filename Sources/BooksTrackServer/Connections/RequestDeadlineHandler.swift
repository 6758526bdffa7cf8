import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Times the requests of a kept-alive HTTP connection: the body must keep coming (no pause longer
/// than the body's pause limit, all of it within the body's time limit), and after an answer the
/// next request's head must arrive within the head time limit, else the connection is closed.
/// No limit runs while the server works on an answer (the request time limit covers that).
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: ConnectionLimits
    private var pause: Scheduled<Void>?
    private var whole: Scheduled<Void>?
    /// Requests whose head has come and whose answer has not ended (more than one when pipelined).
    private var unanswered = 0
    private var readingBody = false

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // Added once the first head has come (the upgrade handler passes that head on after):
        // its body is timed from now.
        startBody(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            cancel()
            startBody(context: context)
        case .body:
            pause?.cancel()
            pause = schedule(limits.bodyPauseLimit, context: context)
        case .end:
            readingBody = false
            cancel()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            // Every answer is out: the next request's head is owed within the head time limit.
            if unanswered == 0, !readingBody {
                cancel()
                pause = schedule(limits.headTimeLimit, context: context)
            }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    private func startBody(context: ChannelHandlerContext) {
        readingBody = true
        pause = schedule(limits.bodyPauseLimit, context: context)
        whole = schedule(limits.bodyTimeLimit, context: context)
    }

    private func schedule(_ limit: Duration, context: ChannelHandlerContext) -> Scheduled<Void> {
        let channel = context.channel
        return context.eventLoop.scheduleTask(in: .init(limit)) { channel.close(promise: nil) }
    }

    private func cancel() {
        pause?.cancel()
        whole?.cancel()
        pause = nil
        whole = nil
    }
}
