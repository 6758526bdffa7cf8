import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackConcurrency

/// Items made on a thread of their own and taken in order by the caller.
@Suite struct ProducerThreadTests {
    /// A count one thread raises and another waits on.
    private final class Counter: @unchecked Sendable {
        // @unchecked: `value` is read and written only under `condition`.
        private let condition = NSCondition()
        private var value = 0

        var current: Int { condition.withLock { value } }

        func increment() {
            condition.withLock {
                value += 1
                condition.broadcast()
            }
        }

        /// Waits until the count reaches `target`.
        func wait(untilAtLeast target: Int) {
            condition.withLock {
                while value < target { condition.wait() }
            }
        }
    }

    private struct Broken: Error, Equatable {}

    @Test func itemsArriveOnceInTheOrderTheyWereMade() throws {
        let numbers = ProducerThread<Int>(name: "test numbers", capacity: 2) { hand in
            for number in 0..<1_000 where !hand(number) { return }
        }
        defer { numbers.close() }

        var taken: [Int] = []
        while let number = try numbers.next() { taken.append(number) }

        #expect(taken == Array(0..<1_000))
        #expect(try numbers.next() == nil)
    }

    @Test(arguments: [0, 1, 2, 5])
    func theProducerRunsAtMostCapacityPlusTheItemInHandAhead(capacity: Int) throws {
        let total = 50
        let started = Counter()
        let numbers = ProducerThread<Int>(name: "test bound", capacity: capacity) { hand in
            for number in 0..<total {
                started.increment()
                guard hand(number) else { return }
            }
        }
        defer { numbers.close() }

        var taken = 0
        while true {
            // Let the producer run as far ahead as it may, then check it went no further.
            started.wait(untilAtLeast: min(total, taken + capacity + 1))
            #expect(started.current <= taken + capacity + 1)
            guard try numbers.next() != nil else { break }
            taken += 1
        }
        #expect(taken == total)
    }

    @Test func anErrorOfTheProducerComesAfterTheItemsBeforeItThenTheEnd() throws {
        let numbers = ProducerThread<Int>(name: "test failure", capacity: 2) { hand in
            _ = hand(1)
            _ = hand(2)
            throw Broken()
        }
        defer { numbers.close() }

        #expect(try numbers.next() == 1)
        #expect(try numbers.next() == 2)
        #expect(throws: Broken.self) { try numbers.next() }
        #expect(try numbers.next() == nil)
    }

    @Test func closingBeforeTheEndStopsTheProducerAndWaitsForItsThread() throws {
        let returned = Counter()
        let numbers = ProducerThread<Int>(name: "test close", capacity: 1) { hand in
            var number = 0
            while hand(number) { number += 1 }
            returned.increment()
        }

        #expect(try numbers.next() == 0)
        numbers.close()

        #expect(returned.current == 1)
        #expect(try numbers.next() == nil)
    }

    @Test func releasingTheProducerWithoutClosingItAlsoEndsItsThread() throws {
        let returned = Counter()
        do {
            let numbers = ProducerThread<Int>(name: "test release", capacity: 0) { hand in
                var number = 0
                while hand(number) { number += 1 }
                returned.increment()
            }
            #expect(try numbers.next() == 0)
        }

        #expect(returned.current == 1)
    }

    @Test func aProducerThatMakesNothingEndsAtOnce() throws {
        let nothing = ProducerThread<Int>(name: "test empty", capacity: 2) { _ in }
        defer { nothing.close() }

        #expect(try nothing.next() == nil)
        #expect(try nothing.next() == nil)
    }

    @Test func closingTwiceOrAfterTheEndIsHarmless() throws {
        let numbers = ProducerThread<Int>(name: "test closes", capacity: 0) { hand in _ = hand(7) }

        #expect(try numbers.next() == 7)
        #expect(try numbers.next() == nil)
        numbers.close()
        numbers.close()
    }
}
