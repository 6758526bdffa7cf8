import Foundation
import Testing

/// The README's tour, run as written on a fresh data folder, offline: every `$ bookstrack` line in
/// order, with the files it names taken from `Fixtures/Tour`. A command succeeds unless the README
/// shows it failing, and each line of output the README shows is printed, in order (identifiers,
/// timings and paths aside).
@Suite struct ReadmeTourTests {
    @Test func theTourRunsAsWrittenOnAFreshDataFolder() async throws {
        // Given the README's commands and a fresh data folder, offline
        let steps = try ReadmeTour.steps(in: try String(contentsOf: ReadmeTour.readme, encoding: .utf8))
        #expect(steps.count >= 20)
        let harness = try CLIHarness(environment: ["BOOKSTRACK_OFFLINE": "1"])
        let output = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }

        for step in steps {
            // When each runs, a minute after the last, as a reader types them
            harness.advance(days: 1.0 / 1_440)
            let result = await harness.run(try ReadmeTour.arguments(of: step.command, writingTo: output))

            // Then it succeeds (or fails where the README shows an error) and prints what the README shows
            let printed = ReadmeTour.lines(result.output + result.error)
            #expect((result.exitCode != 0) == step.showsError, "\(step.command) exited \(result.exitCode):\n\(result.error)")
            let missing = ReadmeTour.missingLines(shown: step.shown, printed: printed)
            #expect(missing.isEmpty, "\(step.command) did not print \(missing.first ?? ""); it printed:\n\(printed.joined(separator: "\n"))")
        }
    }
}

/// Reading the tour out of the README.
enum ReadmeTour {
    struct Step {
        var command: String
        var shown: [String]
        var showsError: Bool { shown.contains { $0.hasPrefix("error:") } }
    }

    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// Every `$ bookstrack` line of the code blocks from "A short tour" up to "Commands", with the output shown under it.
    static func steps(in text: String) throws -> [Step] {
        guard let start = text.range(of: "## A short tour"), let end = text.range(of: "### Commands") else {
            throw TourError.noTour
        }
        var steps: [Step] = []
        var inBlock = false
        var continued = false
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            if continued, !steps.isEmpty {
                steps[steps.count - 1].command += " " + line.trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("$ bookstrack ") {
                steps.append(Step(command: String(line.dropFirst(2)), shown: []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].shown.append(String(line))
            }
            continued = line.hasSuffix("\\")
            if continued, !steps.isEmpty {
                steps[steps.count - 1].command.removeLast()
            }
        }
        return steps
    }

    /// The words of a shell command line without the program's name: quotes grouped, `# comments` dropped,
    /// the tour's files taken from the fixtures and the files it writes put in `output`.
    static func arguments(of command: String, writingTo output: URL) throws -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var inWord = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == "#", !inWord {
                break
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        guard words.first == "bookstrack" else { throw TourError.notBookstrack(command) }
        var arguments = Array(words.dropFirst())
        for index in arguments.indices {
            if let fixture = Bundle.module.url(forResource: arguments[index], withExtension: nil, subdirectory: "Fixtures/Tour") {
                arguments[index] = fixture.path
            } else if index > 0, ["-o", "--html"].contains(arguments[index - 1]) {
                arguments[index] = output.appendingPathComponent(arguments[index]).path
            }
        }
        return arguments
    }

    /// Output lines, with what differs from run to run masked.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { mask(String($0)) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The README's lines (other than `...`) that the output lacks, in order.
    static func missingLines(shown: [String], printed: [String]) -> [String] {
        var remaining = printed[...]
        var missing: [String] = []
        for line in shown.map(mask) where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            if line.trimmingCharacters(in: .whitespaces) == "..." { continue }
            if let found = remaining.firstIndex(of: line) {
                remaining = remaining[remaining.index(after: found)...]
            } else {
                missing.append(line)
            }
        }
        return missing
    }

    private static let masks: [(pattern: String, replacement: String)] = [
        ("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<uuid>"),
        ("^(\\s*)[0-9a-f]{8}  ", "$1<id>  "),
        ("in [0-9.]+ s \\([0-9,]+ lines/s\\)", "in <time>"),
        ("^Catalog: .*$", "Catalog: <path>"),
        ("(tour-[0-9A-F-]+/)", ""),
        ("/[^ ]*/", ""),
    ]

    private static func mask(_ line: String) -> String {
        masks.reduce(line) { text, mask in
            text.replacingOccurrences(of: mask.pattern, with: mask.replacement, options: .regularExpression)
        }
    }

    enum TourError: Error {
        case noTour
        case notBookstrack(String)
    }
}
