import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// A server's connections with `ConnectionAdmissionHandler` first in each pipeline, ahead of the
/// HTTP (and WebSocket upgrade) handlers of `inner`.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let count: ConnectionCount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionAdmissionHandler(count: count), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
