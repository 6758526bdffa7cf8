import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The process's limit on open files.
enum DescriptorLimit {
    /// Raises the soft limit to the hard one (systemd and shells often start at 1,024 under a
    /// hard limit far above it) and answers the limit in force afterwards.
    @discardableResult
    static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        // RLIM_INFINITY is the largest value the type holds.
        return limit.rlim_cur >= rlim_t(Int32.max) ? Int(Int32.max) : Int(limit.rlim_cur)
    }
}
