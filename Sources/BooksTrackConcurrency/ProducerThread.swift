import Foundation

/// Items made one after the other on a thread of its own while the caller uses the ones before:
/// rows mapped while the last batch merges, dump lines parsed while the last batch is written, a
/// page of books loaded while the one before is exported.
///
/// `produce` runs on the new thread and hands each item over with its argument, which returns
/// once at most `capacity` items wait to be taken (0: each item is taken before the next is
/// begun), and false when the producer was closed: `produce` should then return. The caller takes
/// the items in order with `next()`, which waits without spinning; an error `produce` throws comes
/// out of `next()` after the items handed before it.
///
/// `close()` (or releasing the value) stops the producer at its next hand-over and waits for its
/// thread to end, so no work outlives the caller's.
public final class ProducerThread<Item: Sendable>: Sendable {
    private let channel: Channel<Item>

    /// Starts `produce` on a thread called `name`, with room for `capacity` items waiting to be
    /// taken. With `writerCore`, the thread helps the writer that claimed it and keeps off its CPU,
    /// following it at each hand-over when it moved.
    public init(
        name: String, capacity: Int, writerCore: WriterCore? = nil, produce: @escaping @Sendable (_ hand: (Item) -> Bool) throws -> Void
    ) {
        let channel = Channel<Item>(capacity: max(0, capacity))
        self.channel = channel
        // Released as it returns, before `close()` or `next()` learn that it did (`RunOnce`).
        let work = RunOnce<(Item) -> Bool, Void> { hand in try produce(hand) }
        Thread.startWorker(name: name, helpsWriter: true) {
            var keptOff: Int?
            writerCore?.keepOff(&keptOff)
            let result = work.run { item in
                let taken = channel.hand(item)
                writerCore?.keepOff(&keptOff)
                return taken
            }
            if case .failure(let error) = result {
                channel.finish(throwing: error)
            } else {
                channel.finish(throwing: nil)
            }
        }
    }

    deinit {
        channel.close()
    }

    /// The next item, waiting for it if needed; nil after the last one and once closed. Rethrows
    /// (once) what `produce` threw. Call from one thread.
    public func next() throws -> Item? {
        try channel.take()
    }

    /// Stops the producer at its next hand-over, drops the items not taken, and waits for its thread to end.
    public func close() {
        channel.close()
    }
}

/// The items between the producer's thread and the caller's.
// @unchecked: every stored property is read and written only under `condition`.
private final class Channel<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var items: [Item] = []
    private var failure: (any Error)?
    /// The producer returned (or threw).
    private var isFinished = false
    private var isClosed = false

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Queues `item` and waits until at most `capacity` items wait; false once closed.
    func hand(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return false }
        items.append(item)
        condition.broadcast()
        while items.count > capacity, !isClosed { condition.wait() }
        return !isClosed
    }

    /// Marks the producer as returned, with the error it threw.
    func finish(throwing error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        failure = error
        isFinished = true
        condition.broadcast()
    }

    /// The oldest waiting item, waiting for one while the producer runs.
    func take() throws -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !isFinished, !isClosed { condition.wait() }
        if !items.isEmpty {
            condition.broadcast()
            return items.removeFirst()
        }
        guard !isClosed, let failure else { return nil }
        self.failure = nil
        throw failure
    }

    /// Stops the producer and waits for it to return.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        items.removeAll()
        condition.broadcast()
        while !isFinished { condition.wait() }
    }
}
