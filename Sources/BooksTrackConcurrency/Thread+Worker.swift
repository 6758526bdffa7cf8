import Foundation

extension Thread {
    /// Starts `body` on a new thread called `name`, with 8 MB of stack like the main thread: the
    /// threads of imports and exports hold whole batches of parsed rows and books on theirs.
    /// Helpers of a writer run at `.userInitiated`; other threads keep the default.
    static func startWorker(name: String, helpsWriter: Bool, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        if helpsWriter { thread.qualityOfService = .userInitiated }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
