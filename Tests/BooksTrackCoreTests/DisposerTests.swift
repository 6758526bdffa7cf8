import BooksTrackCore
import Foundation
import Testing

/// Values a writer is done with, freed on the disposer's thread.
@Suite struct DisposerTests {
    /// The threads the tracked values were freed on, in order.
    private final class Frees: @unchecked Sendable {
        // @unchecked: `seen` is read and written only under `lock`.
        private let lock = NSLock()
        private var seen: [ObjectIdentifier] = []

        var threads: [ObjectIdentifier] { lock.withLock { seen } }

        func record() {
            let thread = ObjectIdentifier(Thread.current)
            lock.withLock { seen.append(thread) }
        }
    }

    /// Records the thread it is freed on.
    private final class Tracked: Sendable {
        let frees: Frees
        init(_ frees: Frees) { self.frees = frees }
        deinit { frees.record() }
    }

    @Test func valuesHandedOverAreFreedOnTheDisposersThreadByClose() {
        // Held, so that no thread object made later takes its identity.
        let caller = Thread.current
        let frees = Frees()
        let disposer = Disposer()
        for _ in 0..<100 { disposer.dispose([Tracked(frees), Tracked(frees)]) }
        disposer.close()

        #expect(frees.threads.count == 200)
        #expect(Set(frees.threads).count == 1)
        #expect(!frees.threads.contains(ObjectIdentifier(caller)))
    }

    @Test func aValueStillHeldElsewhereIsFreedByItsLastHolder() {
        let caller = Thread.current
        let frees = Frees()
        let disposer = Disposer()
        var kept: Tracked? = Tracked(frees)
        disposer.dispose(kept)
        disposer.close()
        // The disposer dropped its reference only: the value lives on.
        #expect(frees.threads.isEmpty)

        kept = nil
        #expect(frees.threads == [ObjectIdentifier(caller)])
    }

    @Test func afterCloseAValueIsFreedByTheCaller() {
        let caller = Thread.current
        let frees = Frees()
        let disposer = Disposer()
        disposer.close()
        disposer.dispose(Tracked(frees))

        // Freed before `dispose` returned, on this thread.
        #expect(frees.threads == [ObjectIdentifier(caller)])
        // A second close returns at once.
        disposer.close()
    }
}
