import Foundation

/// Items `0..<count` made in parts of work shared by a thread of their own and the caller who
/// takes them: the checks of an import's books are made ahead while its writer inserts the
/// ones before, and the writer makes the next ones itself instead of waiting when that thread
/// is behind.
///
/// `ProducerThread` leaves the caller waiting whenever its one thread is behind, which on two
/// cores happens often: the thread shares its CPU with the row reader and the merge of the next
/// batch. Here each item is claimed once, by whichever thread comes for it first. The helper
/// thread claims items in order, at most `ahead` items before the one the caller takes next; the
/// caller, asking for the next item, makes it when no thread has claimed it yet, and when the
/// helper is still making it, makes the first item nobody claimed before waiting.
///
/// `make` runs on both threads with a `Scratch` of each thread's own (a cache of keys, say), made
/// by `scratch`. Once an item for which `isLast` holds is taken, `next()` answers nil and no
/// item after it is begun. `close()` (or releasing the value) stops the helper and waits for its
/// thread to end.
public final class SharedMaking<Item: Sendable, Scratch>: Sendable {
    private let state: SharedMakingState<Item>
    private let make: @Sendable (Int, inout Scratch) -> Item
    private let isLast: @Sendable (Item) -> Bool
    /// The caller's scratch: `next()` is called from one thread only.
    private let callerScratch: CallerScratch<Scratch>

    /// Starts the helper thread called `name` on `count` items. With `writerCore`, the helper
    /// keeps off the CPU of the writer that claimed it.
    public init(
        name: String, count: Int, ahead: Int, writerCore: WriterCore? = nil,
        scratch: @escaping @Sendable () -> Scratch,
        isLast: @escaping @Sendable (Item) -> Bool = { _ in false },
        make: @escaping @Sendable (_ index: Int, _ scratch: inout Scratch) -> Item
    ) {
        let state = SharedMakingState<Item>(count: max(0, count), ahead: max(1, ahead))
        self.state = state
        self.make = make
        self.isLast = isLast
        callerScratch = CallerScratch(scratch())
        Thread.startWorker(name: name, helpsWriter: true) {
            var keptOff: Int?
            writerCore?.keepOff(&keptOff)
            var own = scratch()
            while let index = state.claimAhead() {
                let item = make(index, &own)
                state.deliver(item, at: index, isLast: isLast(item))
                writerCore?.keepOff(&keptOff)
            }
            state.helperEnded()
        }
    }

    deinit {
        state.close()
    }

    /// The next item in order, made here if no thread has begun it; nil after the last item, after
    /// the one `isLast` held for, and once closed. Call from one thread.
    public func next() -> Item? {
        while true {
            switch state.nextStep() {
            case .take(let item):
                return item
            case .makeNext(let index):
                let item = make(index, &callerScratch.value)
                state.taken(at: index, isLast: isLast(item))
                return item
            case .makeLater(let index):
                let item = make(index, &callerScratch.value)
                state.deliver(item, at: index, isLast: isLast(item))
            case .end:
                return nil
            }
        }
    }

    /// Stops the helper at its next claim, drops the items not taken, and waits for its thread to end.
    public func close() {
        state.close()
    }
}

/// The caller's scratch, used only on the caller's thread.
// @unchecked: only `SharedMaking.next()` touches `value`, from the one thread that takes items.
private final class CallerScratch<Scratch>: @unchecked Sendable {
    var value: Scratch
    init(_ value: Scratch) { self.value = value }
}

/// What `SharedMaking`'s two threads share.
// @unchecked: every stored property is read and written only under `condition`.
private final class SharedMakingState<Item: Sendable>: @unchecked Sendable {
    enum Step {
        /// The next item, made already.
        case take(Item)
        /// Nobody claimed the next item: the caller makes it.
        case makeNext(Int)
        /// The helper is making the next item: the caller makes this later one meanwhile.
        case makeLater(Int)
        /// No item is left to take.
        case end
    }

    private let condition = NSCondition()
    private let ahead: Int
    /// Items made and not taken yet, by index.
    private var made: [Int: Item] = [:]
    /// The first index nobody claimed.
    private var unclaimed = 0
    /// The index the caller takes next.
    private var nextToTake = 0
    /// The index after the last item: the count, or the index after the item `isLast` held for once
    /// one was made. Nothing from there on is begun or taken.
    private var end: Int
    private var isClosed = false
    private var helperIsRunning = true

    init(count: Int, ahead: Int) {
        self.ahead = ahead
        end = count
    }

    /// The helper's next claim, waiting while it is `ahead` items before the caller; nil when
    /// nothing is left to claim or once closed.
    func claimAhead() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !isClosed, unclaimed < end, unclaimed - nextToTake >= ahead { condition.wait() }
        guard !isClosed, unclaimed < end else { return nil }
        unclaimed += 1
        return unclaimed - 1
    }

    /// Keeps an item made for a later take.
    func deliver(_ item: Item, at index: Int, isLast: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if isLast { end = min(end, index + 1) }
        if !isClosed, index < end { made[index] = item }
        condition.broadcast()
    }

    /// What the caller does for the next item: take it, make it, or make a later one while the helper makes it.
    func nextStep() -> Step {
        condition.lock()
        defer { condition.unlock() }
        while true {
            guard !isClosed, nextToTake < end else { return .end }
            if let item = made.removeValue(forKey: nextToTake) {
                nextToTake += 1
                condition.broadcast()
                return .take(item)
            }
            if unclaimed == nextToTake {
                unclaimed += 1
                return .makeNext(nextToTake)
            }
            if unclaimed < end {
                unclaimed += 1
                return .makeLater(unclaimed - 1)
            }
            condition.wait()
        }
    }

    /// Notes that the caller took the item it made itself.
    func taken(at index: Int, isLast: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if isLast { end = min(end, index + 1) }
        nextToTake = index + 1
        condition.broadcast()
    }

    func helperEnded() {
        condition.lock()
        defer { condition.unlock() }
        helperIsRunning = false
        condition.broadcast()
    }

    /// Stops the helper and waits for its thread to end.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        made.removeAll()
        condition.broadcast()
        while helperIsRunning { condition.wait() }
    }
}
