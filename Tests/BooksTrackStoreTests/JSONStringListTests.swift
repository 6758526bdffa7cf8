@testable import BooksTrackStore
import Testing

/// The JSON codec of string lists: plain JSON that reads back exactly.
@Suite struct JSONStringListTests {
    @Test(arguments: [
        [], ["a"], ["Science Fiction", "Ünïcödé ✓", "🧙‍♂️"], ["quote \" and \\ backslash", "new\nline\ttab", "\u{01}control"],
        ["", " spaced "],
    ])
    func listsReadBackExactly(list: [String]) throws {
        // Given a list, when encoded and decoded
        let text = JSONStringList.encode(list)
        // Then the empty list is NULL and every other list comes back equal
        if list.isEmpty {
            #expect(text == nil)
        } else {
            #expect(JSONStringList.decode(try #require(text)) == list)
        }
    }

    @Test func escapesWrittenByOtherJSONWritersAreRead() {
        // Given JSON as SQLite or another tool might write it
        let text = #" [ "caf\u00e9" , "\ud83d\ude00", "a\/b" ] "#
        // When decoded, then the escapes are resolved
        #expect(JSONStringList.decode(text) == ["café", "😀", "a/b"])
    }

    @Test(arguments: ["", "[", "[1]", "[\"a\",]", "{\"a\":1}", "[\"a\"] x", "[\"\\ud83d\"]"])
    func textThatIsNotAListOfStringsIsRejected(text: String) {
        #expect(JSONStringList.decode(text) == nil)
    }
}
