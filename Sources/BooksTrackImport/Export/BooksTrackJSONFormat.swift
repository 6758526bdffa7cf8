import BooksTrackCore
import Foundation

/// The BooksTrack JSON export: the names and lines its writer and reader share.
///
/// The document is one JSON object, laid out with one author or book per line so that it can be
/// read a line at a time:
///
///     {"format":"bookstrack","version":1,"exportedAt":"2025-06-15T12:00:00Z","authors":[
///     {"id":"…","name":"Ursula K. Le Guin",…},
///     {"id":"…","name":"Octavia E. Butler",…}
///     ],"books":[
///     {"work":{…},"editions":[{…},{…}],"entry":{…}},
///     {"work":{…},"editions":[],"entry":{…}}
///     ]}
///
/// Dates are ISO 8601 text in UTC with the fraction of a second to the nanosecond
/// (`"2026-11-22T09:00:00.25Z"`), like every JSON the program writes; files written before that
/// hold seconds since 2001-01-01 as numbers, which are still read. Members whose value is unknown are left out; lists
/// are always written. Photo bytes, when exported, are base64 text in the photo's `data` member, and
/// the photo as it was sent, where the library kept it, in its `original` member.
enum BooksTrackJSONFormat {
    /// The value of the document's `format` member.
    static let name = "bookstrack"
    /// The layout version this module writes, and the newest it reads.
    static let version = 1
    /// The line between the last author and the first book.
    static let booksLine: StaticString = "],\"books\":["
    /// The last line of the document.
    static let endLine: StaticString = "]}"

    /// A decoder reading dates as ISO 8601 text, or as the seconds since 2001 of older files.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) {
                guard seconds.isFinite else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "a date that is not a finite number")
                }
                return Date(timeIntervalSinceReferenceDate: seconds)
            }
            let text = try container.decode(String.self)
            guard let date = ISO8601Text.date(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text.prefix(40))\" is not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }
}
