import BooksTrackCore
import Foundation

/// Writes values as pretty, key-sorted JSON with ISO 8601 dates.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        // JSONEncoder escapes C0 controls but writes DEL, C1 controls and bidi overrides as they are.
        CommandContext.current.standardOutput(TerminalText.escapedJSON(String(decoding: data, as: UTF8.self)) + "\n")
    }
}
