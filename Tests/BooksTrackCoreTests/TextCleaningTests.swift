import BooksTrackCore
import Foundation
import Testing

/// `TextCleaning`: what every text from outside loses before the library keeps it, and what it keeps.
struct TextCleaningTests {
    @Test func controlCharactersAndBidiOverridesAreRemovedFromALine() {
        #expect(TextCleaning.line("Nul\u{0}Byte\u{1b}[31mRed\u{202e}RTL") == "NulByte[31mRedRTL")
        #expect(TextCleaning.line("a\u{7f}b\u{80}c\u{9b}d\u{9f}e") == "abcde")
        #expect(TextCleaning.line("\u{202a}1\u{202b}2\u{202c}3\u{202d}4\u{2066}5\u{2067}6\u{2068}7\u{2069}") == "1234567")
    }

    @Test func lineBreaksAndTabsInALineBecomeSpaces() {
        #expect(TextCleaning.line("Part\tOne\r\nPart\nTwo\rEnd\u{2028}x\u{85}y") == "Part One Part Two End x y")
    }

    @Test func paragraphsKeepTabsAndLineFeedsAndMakeOtherBreaksLineFeeds() {
        #expect(TextCleaning.paragraphs("one\n\ttwo\u{1b}[2J") == "one\n\ttwo[2J")
        #expect(TextCleaning.paragraphs("one\r\ntwo\rthree\u{2029}four") == "one\ntwo\nthree\nfour")
        #expect(TextCleaning.paragraphs("a\u{0b}b\u{0c}c\u{0}d") == "abcd")
    }

    @Test(arguments: [
        "Cien años de soledad", "مئة عام من العزلة", "מאה שנים של בדידות", "百年の孤独", "Книга 📚👩‍👩‍👧",
        "e\u{301}te\u{301}", "\u{200f}שלום\u{200e} (2024)", "عربي\u{61c}123", "Zero\u{200d}Width", "",
    ])
    func ordinaryUnicodeIsKeptAsItIs(text: String) {
        #expect(TextCleaning.line(text) == text)
        #expect(TextCleaning.paragraphs(text) == text)
    }

    @Test func aTextLeftWithSpacesAtItsEndsByARemovalIsTrimmed() {
        #expect(TextCleaning.line("\u{1b} Dune \u{202e}") == "Dune")
    }

    @Test func everyModelTextIsCleanedWhenMadeSetOrDecoded() throws {
        // Given a work made, then changed, then read back from JSON, each with a hostile text
        let now = Date(timeIntervalSince1970: 0)
        var work = Work(title: "Du\u{1b}ne", description: "One\n\u{202e}Two", dateCreated: now)
        work.subtitle = "Sub\u{0}title"
        work.genres.append("Sci\u{9b}Fi")
        var entry = LibraryEntry(userID: User.ID(), workID: work.id, status: .reading, dateAdded: now)
        entry.notes = "a\tb\nc\u{7}"
        let json = String(decoding: try JSONEncoder().encode(work), as: UTF8.self)
            .replacingOccurrences(of: "Dune", with: "Du\\u001bne")
        let decoded = try JSONDecoder().decode(Work.self, from: Data(json.utf8))

        // Then every text is clean, and a missing optional text is still nil
        #expect(work.title == "Dune")
        #expect(work.description == "One\nTwo")
        #expect(work.subtitle == "Subtitle")
        #expect(work.genres == ["SciFi"])
        #expect(entry.notes == "a\tb\nc")
        #expect(json.contains("Du\\u001bne"))
        #expect(decoded.title == "Dune")
        #expect(decoded.seriesName == nil)
        #expect(!json.contains("seriesName"))
    }
}

/// A text's limit counts what is kept, not the characters cleaning removes.
@Suite struct CleanedLengthTests {
    @Test func aTagAtItsLimitWithControlCharactersIsKeptClean() throws {
        let tag = try Validation.tag(String(repeating: "a", count: 64) + String(repeating: "\u{1}", count: 5))
        #expect(tag == String(repeating: "a", count: 64))
        #expect(throws: LibraryError.self) { _ = try Validation.tag(String(repeating: "a", count: 65)) }
    }

    @Test func aUserNameWithAHiddenCharacterIsStillRefusedNotCleaned() {
        #expect(throws: LibraryError.self) { _ = try User.validatedName("Al\u{7}ice") }
        #expect(throws: LibraryError.self) { _ = try User.validatedName("Al\u{202E}ice") }
    }
}
