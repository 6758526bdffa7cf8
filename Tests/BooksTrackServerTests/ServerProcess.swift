import BooksTrackTesting
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built `bookstrack` (or an installed copy of it) run as its own process, as an operator
/// runs it: for what only a whole process shows (where it finds its resources, its descriptor
/// limit, staying alive under a flood of connections).
struct ServerProcess {
    let process: ChildProcess
    let port: Int
    let log: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `executable` with `arguments` to its end: exit status, output and error.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String], in folder: TemporaryDirectory) async throws -> (Int32, String, String) {
        let name = UUID().uuidString
        let process = try ChildProcess.start(executable, arguments, environment: environment,
                                             standardOutput: folder.path("\(name).out"), standardError: folder.path("\(name).err"))
        let status = try await LoopbackSockets.offThePool { process.waitForExit() }
        return (status, (try? String(contentsOfFile: folder.path("\(name).out"), encoding: .utf8)) ?? "",
                (try? String(contentsOfFile: folder.path("\(name).err"), encoding: .utf8)) ?? "")
    }

    /// Starts `executable serve` on a free loopback port and waits until `/health` answers.
    /// `descriptors` sets the process's open-file limit (soft and hard) before it starts.
    static func start(
        _ executable: String, serving dataDirectory: URL, arguments: [String] = [], environment: [String: String] = [:],
        descriptors: Int? = nil, in folder: TemporaryDirectory
    ) async throws -> ServerProcess {
        let port = try LoopbackSockets.freePort()
        let serve = [executable, "serve", "--port", "\(port)", "--data-dir", dataDirectory.path] + arguments
        let command = descriptors.map { ["/bin/sh", "-c", "ulimit -n \($0) && exec \"$@\"", "sh"] + serve } ?? serve
        let log = folder.path("serve-\(port).log")
        let process = try ChildProcess.start(
            command[0], Array(command.dropFirst()),
            environment: ["BOOKSTRACK_OFFLINE": "1", "PATH": "/usr/bin:/bin", "HOME": folder.url.path].merging(environment) { $1 },
            standardOutput: log, standardError: log)
        let server = ServerProcess(process: process, port: port, log: log)
        for _ in 0..<600 {
            if process.hasEnded { throw Failure(description: "serve ended at start: \(server.output)") }
            if try await LoopbackSockets.offThePool({ LoopbackSockets.get("/health", port: port, seconds: 5) })?.hasPrefix("HTTP/1.1 200") == true {
                return server
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.kill()
        throw Failure(description: "serve did not answer /health within 60 s: \(server.output)")
    }

    /// What the process wrote.
    var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    func stop() {
        process.kill()
    }
}
