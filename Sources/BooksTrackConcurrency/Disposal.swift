import Dispatch

/// Frees values on another thread.
///
/// The thread that sets the pace of a bulk job (an import's writer) hands over what it is done
/// with (a batch of rows, of merged books, of books written) instead of spending its own time
/// releasing every string in them; a thread of Dispatch's pool frees them beside it, on the other
/// core.
package enum Disposal {
    /// Releases `value` later, on a thread of Dispatch's pool. The caller hands over its last
    /// reference (`consume`): a copy it kept would free the value where it ends.
    package static func release<Value: Sendable>(_ value: consuming Value) {
        let held = Held(consume value)
        // The pool's thread empties the box itself: were the box the last thing holding the value,
        // whichever thread released the box last (the caller, when the pool is quick) would free it.
        DispatchQueue.global(qos: .utility).async { held.empty() }
    }

    /// A value set by the caller before it is handed to the pool, and emptied there.
    private final class Held<Value: Sendable>: @unchecked Sendable {
        private var value: Value?

        init(_ value: consuming Value) {
            self.value = consume value
        }

        func empty() {
            value = nil
        }
    }
}
