import Foundation

/// Runs blocking work on several threads released at the same moment, for tests of what two
/// requests or two processes doing the same thing at once leave behind.
public enum AtOnce {
    /// Runs `body(i)` for i in 0..<count, each on its own thread, started together; returns each
    /// one's result (a thrown error as a failure) in order.
    public static func run<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) -> [Result<T, any Error>] {
        let results = ResultBox<T>(count: count)
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread.detachNewThread {
                start.wait()
                results.set(index, Result { try body(index) })
                group.leave()
            }
        }
        for _ in 0..<count { start.signal() }
        group.wait()
        return results.values()
    }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    // Unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var results: [Result<T, any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<T, any Error>) {
        lock.withLock { results[index] = result }
    }

    func values() -> [Result<T, any Error>] {
        lock.withLock { results.map { $0! } }
    }
}
