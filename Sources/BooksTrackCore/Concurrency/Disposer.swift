import Foundation

/// Frees the values a writer is done with on a thread of its own.
///
/// An import's writer is its slowest step, and a batch of thousands of books, each with its work,
/// edition, entry and their strings, takes thousands of releases to free: in profiles of a
/// 100,000-row import the writer spent about 5 % of its time destroying the batches it had
/// written. Handed to `dispose(_:)`, they are freed here instead, off the writer's CPU when it
/// claimed one (`WriterCore`).
///
/// A value is freed here only when the one handing it over held its last reference. `close()`
/// frees what is left and waits for the thread to end.
// @unchecked: every stored property is read and written only under `condition`.
public final class Disposer: @unchecked Sendable {
    /// The disposer of the job running here, for the steps deep inside it (the store's insertion
    /// of an import's books); nil frees values where they are dropped.
    @TaskLocal public static var current: Disposer?

    private let condition = NSCondition()
    private var pending: [any Sendable] = []
    private var isClosed = false
    private var isFinished = false

    /// Starts the thread, off the CPU `writerCore` leaves to its writer.
    public init(writerCore: WriterCore? = nil) {
        let thread = Thread { [self] in run(writerCore) }
        thread.name = "BooksTrack release"
        thread.start()
    }

    /// Hands `value` over to be freed on the disposer's thread; after `close()`, it is freed here.
    public func dispose<Value: Sendable>(_ value: consuming Value) {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return }
        pending.append(consume value)
        condition.signal()
    }

    /// Frees what was handed over and waits for the thread to end. Later calls return at once.
    public func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        condition.broadcast()
        while !isFinished { condition.wait() }
    }

    private func run(_ writerCore: WriterCore?) {
        var keptOff: Int?
        while true {
            writerCore?.keepOff(&keptOff)
            condition.lock()
            while pending.isEmpty, !isClosed { condition.wait() }
            if pending.isEmpty {
                isFinished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            var taken: [any Sendable] = []
            swap(&taken, &pending)
            condition.unlock()
            // The values are freed here, outside the lock.
            taken.removeAll()
        }
    }
}
