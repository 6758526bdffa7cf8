import BooksTrackConcurrency
import BooksTrackCore
import Foundation

/// Claims of `WriterCore` in tests, which share the process with other suites' imports: each of
/// them holds the process's one claim while it runs.
public enum WriterCoreClaims {
    /// Whether the calling thread may run on two CPUs or more, so that a claim can be made.
    public static var canClaim: Bool {
        (WriterCore.allowedCPUs()?.count ?? 0) >= 2
    }

    /// A claim made as soon as no other import of the process holds one, within `limit`.
    public static func claim(within limit: Duration = .seconds(60)) -> WriterCore? {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            if let claim = WriterCore.claim() { return claim }
            guard clock.now < deadline else { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
