import BooksTrackCore
import Foundation

/// Every stored field of the model a reader sees, and where a reader changes it: a `BookField` or
/// an `AuthorField` (each in the API's JSON, settable by the API, the web app and the terminal),
/// or a named reason why it is not edited as a field. The tests that walk the front ends read it;
/// a stored field added to the model without a place here fails them.
public enum EditableFields {
    /// The stored properties of a value, by name (a property wrapper's `_` removed).
    public static func stored(_ value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap { $0.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } }
    }

    /// Stored fields that are not edited as fields of a book or an author, each with the reason.
    public static let notEdited: [String: [String: String]] = [
        "Work": [
            "id": "identity", "externalIDs": "identifiers at outside services, kept by imports and enrichment",
            "providerTag": "provenance", "isSynthetic": "provenance", "reviewStatus": "the scan review queue decides it",
            "scanImagePath": "the scan's photo", "boundingBox": "the scan's crop", "dateCreated": "set once",
            "lastModified": "derived: every change", "lastEnrichedAt": "derived: enrichment", "dataQuality": "derived",
            "readerSetFields": "derived: every edit", "coverImageURL": "the work's fallback cover; the reader's edition's cover (coverImageURL) is shown before it",
        ],
        "Edition": [
            "id": "identity", "workID": "identity", "externalIDs": "identifiers at outside services",
            "dateCreated": "set once", "lastModified": "derived: every change", "readerSetFields": "derived: every edit",
        ],
        "LibraryEntry": [
            "id": "identity", "userID": "identity", "workID": "identity",
            "currentPage": "the progress route and command (rules: start, finish, re-read)", "progress": "the progress route and command",
            "quotes": "the quotes routes and command", "sessions": "the sessions routes and command", "pagePhotos": "the photos routes and command",
            "readHistory": "derived by the reading rules (re-reads)", "lastModified": "derived: every change",
        ],
        "Author": ["id": "identity", "externalIDs": "identifiers at outside services", "dateCreated": "set once", "lastModified": "derived: every change"],
    ]

    /// Stored fields edited through a field of another name.
    public static let editedAs: [String: [String: String]] = [
        "Work": ["authorIDs": BookField.authors.rawValue, "contributors": BookField.authors.rawValue],
        "LibraryEntry": ["editionID": BookField.owned.rawValue],
    ]

    /// A value for each field of a book, as typed (terminal, web form) and as JSON (the API's
    /// patch), set one after the other on one book added by hand (to read, 300 pages), and the
    /// value the book's JSON then has at `path` (a member, or `edition.member`).
    public struct Sample: Sendable {
        public var field: BookField
        public var text: String
        public var json: String
        public var path: String
        /// What the book's JSON holds at `path` afterwards, written as JSON.
        public var expected: String
    }

    public static let bookSamples: [Sample] = [
        Sample(field: .title, text: "Edited Title", json: #""Edited Title""#, path: "title", expected: #""Edited Title""#),
        Sample(field: .subtitle, text: "A Subtitle", json: #""A Subtitle""#, path: "subtitle", expected: #""A Subtitle""#),
        Sample(field: .authors, text: "Ada Writer", json: #"["Ada Writer"]"#, path: "authors", expected: #"["Ada Writer"]"#),
        Sample(field: .seriesName, text: "Cycle", json: #""Cycle""#, path: "seriesName", expected: #""Cycle""#),
        Sample(field: .seriesPosition, text: "2", json: "2", path: "seriesPosition", expected: "2"),
        Sample(field: .seriesPositionEnd, text: "3", json: "3", path: "seriesPositionEnd", expected: "3"),
        Sample(field: .firstPublicationYear, text: "-700", json: "-700", path: "firstPublicationYear", expected: "-700"),
        Sample(field: .originalCountry, text: "NG", json: #""NG""#, path: "originalCountry", expected: #""NG""#),
        Sample(field: .originalLanguage, text: "fr", json: #""fr""#, path: "originalLanguage", expected: #""fr""#),
        Sample(field: .genres, text: "Fantasy", json: #"["Fantasy"]"#, path: "genres", expected: #"["Fantasy"]"#),
        Sample(field: .description, text: "About it.", json: #""About it.""#, path: "description", expected: #""About it.""#),
        Sample(field: .culturalThemes, text: "memory", json: #"["memory"]"#, path: "culturalThemes", expected: #"["memory"]"#),
        Sample(field: .contentWarnings, text: "war", json: #"["war"]"#, path: "contentWarnings", expected: #"["war"]"#),
        Sample(field: .awards, text: "Hugo Award", json: #"["Hugo Award"]"#, path: "awards", expected: #"["Hugo Award"]"#),
        Sample(field: .readingDifficulty, text: "academic", json: #""academic""#, path: "readingDifficulty", expected: #""academic""#),
        Sample(field: .isbns, text: "0-441-47812-3", json: #"["0-441-47812-3"]"#, path: "edition.isbn13", expected: #"["9780441478125"]"#),
        Sample(field: .publisher, text: "Ace", json: #""Ace""#, path: "edition.publisher", expected: #""Ace""#),
        Sample(field: .publicationDate, text: "1976-07", json: #""1976-07""#, path: "edition.publicationDate", expected: #""1976-07""#),
        Sample(field: .pageCount, text: "304", json: "304", path: "edition.pageCount", expected: "304"),
        Sample(field: .format, text: "paperback", json: #""paperback""#, path: "edition.format", expected: #""paperback""#),
        Sample(field: .language, text: "de", json: #""de""#, path: "edition.language", expected: #""de""#),
        Sample(field: .editionTitle, text: "Anniversary edition", json: #""Anniversary edition""#, path: "edition.editionTitle",
               expected: #""Anniversary edition""#),
        Sample(field: .translator, text: "Tess Lator", json: #""Tess Lator""#, path: "edition.translator", expected: #""Tess Lator""#),
        Sample(field: .narrator, text: "Nora Ator", json: #""Nora Ator""#, path: "edition.narrator", expected: #""Nora Ator""#),
        Sample(field: .audioDurationMinutes, text: "600", json: "600", path: "edition.audioDurationMinutes", expected: "600"),
        Sample(field: .coverImageURL, text: "https://covers.example/x.jpg", json: #""https://covers.example/x.jpg""#,
               path: "edition.coverImageURL", expected: #""https://covers.example/x.jpg""#),
        Sample(field: .status, text: "reading", json: #""reading""#, path: "status", expected: #""reading""#),
        Sample(field: .owned, text: "yes", json: "true", path: "owned", expected: "true"),
        Sample(field: .rating, text: "4.5", json: "4.5", path: "rating", expected: "4.5"),
        Sample(field: .review, text: "Loved it.", json: #""Loved it.""#, path: "review", expected: #""Loved it.""#),
        Sample(field: .reviewHasSpoilers, text: "yes", json: "true", path: "reviewHasSpoilers", expected: "true"),
        Sample(field: .notes, text: "Private.", json: #""Private.""#, path: "notes", expected: #""Private.""#),
        Sample(field: .discussionNotes, text: "For the club.", json: #""For the club.""#, path: "discussionNotes", expected: #""For the club.""#),
        Sample(field: .tags, text: "club", json: #"["club"]"#, path: "tags", expected: #"["club"]"#),
        Sample(field: .isFavorite, text: "yes", json: "true", path: "isFavorite", expected: "true"),
        Sample(field: .isPublic, text: "yes", json: "true", path: "isPublic", expected: "true"),
        Sample(field: .recommendedBy, text: "Sam", json: #""Sam""#, path: "recommendedBy", expected: #""Sam""#),
        Sample(field: .wouldRecommend, text: "yes", json: "true", path: "wouldRecommend", expected: "true"),
        Sample(field: .contributesToCulturalGoal, text: "yes", json: "true", path: "contributesToCulturalGoal", expected: "true"),
        Sample(field: .culturalGoalCategory, text: "translated", json: #""translated""#, path: "culturalGoalCategory", expected: #""translated""#),
        Sample(field: .dailyReadingGoal, text: "20", json: "20", path: "dailyReadingGoal", expected: "20"),
        Sample(field: .dateAdded, text: "2024-01-02", json: #""2024-01-02""#, path: "dateAdded", expected: #""2024-01-02T00:00:00Z""#),
        Sample(field: .dateStarted, text: "2024-02-03", json: #""2024-02-03""#, path: "dateStarted", expected: #""2024-02-03T00:00:00Z""#),
        Sample(field: .dateCompleted, text: "2024-03-04", json: #""2024-03-04""#, path: "dateCompleted", expected: #""2024-03-04T00:00:00Z""#),
        Sample(field: .dateStopped, text: "2024-03-05", json: #""2024-03-05""#, path: "dateStopped", expected: #""2024-03-05T00:00:00Z""#),
    ]

    /// A value for each field of an author, as typed and as JSON, and the value the author's JSON then holds.
    public static let authorSamples: [(field: AuthorField, text: String, json: String, expected: String)] = [
        (.name, "Ada Q. Writer", #""Ada Q. Writer""#, #""Ada Q. Writer""#),
        (.sortName, "Writer, Ada Q.", #""Writer, Ada Q.""#, #""Writer, Ada Q.""#),
        (.gender, "nonBinary", #""nonBinary""#, #""nonBinary""#),
        (.culturalRegion, "caribbean", #""caribbean""#, #""caribbean""#),
        (.nationality, "JM", #""JM""#, #""JM""#),
        (.ethnicity, "Afro-Caribbean", #""Afro-Caribbean""#, #""Afro-Caribbean""#),
        (.birthYear, "1950", "1950", "1950"),
        (.deathYear, "2020", "2020", "2020"),
        (.marginalizedVoiceOverride, "no", "false", "false"),
    ]

    /// The value at `path` ("member" or "member.member") of a JSON object, written as JSON with
    /// sorted keys; an author list is written as its names. Nil when absent.
    public static func value(at path: String, in object: [String: Any]) -> String? {
        var current: Any? = object
        for key in path.split(separator: ".") { current = (current as? [String: Any])?[String(key)] }
        guard var current else { return nil }
        if path == "authors", let authors = current as? [[String: Any]] { current = authors.compactMap { $0["name"] as? String } }
        guard let data = try? JSONSerialization.data(withJSONObject: current, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
