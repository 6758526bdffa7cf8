import CThreadAffinity
import Foundation
import Synchronization

/// A CPU left to the one thread a job waits on (an import's writer): the helper threads that feed
/// it run on the other CPUs.
///
/// An import's writer is its slowest step. Its helpers (the row reader, the merge of the next
/// batch, the checks of the books being written) need about two thirds of a core between them,
/// but woken on any CPU they also take turns with the writer: in scheduler traces of a
/// 100,000-row import on two cores, the writer waited 0.54–0.93 s ready to run, and 0.15–0.27 s
/// with its helpers kept off its CPU.
///
/// `claim()` notes the CPU the calling thread, the writer, runs on, and `noteWriterCPU()` notes it
/// again now and then. Helper threads started for the claim (`ProducerThread`'s `writerCore`) run
/// on the other CPUs the writer may use (`keepOff(_:)`), and follow when it moves. The writer
/// itself is not bound: with nothing else of the job on its CPU the scheduler seldom moves it,
/// and threads it starts (a pool's workers, say) inherit no binding. A process holds one claim
/// at a time (`release()` ends it): two imports at once would otherwise keep each other's
/// writers' CPUs free of helpers, maybe the same CPU for both.
public final class WriterCore: Sendable {
    /// The claim of the job running here, for helpers started deep inside it (the store's checks of
    /// the books an import writes).
    @TaskLocal public static var current: WriterCore?

    /// Whether a claim is held in this process.
    private static let isHeld = Mutex(false)

    /// The CPU the writer was last seen on, left to it.
    public var cpu: Int { writerCPU.load(ordering: .relaxed) }
    private let writerCPU: Atomic<Int>
    /// The CPUs the writer may use.
    private let allowed: [UInt64]
    private let isReleased = Atomic(false)

    private init(cpu: Int, allowed: [UInt64]) {
        writerCPU = Atomic(cpu)
        self.allowed = allowed
    }

    /// Leaves the CPU the calling thread runs on to it. Nil when the thread may run on only one
    /// CPU, when the kernel does not say which, or when another claim of this process is held.
    public static func claim() -> WriterCore? {
        guard let allowed = threadMask() else { return nil }
        let cpu = Int(bt_current_cpu())
        guard contains(cpu, allowed) else { return nil }
        guard allowed.map(\.nonzeroBitCount).reduce(0, +) >= 2 else { return nil }
        let claimed = isHeld.withLock { held in
            guard !held else { return false }
            held = true
            return true
        }
        return claimed ? WriterCore(cpu: cpu, allowed: allowed) : nil
    }

    /// Ends the claim, so that another job may claim; later calls do nothing. Helpers still
    /// running stay off `cpu` until they end.
    public func release() {
        guard !isReleased.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Self.isHeld.withLock { $0 = false }
    }

    /// Notes the CPU the calling thread, the writer, runs on now: the scheduler may have moved it
    /// (when its CPU was busy as it woke, say). Cheap enough for every chunk of books it writes.
    public func noteWriterCPU() {
        noteWriter(on: Int(bt_current_cpu()))
    }

    func noteWriter(on cpu: Int) {
        guard Self.contains(cpu, allowed) else { return }
        writerCPU.store(cpu, ordering: .relaxed)
    }

    /// Keeps the calling thread, a helper of the claim, off the CPU the writer was last seen on.
    /// `keptOff` is the CPU the thread keeps off now (nil at first): the thread's CPUs are set only
    /// when the writer has moved. A helper's thread ends with its work, so its CPUs are not given
    /// back.
    public func keepOff(_ keptOff: inout Int?) {
        let cpu = self.cpu
        guard keptOff != cpu else { return }
        var others = allowed
        others[cpu / 64] &= ~(UInt64(1) << UInt64(cpu % 64))
        _ = bt_set_thread_affinity(others)
        keptOff = cpu
    }

    /// The CPUs the calling thread may run on; nil if the kernel does not say.
    public static func allowedCPUs() -> Set<Int>? {
        guard let mask = threadMask() else { return nil }
        return Set((0..<(mask.count * 64)).filter { contains($0, mask) })
    }

    private static func threadMask() -> [UInt64]? {
        var mask = [UInt64](repeating: 0, count: Int(BT_CPU_MASK_WORDS))
        guard bt_thread_affinity(&mask) == 0 else { return nil }
        return mask
    }

    /// Whether `mask` holds `cpu`; false for a CPU number outside it (-1, "the kernel does not say").
    private static func contains(_ cpu: Int, _ mask: [UInt64]) -> Bool {
        (0..<(mask.count * 64)).contains(cpu) && mask[cpu / 64] & (UInt64(1) << UInt64(cpu % 64)) != 0
    }
}
