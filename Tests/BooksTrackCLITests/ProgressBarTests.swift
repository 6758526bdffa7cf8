import BooksTrackApp
import Foundation
import Synchronization
import Testing

@testable import BooksTrackCLI

/// The terminal's one progress bar, drawn into a captured standard error.
@Suite struct ProgressBarTests {
    /// What the bars of one test wrote to standard error, one string per write.
    private final class Writes: Sendable {
        let texts = Mutex<[String]>([])

        func withLock<T>(_ body: (inout [String]) -> T) -> T { texts.withLock { body(&$0) } }
    }

    private let written = Writes()

    private func bar(redrawsInPlace: Bool) -> ProgressBar {
        let context = CommandContext(
            standardOutput: { _ in }, standardError: { [written] text in written.withLock { $0.append(text) } },
            environment: [:], now: { Date(timeIntervalSince1970: 0) }, root: BooksTrackApp.init
        )
        return ProgressBar(label: "books.csv", context: context, redrawsInPlace: redrawsInPlace)
    }

    @Test func onATerminalTheBarIsRedrawnInPlaceWithItsCountsAndLabel() {
        let progress = bar(redrawsInPlace: true)

        progress.show(processed: 1_234, total: 4_936, unit: "rows")

        let cells = String(repeating: "█", count: 6) + String(repeating: "░", count: 18)
        #expect(written.withLock { $0 } == ["\r\u{1B}[K\(cells)  25.0%  1,234/4,936 rows  books.csv"])
    }

    @Test func finishingClearsADrawnBarOnlyOnce() {
        let progress = bar(redrawsInPlace: true)
        progress.show(processed: 1, total: 2, unit: "books")

        progress.finish()
        progress.finish()

        #expect(written.withLock { $0.filter { $0 == "\r\u{1B}[K" } }.count == 1)
    }

    @Test func withoutATerminalALongRunGetsALineAtEveryTenth() {
        let progress = bar(redrawsInPlace: false)

        for processed in stride(from: 0, through: 10_000, by: 250) {
            progress.show(processed: processed, total: 10_000, unit: "books")
        }

        let lines = written.withLock { $0 }
        #expect(lines.count == 11)
        #expect(lines.first == "books.csv:   0.0%, 0/10,000 books\n")
        #expect(lines.last == "books.csv: 100.0%, 10,000/10,000 books\n")
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") })
    }

    @Test func withoutATerminalAShortRunPrintsNothing() {
        let progress = bar(redrawsInPlace: false)

        for processed in 0...999 { progress.show(processed: processed, total: 999, unit: "rows") }
        progress.finish()

        #expect(written.withLock { $0 }.isEmpty)
    }

    @Test func withoutATerminalTheCallerDecidesWhichUpdatesBecomeLines() {
        let progress = bar(redrawsInPlace: false)

        progress.show(fraction: 0.1, details: ["1,000 lines"]) { false }
        progress.show(fraction: 0.5, details: ["5,000 lines", "ETA 1m 00s"]) { true }

        #expect(written.withLock { $0 } == ["books.csv:  50.0%, 5,000 lines, ETA 1m 00s\n"])
    }

    @Test(arguments: [
        (0.0, 0), (0.5, 12), (1.0, 24), (-3.0, 0), (7.0, 24), (Double.nan, 0), (Double.infinity, 0),
    ])
    func theBarFillsItsShareOfCellsAndNeverOverflows(fraction: Double, filled: Int) {
        let progress = bar(redrawsInPlace: true)

        progress.show(fraction: fraction, details: []) { true }

        let line = written.withLock { $0.first } ?? ""
        #expect(line.filter { $0 == "█" }.count == filled)
        #expect(line.filter { $0 == "░" }.count == ProgressBar.width - filled)
    }

    @Test func anEmptyRunShowsAsDone() {
        let progress = bar(redrawsInPlace: true)

        progress.show(processed: 0, total: 0, unit: "books")

        #expect(written.withLock { $0.first }?.contains("100.0%") == true)
    }
}
