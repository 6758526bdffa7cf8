// Decodable shapes of Google Books' answers (FORMATS.md, "Google Books API"), read leniently.

/// `GET /volumes?q=…`: `{kind, totalItems, items[]}`; `items` is absent when nothing matched.
package struct GoogleBooksVolumesResponse: Decodable, Sendable {
    /// How many volumes match in all.
    package var totalItems: Int?
    /// The volumes of this page; empty when nothing matched.
    package var items: [GoogleBooksVolume]

    private enum CodingKeys: String, CodingKey {
        case totalItems, items
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalItems = container.lenientInt(forKey: .totalItems)
        items = container.lenient([GoogleBooksVolume].self, forKey: .items) ?? []
    }
}

/// One volume: Google's record of one edition.
package struct GoogleBooksVolume: Decodable, Sendable {
    /// The volume id, "nRo0Pk8djjoC".
    package var id: String?
    /// The title as the source writes it.
    package var title: String?
    /// The subtitle, when the source separates it.
    package var subtitle: String?
    /// Author names.
    package var authors: [String]
    /// The publisher's name.
    package var publisher: String?
    /// A year, year-month or date: "1992", "1996-06", "2004-03-01".
    package var publishedDate: String?
    /// The description, from a string or a `{type, value}` object.
    package var description: String?
    /// ISBN_10 and ISBN_13 identifiers; OTHER ones ("UOM:39015…") are dropped.
    package var isbns: [String]
    /// The page count.
    package var pageCount: Int?
    /// Subject categories: "Literary Criticism".
    package var categories: [String]
    /// `thumbnail`, else `smallThumbnail`, as given (usually http).
    package var thumbnail: String?
    /// A language code: "en".
    package var language: String?
    /// How many ratings the source holds, for ranking.
    package var ratingsCount: Int?

    private enum CodingKeys: String, CodingKey {
        case id, volumeInfo
    }

    private enum InfoKeys: String, CodingKey {
        case title, subtitle, authors, publisher, publishedDate, description, industryIdentifiers, pageCount, categories
        case imageLinks, language, ratingsCount
    }

    private struct IndustryIdentifier: Decodable {
        let type: String?
        let identifier: String?

        private enum CodingKeys: String, CodingKey {
            case type, identifier
        }

        /// Decodes leniently: unreadable fields become nil or empty.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = container.lenientString(forKey: .type)
            identifier = container.lenientString(forKey: .identifier)
        }
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenientString(forKey: .id)
        guard let info = try? container.nestedContainer(keyedBy: InfoKeys.self, forKey: .volumeInfo) else {
            authors = []
            isbns = []
            categories = []
            return
        }
        title = info.lenientString(forKey: .title)
        subtitle = info.lenientString(forKey: .subtitle)
        authors = info.lenientStrings(forKey: .authors)
        publisher = info.lenientString(forKey: .publisher)
        publishedDate = info.lenientString(forKey: .publishedDate)
        description = info.lenientString(forKey: .description)
        isbns = (info.lenient([IndustryIdentifier].self, forKey: .industryIdentifiers) ?? [])
            .filter { $0.type == "ISBN_10" || $0.type == "ISBN_13" }
            .compactMap(\.identifier)
        pageCount = info.lenientInt(forKey: .pageCount)
        categories = info.lenientStrings(forKey: .categories)
        let imageLinks = info.lenient([String: LossyString].self, forKey: .imageLinks) ?? [:]
        thumbnail = imageLinks["thumbnail"]?.value ?? imageLinks["smallThumbnail"]?.value
        language = info.lenientString(forKey: .language)
        ratingsCount = info.lenientInt(forKey: .ratingsCount)
    }
}
