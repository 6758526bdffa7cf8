import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackCLI

/// The terminal's half of the walk over every editable field (`EveryFieldIsEditableTests` walks the
/// API and the web app): each `BookField` and `AuthorField` has a flag named after it, and setting
/// it from the terminal changes the book or the author as `--json` shows them.
@Suite struct EveryFieldFromTheTerminalTests {
    /// "coverImageURL" → "cover-image-url".
    static func flag(_ name: String) -> String {
        let characters = Array(name)
        var flag = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isUppercase, let previous,
               previous.isLowercase || (previous.isUppercase && next?.isLowercase == true) {
                flag += "-"
            }
            flag += character.lowercased()
        }
        return "--" + flag
    }

    @Test func everyFieldOfABookHasAFlagThatSetsIt() async throws {
        let cli = try CLIHarness()
        let id = try await cli.add("A Book", "--author", "Some Author", "--pages", "300")
        let help = await cli.run("edit", "--help")
        for sample in EditableFields.bookSamples {
            let flag = Self.flag(sample.field.rawValue)
            #expect(help.output.contains(flag), "edit has \(flag)")
            let before = try await cli.show(id)
            let result = await cli.run("edit", id, flag, sample.text, "--json")
            #expect(result.exitCode == 0, "\(flag) \(sample.text): \(result.error)")
            let after = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(flag)")
            #expect(EditableFields.value(at: sample.path, in: after) == sample.expected, "\(flag) sets \(sample.path)")
            #expect(EditableFields.value(at: sample.path, in: before) != sample.expected, "\(flag) changed the book")
        }
    }

    @Test func everyFieldOfAnAuthorHasAFlagThatSetsIt() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("A Book", "--author", "Some Author")
        let help = await cli.run("author", "edit", "--help")
        let flags: [AuthorField: String] = [
            .name: "--name", .sortName: "--sort-name", .gender: "--gender", .culturalRegion: "--region", .nationality: "--nationality",
            .ethnicity: "--ethnicity", .birthYear: "--born", .deathYear: "--died", .marginalizedVoiceOverride: "--marginalized",
        ]
        var name = "Some Author"
        for sample in EditableFields.authorSamples {
            let flag = try #require(flags[sample.field])
            #expect(help.output.contains(flag), "author edit has \(flag)")
            let result = await cli.run("author", "edit", name, flag, sample.text, "--json")
            #expect(result.exitCode == 0, "\(flag): \(result.error)")
            let after = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            #expect(EditableFields.value(at: sample.field.rawValue, in: after) == sample.expected, "\(flag) sets \(sample.field.rawValue)")
            name = after["name"] as? String ?? name
        }
    }
}
