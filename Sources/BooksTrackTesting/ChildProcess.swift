import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program the tests start (zint, chromedriver, the built `bookstrack`), through `posix_spawn`.
///
/// Foundation's `Process.run()` on Linux copies each `/proc/self/fd` entry as a whole 256-byte
/// name, which now and then reads past the end of a mapped page and crashes the test run
/// (swift-corelibs-foundation#5472, still in Swift 6.3.1). The child's standard input is
/// `/dev/null` and its output and error go into the given files; with glibc 2.34 or later it
/// inherits no other descriptor.
public struct ChildProcess: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The child's process ID.
    public let pid: pid_t

    /// Starts `executable` with `arguments`. Output and error go to the files at the given paths
    /// (created or truncated), else to `/dev/null`; `environment` replaces this process's.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        standardOutput: String? = nil, standardError: String? = nil
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardError ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // glibc 2.34 and later close every other inherited descriptor in the child (Swift's
        // Glibc module does not declare the function, so it is looked up).
        if let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { variables.forEach { free($0) } }

        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, nil, argv, variables)
        guard code == 0 else { throw Failure(description: "could not start \(executable): \(String(cString: strerror(code)))") }
        return ChildProcess(pid: pid)
    }

    /// Waits for the child to end: its exit status, or 128 plus the signal that ended it.
    public func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Whether the child has ended, without waiting (it is then collected).
    public var hasEnded: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    /// Kills the child (SIGKILL) and collects it on a thread of its own, so that an async
    /// caller does not block a thread of the cooperative pool.
    public func kill() {
        _ = Glibc.kill(pid, SIGKILL)
        Thread.detachNewThread { [self] in _ = waitForExit() }
    }
}
