import Foundation
import Testing

@testable import BooksTrackCore

/// The one reading of a list's query string and of a typed progress that the API, the web app
/// and the terminal share.
@Suite struct RequestShapeParsingTests {
    static func query(_ parameters: [String: String]) throws(EntryQuery.ParseError) -> EntryQuery {
        try EntryQuery(parsing: { parameters[$0] }, defaultLimit: 48)
    }

    @Test func aListsFiltersAreReadWithTheWordsEitherFrontEndSends() throws {
        let query = try Self.query(["status": "reading,read", "tag": "sci-fi", "favorite": "yes", "owned": "0", "sort": "title", "order": "desc",
                                    "limit": "20", "offset": "40"])
        #expect(query.statuses == [.reading, .read])
        #expect(query.tag == "sci-fi")
        #expect(query.isFavorite == true)
        #expect(query.isOwned == false)
        #expect(query.sort == .title)
        #expect(query.descending)
        #expect(query.limit == 20)
        #expect(query.offset == 40)
        for (text, value) in [("true", true), ("1", true), ("yes", true), ("YES", true), ("false", false), ("0", false), ("no", false)] {
            #expect(try EntryQuery.flag(text, field: "owned") == value, "\(text)")
        }
    }

    @Test func anEmptyValueIsNoFilterAndTheDefaultsStand() throws {
        let query = try Self.query(["status": "", "tag": "", "favorite": "", "owned": "", "sort": "", "order": "", "limit": "", "offset": ""])
        #expect(query.statuses == nil && query.tag == nil && query.isFavorite == nil && query.isOwned == nil)
        #expect(query.sort == .dateAdded && query.descending)
        #expect(query.limit == 48 && query.offset == 0)
    }

    @Test(arguments: [
        (["status": "flying"], "status", false), (["status": "reading,,nope"], "status", false), (["favorite": "maybe"], "favorite", false),
        (["sort": "nonsense"], "sort", false), (["order": "up"], "order", false), (["limit": "0"], "limit", true),
        (["limit": "201"], "limit", true), (["offset": "-1"], "offset", true), (["offset": "99999999999999999999"], "offset", true),
        (["limit": "1e3"], "limit", true),
    ])
    func whatIsNotOneOfTheChoicesIsRefusedNamingItsField(parameters: [String: String], field: String, outOfRange: Bool) {
        #expect {
            _ = try Self.query(parameters)
        } throws: { error in
            guard let error = error as? EntryQuery.ParseError else { return false }
            return error.field == field && error.isOutOfRange == outOfRange && error.message.hasPrefix(field)
        }
    }

    @Test func aProgressIsAPageOrAPercentage() {
        #expect(ProgressPosition(parsing: "120") == .page(120))
        #expect(ProgressPosition(parsing: "  45% ") == .percent(45))
        #expect(ProgressPosition(parsing: "12.5 %") == .percent(12.5))
        for typed in ["", "%", "abc", "45%%", "12 pages", "99999999999999999999", "1e3"] {
            #expect(ProgressPosition(parsing: typed) == nil, "\(typed)")
        }
    }
}
