import BooksTrackCore
import Foundation
import Synchronization
import Testing

@testable import BooksTrackConcurrency

/// A value handed to `Disposal` is freed, and on another thread than the caller's.
@Suite struct DisposalTests {
    /// For each value freed, whether it was freed on the thread that handed it over.
    private final class Log: Sendable {
        let freedOnCaller = Mutex<[Bool]>([])
        let freed = DispatchSemaphore(value: 0)
    }

    /// Notes in the log the thread it is freed on.
    private final class Tracked: Sendable {
        let log: Log
        let callerThread = Tracked.currentThread()

        init(log: Log) {
            self.log = log
        }

        deinit {
            let onCaller = Self.currentThread() == callerThread
            log.freedOnCaller.withLock { $0.append(onCaller) }
            log.freed.signal()
        }

        static func currentThread() -> pthread_t { pthread_self() }
    }

    @Test func everyValueIsFreedOnAnotherThread() {
        let log = Log()
        for _ in 0..<200 {
            // An array holding the only references, as an import hands over a batch.
            let batch = [Tracked(log: log), Tracked(log: log)]
            Disposal.release(consume batch)
        }
        for _ in 0..<400 { #expect(log.freed.wait(timeout: .now() + 10) == .success) }
        let onCaller = log.freedOnCaller.withLock { $0 }
        #expect(onCaller.count == 400)
        #expect(!onCaller.contains(true))
    }
}
