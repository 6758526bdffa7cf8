/// A closure run once, on a thread of its own, and released as soon as it returns: before that
/// thread hands its result to anyone.
///
/// A thread's closure lives until the thread ends, after it woke whoever waits for its result.
/// What the closure captured (a library store, say) would then be released last by that thread,
/// perhaps while the process exits: a library whose last release never ran is never closed, and
/// keeps its whole write-ahead log beside the file. Run through this, the waiter holds the last
/// references once it is woken.
// @unchecked: `body` is taken once, by the one thread that runs it.
final class RunOnce<Argument, Value>: @unchecked Sendable {
    private var body: ((Argument) throws -> Value)?

    init(_ body: @escaping (Argument) throws -> Value) {
        self.body = body
    }

    /// Runs the closure with `argument` and releases it; what it returned or threw. A second
    /// call runs nothing and fails with `AlreadyRun`.
    func run(_ argument: Argument) -> Result<Value, any Error> {
        guard let body else { return .failure(AlreadyRun()) }
        self.body = nil
        return Result { try body(argument) }
    }

    /// `run` was called again after the closure ran and was released.
    struct AlreadyRun: Error, CustomStringConvertible {
        var description: String { "the work was already run" }
    }
}
