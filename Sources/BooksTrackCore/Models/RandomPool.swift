#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Random bits from the system's generator, read 4 KB at a time.
///
/// `SystemRandomNumberGenerator` asks the kernel for each 8 bytes (one `getrandom` call on
/// Linux), and every new identifier needs two: an import of 100,000 books made 600,807 such
/// calls. The pool reads 512 values at a time and hands them out in turn; each value is handed
/// out once. Where the system's random device cannot be read, values come from
/// `SystemRandomNumberGenerator` one by one.
enum RandomPool {
    private static let capacity = 512

    private struct State {
        var values = [UInt64](repeating: 0, count: capacity)
        /// The next value to hand out; `capacity` when none is left.
        var next = capacity
        /// The random device, opened on first use; -1 when it could not be.
        var device: Int32?
    }

    private static let state = Mutex(State())

    /// Two random 64-bit values.
    static func twoValues() -> (UInt64, UInt64) {
        state.withLock { state in
            guard state.next + 2 <= capacity || refill(&state) else {
                var system = SystemRandomNumberGenerator()
                return (system.next(), system.next())
            }
            defer { state.next += 2 }
            return (state.values[state.next], state.values[state.next + 1])
        }
    }

    /// Fills the pool from the random device; false (the pool left empty) when it cannot be read.
    private static func refill(_ state: inout State) -> Bool {
        let device = state.device ?? open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        state.device = device
        guard device >= 0 else { return false }
        let wanted = capacity * MemoryLayout<UInt64>.size
        let filled = state.values.withUnsafeMutableBytes { buffer in
            var filled = 0
            while filled < wanted {
                let count = read(device, buffer.baseAddress! + filled, wanted - filled)
                if count > 0 {
                    filled += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            return filled
        }
        guard filled == wanted else { return false }
        state.next = 0
        return true
    }
}
