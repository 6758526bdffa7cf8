import BooksTrackApp
import BooksTrackCLI
import Foundation
import Synchronization

/// Runs `bookstrack` commands in-process against a fresh temporary data directory and a fixed clock.
final class CLIHarness: Sendable {
    struct Result {
        var exitCode: Int32
        var output: String
        var error: String
    }

    let dataDirectory: URL
    /// Added to every command's environment (provider URLs, switches).
    let environment: [String: String]
    private let clock: ClockBox

    /// 2026-11-22T09:00:00Z: tests never read today's date.
    static let start = Date(timeIntervalSince1970: 1_795_338_000)

    init(environment: [String: String] = [:]) throws {
        self.environment = environment
        dataDirectory = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("bookstrack-cli-\(UUID().uuidString)", isDirectory: true)
        clock = ClockBox(Self.start)
    }

    deinit {
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// Moves the fixed clock forward.
    func advance(days: Double) {
        clock.value.withLock { $0 = $0.addingTimeInterval(days * 86_400) }
    }

    var now: Date { clock.value.withLock { $0 } }

    /// Runs one command line (without the program name).
    @discardableResult
    func run(_ arguments: String...) async -> Result { await run(arguments) }

    /// Runs one command line with `input` as its standard input's lines.
    @discardableResult
    func run(_ arguments: [String], input: [String] = []) async -> Result {
        let output = Mutex("")
        let error = Mutex("")
        let lines = Mutex(input[...])
        let context = CommandContext(
            standardOutput: { text in output.withLock { $0 += text } },
            standardError: { text in error.withLock { $0 += text } },
            environment: environment.merging(["BOOKSTRACK_DATA_DIR": dataDirectory.path, "HOME": dataDirectory.path]) { $1 },
            now: { [clock] in clock.value.withLock { $0 } },
            readLine: { lines.withLock { $0.popFirst() } },
            root: BooksTrackApp.init
        )
        let code = await CommandLineRunner.run(arguments, context: context)
        return Result(exitCode: code, output: output.withLock { $0 }, error: error.withLock { $0 })
    }

    /// Adds a book and returns its id (from `--json`).
    func add(_ arguments: String...) async throws -> String {
        let result = await run(["add"] + arguments + ["--json"])
        guard result.exitCode == 0 else { throw HarnessError.commandFailed(result.error) }
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        guard let id = object?["id"] as? String else { throw HarnessError.commandFailed("no id in \(result.output)") }
        return id
    }

    /// A book as JSON (`show --json`).
    func show(_ book: String) async throws -> [String: Any] {
        let result = await run("show", book, "--json")
        guard result.exitCode == 0 else { throw HarnessError.commandFailed(result.error) }
        guard let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any] else {
            throw HarnessError.commandFailed("not an object: \(result.output)")
        }
        return object
    }

    /// A shareable box around the fixed clock.
    final class ClockBox: Sendable {
        let value: Mutex<Date>
        init(_ date: Date) { value = Mutex(date) }
    }

    enum HarnessError: Error {
        case commandFailed(String)
    }
}
