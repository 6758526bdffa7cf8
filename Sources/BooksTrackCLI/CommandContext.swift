import BooksTrackCore
import BooksTrackServices
import Foundation

/// What a command needs from the world: where to write, the environment and the clock.
/// Set for the duration of one run, so tests run commands in-process with their own values.
package struct CommandContext: Sendable {
    /// Receives standard output.
    package var standardOutput: @Sendable (String) -> Void
    /// Receives standard error.
    package var standardError: @Sendable (String) -> Void
    /// Environment variables (BOOKSTRACK_DATA_DIR, XDG_DATA_HOME, HOME...).
    package var environment: [String: String]
    /// The clock every rule reads.
    package var now: @Sendable () -> Date
    /// Reads one line of standard input (a password given with `--password-stdin`); nil at its end.
    package var readLine: @Sendable () -> String?
    /// The composition root over a data folder, the environment and the clock: the program's entry
    /// point hands it in (`BooksTrackApp`), so that the commands receive services and build none.
    /// Without one, a command that needs services is refused (`DataFolderOptions.app`).
    package var root: (@Sendable (URL, [String: String], @escaping @Sendable () -> Date) -> any ServiceRoot)?

    /// Creates a context.
    package init(
        standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void,
        environment: [String: String],
        now: @escaping @Sendable () -> Date,
        readLine: @escaping @Sendable () -> String? = { Swift.readLine(strippingNewline: true) },
        root: (@Sendable (URL, [String: String], @escaping @Sendable () -> Date) -> any ServiceRoot)?
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.environment = environment
        self.now = now
        self.readLine = readLine
        self.root = root
    }

    /// The real process: stdout, stderr, the process environment and the system clock, with the
    /// composition root `root`.
    package static func process(root: (@Sendable (URL, [String: String], @escaping @Sendable () -> Date) -> any ServiceRoot)?) -> CommandContext {
        CommandContext(
            standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            standardError: { text in FileHandle.standardError.write(Data(text.utf8)) },
            environment: ProcessInfo.processInfo.environment,
            now: { Date() },
            root: root
        )
    }

    /// The context of the running command, set by `CommandLineRunner.run` for its duration; outside
    /// it, the process's streams with no composition root.
    @TaskLocal package static var current = CommandContext.process(root: nil)
}

/// Writes a line to the current command's standard output, control characters escaped
/// (`TerminalText`): nothing printed can act on the terminal.
func say(_ text: String = "") {
    CommandContext.current.standardOutput(TerminalText.escaped(text) + "\n")
}
