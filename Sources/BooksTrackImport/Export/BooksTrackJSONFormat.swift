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
/// Dates are JSON numbers: seconds since 2001-01-01 00:00:00 UTC, written in the shortest form
/// that reads back as the same `Double`, so a date survives the round trip to the last bit
/// (ISO 8601 text keeps milliseconds at best). Members whose value is unknown are left out; lists
/// are always written. Photo bytes, when exported, are base64 text in the photo's `data` member.
enum BooksTrackJSONFormat {
    /// The value of the document's `format` member.
    static let name = "bookstrack"
    /// The layout version this module writes, and the newest it reads.
    static let version = 1
    /// The line between the last author and the first book.
    static let booksLine: StaticString = "],\"books\":["
    /// The last line of the document.
    static let endLine: StaticString = "]}"
}
