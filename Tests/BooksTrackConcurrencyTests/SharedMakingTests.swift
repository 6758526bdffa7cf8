import BooksTrackCore
import Foundation
import Synchronization
import Testing

@testable import BooksTrackConcurrency

/// Items made by a helper thread and by the caller who takes them, each once, taken in order.
@Suite struct SharedMakingTests {
    /// Which thread made each item, and a gate the helper's items wait at.
    // @unchecked: `madeByCaller` is read and written only under `gate`.
    private final class Log: @unchecked Sendable {
        let made = Mutex<[(index: Int, byHelper: Bool)]>([])
        private let gate = NSCondition()
        private var madeByCaller = 0

        func record(_ index: Int, byHelper: Bool) {
            made.withLock { $0.append((index, byHelper)) }
            if !byHelper {
                gate.withLock {
                    madeByCaller += 1
                    gate.broadcast()
                }
            }
        }

        /// Waits until the caller made `count` items itself, or `seconds` passed; whether it did.
        func waitForCaller(toMake count: Int, seconds: Double) -> Bool {
            gate.withLock {
                let deadline = Date(timeIntervalSinceNow: seconds)
                while madeByCaller < count {
                    guard gate.wait(until: deadline) else { return madeByCaller >= count }
                }
                return true
            }
        }
    }

    /// Each thread's scratch says which thread it is.
    private struct Scratch {
        let isHelper: Bool
    }

    private static func scratchOfThread() -> Scratch {
        // The helper is the thread `SharedMaking` started and named.
        Scratch(isHelper: Thread.current.name == "test making")
    }

    @Test func everyItemIsMadeOnceAndTakenInOrder() {
        let log = Log()
        let making = SharedMaking<Int, Scratch>(
            name: "test making", count: 1_000, ahead: 3, scratch: Self.scratchOfThread
        ) { index, scratch in
            log.record(index, byHelper: scratch.isHelper)
            return index * 2
        }
        defer { making.close() }

        var taken: [Int] = []
        while let item = making.next() { taken.append(item) }

        #expect(taken == (0..<1_000).map { $0 * 2 })
        #expect(making.next() == nil)
        let made = log.made.withLock { $0 }
        #expect(made.map(\.index).sorted() == Array(0..<1_000), "each item made exactly once")
    }

    /// The helper is stuck on the item it claimed: the caller makes the items after it meanwhile,
    /// and takes the stuck one, in its place, once the helper delivers it.
    @Test func theCallerMakesLaterItemsWhileTheHelperIsBehind() {
        let log = Log()
        let making = SharedMaking<Int, Scratch>(
            name: "test making", count: 40, ahead: 2, scratch: Self.scratchOfThread
        ) { index, scratch in
            if scratch.isHelper {
                // Held until the caller made three items of its own (at most ten seconds).
                _ = log.waitForCaller(toMake: 3, seconds: 10)
            }
            log.record(index, byHelper: scratch.isHelper)
            return index
        }
        defer { making.close() }

        var taken: [Int] = []
        while let item = making.next() { taken.append(item) }

        #expect(taken == Array(0..<40))
        let made = log.made.withLock { $0 }
        #expect(made.map(\.index).sorted() == Array(0..<40))
        #expect(made.filter { !$0.byHelper }.count >= 3, "the caller did not wait for the helper")
    }

    @Test func nothingAfterTheLastItemIsTaken() {
        let making = SharedMaking<Int, Scratch>(
            name: "test making", count: 100, ahead: 4, scratch: Self.scratchOfThread, isLast: { $0 == 17 }
        ) { index, _ in index }
        defer { making.close() }

        var taken: [Int] = []
        while let item = making.next() { taken.append(item) }

        #expect(taken == Array(0...17))
        #expect(making.next() == nil)
    }

    /// Closed after three items: the helper stops, and nothing more is made once `close()` returns.
    @Test func closingStopsTheHelper() {
        let count = Mutex(0)
        let making = SharedMaking<Int, Scratch>(
            name: "test making", count: 10_000, ahead: 2, scratch: Self.scratchOfThread
        ) { index, _ in
            count.withLock { $0 += 1 }
            return index
        }
        for expected in 0..<3 { #expect(making.next() == expected) }
        making.close()
        let afterClose = count.withLock { $0 }

        #expect(making.next() == nil)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(count.withLock { $0 } == afterClose)
        // The helper claims at most two items ahead of the caller's next: it did not run on.
        #expect(afterClose < 100)
    }
}
