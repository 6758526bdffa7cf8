import BooksTrackCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress bar for imports, exports and enrichment on standard error: redrawn in place when
/// standard error is a terminal, a plain line every 10% otherwise (logs and pipes get no control codes).
///
/// Imports and exports report from their own thread: every call holds `lock`.
final class ProgressBar: @unchecked Sendable {
    private let context: CommandContext
    private let label: String
    private let isTerminal: Bool
    private let lock = NSLock()
    private var lastDecile = -1
    private var drawn = false

    init(label: String, context: CommandContext = .current) {
        self.label = label
        self.context = context
        // In-process runs (tests) pass an environment without TERM, so they never get a bar.
        let term = context.environment["TERM"] ?? ""
        isTerminal = isatty(STDERR_FILENO) != 0 && !term.isEmpty && term != "dumb"
    }

    /// Shows `processed` of `total` items.
    func show(processed: Int, total: Int, unit: String) {
        lock.lock()
        defer { lock.unlock() }
        let fraction = total > 0 ? min(1, Double(processed) / Double(total)) : 1
        let percent = String(format: "%5.1f%%", fraction * 100)
        let counts = "\(NumberText.grouped(processed))/\(NumberText.grouped(total)) \(unit)"
        if isTerminal {
            let width = 24
            let filled = min(width, Int(fraction * Double(width)))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            context.standardError("\r\u{1B}[K\(bar) \(percent)  \(counts)  \(label)")
            drawn = true
        } else if total >= 1_000 {
            let decile = Int(fraction * 10)
            guard decile > lastDecile else { return }
            lastDecile = decile
            context.standardError("\(label): \(percent), \(counts)\n")
        }
    }

    /// Clears the bar before the summary is printed.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { context.standardError("\r\u{1B}[K") }
        drawn = false
    }
}
