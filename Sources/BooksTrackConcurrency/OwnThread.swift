import Foundation

/// Runs blocking bulk work (an import, an export) on a thread of its own behind an async call, so
/// that the caller's task is suspended and no thread of Swift's cooperative pool waits on it.
public enum OwnThread {
    /// Runs `body` on a new thread and returns its result.
    public static func run<T: Sendable>(name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            // `body` is released before the caller resumes (`RunOnce`), so the caller's last
            // release of what it captured closes a library, not this thread's after the caller returned.
            let work = RunOnce<Void, T> { _ in try body() }
            Thread.startWorker(name: name, helpsWriter: false) {
                continuation.resume(with: work.run(()))
            }
        }
    }
}
