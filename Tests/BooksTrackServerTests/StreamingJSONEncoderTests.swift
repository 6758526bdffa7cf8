import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// The server's streaming encoder writes JSON that means what Foundation's encoder writes.
@Suite struct StreamingJSONEncoderTests {
    /// Both encodings parsed: the same objects, arrays, strings, numbers and booleans.
    static func sameMeaning(_ value: some Encodable) throws -> (Bool, String, String) {
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Text.text(date) ?? date.formatted(.iso8601))
        }
        let expected = try foundation.encode(value)
        let streamed = Data(try StreamingJSONEncoder().encode(value))
        let a = try JSONSerialization.jsonObject(with: expected, options: [.fragmentsAllowed])
        let b = try JSONSerialization.jsonObject(with: streamed, options: [.fragmentsAllowed])
        return (same(a, b), String(decoding: expected, as: UTF8.self), String(decoding: streamed, as: UTF8.self))
    }

    /// Parsed JSON compared as JSON: objects by keys, arrays in order, numbers by value.
    static func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case let (a as [String: Any], b as [String: Any]):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
        case let (a as [Any], b as [Any]):
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case let (a as String, b as String):
            return a == b
        case (is NSNull, is NSNull):
            return true
        case let (a as NSNumber, b as NSNumber):
            return a.doubleValue == b.doubleValue
        default:
            return false
        }
    }

    @Test func aPageOfRichBooksMeansTheSame() throws {
        let user = User.ID()
        let author = LibraryFixtures.author("Chimamanda Ngozi Adichie")
        var books: [BookResource] = []
        for index in 0..<12 {
            let made = LibraryFixtures.book(title: "Book \"\(index)\" / \\ € 🦋", authors: [author], userID: user,
                                            status: index.isMultiple(of: 2) ? .reading : .read, pageCount: index == 3 ? nil : 300 + index,
                                            isbn: LibraryFixtures.isbn(serial: index), tags: index == 1 ? [] : ["tag \(index)", "ü"])
            var entry = made.entry
            if index.isMultiple(of: 3) {
                entry.quotes = [Quote(text: "A line\u{1}with a control", page: 3, dateAdded: LibraryFixtures.date(2025, 1, 2))]
                entry.sessions = [ReadingSession(date: LibraryFixtures.date(2025, 1, 3, hour: 7), durationMinutes: 30, pagesRead: 12)]
                entry.readHistory = [ReadPeriod(started: LibraryFixtures.date(2024, 1, 1), ended: nil, outcome: .read)]
                entry.pagePhotos = [PagePhoto(page: 4, caption: nil, imageType: .jpeg, byteCount: 10, dateAdded: LibraryFixtures.date(2025, 2, 1))]
                entry.rating = 4.25
                entry.review = "Review with \"quotes\"\n\tand </script>"
            }
            entry.currentPage = index * 7
            let book = LibraryBook(entry: entry, work: made.work, authors: made.authors, edition: made.edition)
            books.append(BookResource(book, now: LibraryFixtures.date(2025, 6, 1)))
        }
        let (same, expected, streamed) = try Self.sameMeaning(ResponseEnvelope.success(books, meta: ResponseMeta(
            timestamp: LibraryFixtures.date(2025, 6, 1), processingTime: 3, provider: "catalog", cached: true)))
        #expect(same, "Foundation: \(expected.prefix(600))\nstreamed: \(streamed.prefix(600))")
        #expect(streamed.contains(#"/ \\ € 🦋"#))
        #expect(streamed.contains(#"\"quotes\"\n\tand <\/script>"#) || streamed.contains(#"\"quotes\"\n\tand </script>"#))
        // A control character no kept text holds any more is still written as an escape.
        let control = String(decoding: try StreamingJSONEncoder().encode(["a\u{1}b"]), as: UTF8.self)
        #expect(control == #"["a\u0001b"]"#)
    }

    struct Shapes: Codable {
        enum Kind: String, Codable { case one, two }
        struct Empty: Codable {}
        var numbers: [Double] = [0, 1, -1, 0.1, 1.5e-7, 123_456_789_012.5, 1e300, -0.0]
        var integers: [Int64] = [0, .max, .min]
        var small: [UInt8] = [0, 255]
        var nested: [[Int]] = [[], [1], [1, 2]]
        var optionals: [Int?] = [1, nil, 3]
        var absent: String? = nil
        var present: String? = "here"
        var dictionary: [String: Int] = ["a": 1, "b\"": 2]
        var byNumber: [Int: String] = [1: "one", 20: "twenty"]
        var kind: Kind = .two
        var empty = Empty()
        var flag = true
        var date = Date(timeIntervalSince1970: 1_795_338_000.25)
        var url = URL(string: "https://covers.openlibrary.org/b/id/1-L.jpg")!
        var data = Data([0, 1, 2, 250])
    }

    @Test func everyKindOfValueMeansTheSame() throws {
        let (same, expected, streamed) = try Self.sameMeaning(Shapes())
        #expect(same, "Foundation: \(expected)\nstreamed: \(streamed)")
        #expect(streamed.contains(#""url":"https://covers.openlibrary.org/b/id/1-L.jpg""#))
        #expect(!streamed.contains("absent"))
        #expect(streamed.contains(#""flag":true"#))
        for top in [try Self.sameMeaning("just a string"), try Self.sameMeaning(42), try Self.sameMeaning([String]())] {
            #expect(top.0, "\(top.1) vs \(top.2)")
        }
    }

    @Test func theComparisonTellsDifferentJSONApart() {
        #expect(!Self.same(["a": 1], ["a": 2]))
        #expect(!Self.same(["a": [1, 2]], ["a": [2, 1]]))
        #expect(!Self.same(["a": "x"], ["a": "x", "b": NSNull()]))
        #expect(Self.same(["a": [1, "x"]], ["a": [1, "x"]]))
    }

    @Test func numbersThatAreNotJSONAreRefused() {
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(["x": Double.infinity]) }
    }
}
