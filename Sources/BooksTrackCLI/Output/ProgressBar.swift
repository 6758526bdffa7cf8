import BooksTrackCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one progress bar of the terminal (imports, exports, enrichment, catalog dumps), on standard
/// error: redrawn in place when standard error is a terminal, otherwise a plain line now and then
/// (logs and pipes get no control codes).
///
/// Imports and exports report from their own thread: every call holds `lock`.
final class ProgressBar: @unchecked Sendable {
    /// Cells of the bar drawn on a terminal.
    static let width = 24

    private let context: CommandContext
    private let label: String
    private let redrawsInPlace: Bool
    private let lock = NSLock()
    private var lastDecile = -1
    private var drawn = false

    /// A bar for `label` (a file name, "enrich"), redrawn in place when standard error is a terminal.
    convenience init(label: String, context: CommandContext = .current) {
        // In-process runs (tests) pass an environment without TERM, so they never get a bar.
        let term = context.environment["TERM"] ?? ""
        self.init(label: label, context: context, redrawsInPlace: isatty(STDERR_FILENO) != 0 && !term.isEmpty && term != "dumb")
    }

    /// A bar for `label` that is redrawn in place, or written as plain lines.
    init(label: String, context: CommandContext, redrawsInPlace: Bool) {
        self.label = label
        self.context = context
        self.redrawsInPlace = redrawsInPlace
    }

    /// Shows `processed` of `total` items; without a terminal, a line at every tenth of a run of
    /// 1,000 items or more.
    func show(processed: Int, total: Int, unit: String) {
        let fraction = total > 0 ? min(1, Double(processed) / Double(total)) : 1
        let decile = Int(fraction * 10)
        let counts = "\(NumberText.grouped(processed))/\(NumberText.grouped(total)) \(unit)"
        show(fraction: fraction, details: [counts]) {
            guard total >= 1_000, decile > lastDecile else { return false }
            lastDecile = decile
            return true
        }
    }

    /// Shows `fraction` done, followed by `details` ("12,000 lines", "ETA 2m 05s"); without a
    /// terminal, a line only when `printsLine` (asked under the lock) says so.
    func show(fraction: Double, details: [String], printsLine: () -> Bool) {
        lock.lock()
        defer { lock.unlock() }
        let fraction = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let percent = String(format: "%5.1f%%", fraction * 100)
        if redrawsInPlace {
            context.standardError("\r\u{1B}[K" + ([Self.bar(fraction) + " " + percent] + details + [label]).joined(separator: "  "))
            drawn = true
        } else if printsLine() {
            context.standardError("\(label): " + ([percent] + details).joined(separator: ", ") + "\n")
        }
    }

    /// Clears the bar before the summary is printed.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { context.standardError("\r\u{1B}[K") }
        drawn = false
    }

    /// `width` cells, `fraction` of them filled: "██████░░░░…".
    static func bar(_ fraction: Double) -> String {
        let filled = min(width, max(0, Int(fraction * Double(width))))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }
}
