// Decodable shapes of Open Library's answers (FORMATS.md, "Open Library API"). Every field is
// optional and read leniently; only a body that is not a JSON object fails.

/// `GET /search.json`: `{numFound, start, docs[]}`.
package struct OpenLibrarySearchResponse: Decodable, Sendable {
    /// How many docs match in all (`numFound`).
    package var numFound: Int?
    /// The docs of this page.
    package var docs: [OpenLibrarySearchDoc]

    private enum CodingKeys: String, CodingKey {
        case numFound, docs
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        numFound = container.lenientInt(forKey: .numFound)
        docs = container.lenient([OpenLibrarySearchDoc].self, forKey: .docs) ?? []
    }
}

/// One work in a search answer.
package struct OpenLibrarySearchDoc: Decodable, Sendable {
    /// "/works/OL20639540W".
    package var key: String?
    /// The title as the source writes it.
    package var title: String?
    /// The subtitle, when the source separates it.
    package var subtitle: String?
    /// Author names (`author_name`).
    package var authorNames: [String]
    /// "OL7313207A", in the order of `authorNames`.
    package var authorKeys: [String]
    /// The year of the earliest edition (`first_publish_year`).
    package var firstPublishYear: Int?
    /// How many editions the work has (`edition_count`).
    package var editionCount: Int?
    /// ISBNs as given, unvalidated.
    package var isbns: [String]
    /// The cover id (`cover_i`) for covers.openlibrary.org.
    package var coverID: Int?
    /// MARC language codes of the editions ("eng").
    package var languages: [String]
    /// Subject headings, in the source's order.
    package var subjects: [String]
    /// How many ratings the source holds, for ranking.
    package var ratingsCount: Int?

    private enum CodingKeys: String, CodingKey {
        case key, title, subtitle
        case authorNames = "author_name"
        case authorKeys = "author_key"
        case firstPublishYear = "first_publish_year"
        case editionCount = "edition_count"
        case isbns = "isbn"
        case coverID = "cover_i"
        case languages = "language"
        case subjects = "subject"
        case ratingsCount = "ratings_count"
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = container.lenientString(forKey: .key)
        title = container.lenientString(forKey: .title)
        subtitle = container.lenientString(forKey: .subtitle)
        authorNames = container.lenientStrings(forKey: .authorNames)
        authorKeys = container.lenientStrings(forKey: .authorKeys)
        firstPublishYear = container.lenientInt(forKey: .firstPublishYear)
        editionCount = container.lenientInt(forKey: .editionCount)
        isbns = container.lenientStrings(forKey: .isbns)
        coverID = container.lenientInt(forKey: .coverID)
        languages = container.lenientStrings(forKey: .languages)
        subjects = container.lenientStrings(forKey: .subjects)
        ratingsCount = container.lenientInt(forKey: .ratingsCount)
    }
}

/// `GET /books/OL…M.json` (where `/isbn/{isbn}.json` redirects): one edition.
package struct OpenLibraryEdition: Decodable, Sendable {
    /// "/books/OL22951843M".
    package var key: String?
    /// The title as the source writes it.
    package var title: String?
    /// The subtitle, when the source separates it.
    package var subtitle: String?
    /// "/authors/OL382982A".
    package var authorKeys: [String]
    /// "/works/OL15832982W".
    package var workKeys: [String]
    /// Free text: "1996", "November 2006", "October 1, 1988".
    package var publishDate: String?
    /// The page count, read from a number or a string.
    package var numberOfPages: Int?
    /// Cover ids; -1 marks a deleted cover.
    package var covers: [Int]
    /// Publisher names.
    package var publishers: [String]
    /// ISBN-10s as given, unvalidated.
    package var isbn10: [String]
    /// ISBN-13s as given, unvalidated.
    package var isbn13: [String]
    /// "/languages/eng".
    package var languageKeys: [String]
    /// The binding as free text (`physical_format`): "Hardcover", "Mass Market Paperback".
    package var physicalFormat: String?
    /// The description, from a string or a `{type, value}` object.
    package var description: String?
    /// Goodreads book ids from `identifiers`.
    package var goodreadsIDs: [String]
    /// Amazon ASINs from `identifiers`.
    package var amazonIDs: [String]

    private enum CodingKeys: String, CodingKey {
        case key, title, subtitle, authors, works, covers, publishers, languages, description, identifiers
        case publishDate = "publish_date"
        case numberOfPages = "number_of_pages"
        case isbn10 = "isbn_10"
        case isbn13 = "isbn_13"
        case physicalFormat = "physical_format"
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = container.lenientString(forKey: .key)
        title = container.lenientString(forKey: .title)
        subtitle = container.lenientString(forKey: .subtitle)
        authorKeys = (container.lenient([OpenLibraryKeyReference].self, forKey: .authors) ?? []).compactMap(\.key)
        workKeys = (container.lenient([OpenLibraryKeyReference].self, forKey: .works) ?? []).compactMap(\.key)
        publishDate = container.lenientString(forKey: .publishDate)
        numberOfPages = container.lenientInt(forKey: .numberOfPages)
        covers = (container.lenient([LossyInt].self, forKey: .covers) ?? []).compactMap(\.value)
        publishers = container.lenientStrings(forKey: .publishers)
        isbn10 = container.lenientStrings(forKey: .isbn10)
        isbn13 = container.lenientStrings(forKey: .isbn13)
        languageKeys = (container.lenient([OpenLibraryKeyReference].self, forKey: .languages) ?? []).compactMap(\.key)
        physicalFormat = container.lenientString(forKey: .physicalFormat)
        description = container.lenientText(forKey: .description)
        let identifiers = container.lenient([String: [LossyString]].self, forKey: .identifiers) ?? [:]
        goodreadsIDs = identifiers["goodreads"]?.compactMap(\.value) ?? []
        amazonIDs = identifiers["amazon"]?.compactMap(\.value) ?? []
    }
}

/// `GET /works/OL…W.json`: a work.
package struct OpenLibraryWork: Decodable, Sendable {
    /// The record's key, e.g. "/works/OL15832982W".
    package var key: String?
    /// The title as the source writes it.
    package var title: String?
    /// The subtitle, when the source separates it.
    package var subtitle: String?
    /// A string or `{type, value}` in the source.
    package var description: String?
    /// Subject headings, in the source's order.
    package var subjects: [String]
    /// Cover ids; -1 marks a deleted cover.
    package var covers: [Int]
    /// Free text: "1995", "March 1995".
    package var firstPublishDate: String?
    /// "/authors/OL382982A", from `authors[].author.key`.
    package var authorKeys: [String]

    private enum CodingKeys: String, CodingKey {
        case key, title, subtitle, description, subjects, covers, authors
        case firstPublishDate = "first_publish_date"
    }

    private struct AuthorRole: Decodable {
        let key: String?

        private enum CodingKeys: String, CodingKey {
            case author, key
        }

        /// Decodes leniently: unreadable fields become nil or empty.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // Usually `{"author": {"key": …}, "type": …}`; a few records hold `{"key": …}` directly.
            key = container.lenient(OpenLibraryKeyReference.self, forKey: .author)?.key ?? container.lenientString(forKey: .key)
        }
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = container.lenientString(forKey: .key)
        title = container.lenientString(forKey: .title)
        subtitle = container.lenientString(forKey: .subtitle)
        description = container.lenientText(forKey: .description)
        subjects = container.lenientStrings(forKey: .subjects)
        covers = (container.lenient([LossyInt].self, forKey: .covers) ?? []).compactMap(\.value)
        firstPublishDate = container.lenientString(forKey: .firstPublishDate)
        authorKeys = (container.lenient([AuthorRole].self, forKey: .authors) ?? []).compactMap(\.key)
    }
}

/// `GET /authors/OL…A.json`: an author.
package struct OpenLibraryAuthor: Decodable, Sendable {
    /// The record's key, e.g. "/works/OL15832982W".
    package var key: String?
    /// The name as the source writes it.
    package var name: String?
    /// An alternative name form (`personal_name`), used when `name` is missing.
    package var personalName: String?
    /// Free text: "13 September 1916".
    package var birthDate: String?
    /// Free text: "23 November 1990".
    package var deathDate: String?
    /// The biography, from a string or a `{type, value}` object.
    package var bio: String?
    /// The Wikidata id from `remote_ids`, "Q25161".
    package var wikidataID: String?
    /// The Goodreads author id from `remote_ids`.
    package var goodreadsID: String?

    private enum CodingKeys: String, CodingKey {
        case key, name, bio
        case personalName = "personal_name"
        case birthDate = "birth_date"
        case deathDate = "death_date"
        case remoteIDs = "remote_ids"
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = container.lenientString(forKey: .key)
        name = container.lenientString(forKey: .name)
        personalName = container.lenientString(forKey: .personalName)
        birthDate = container.lenientString(forKey: .birthDate)
        deathDate = container.lenientString(forKey: .deathDate)
        bio = container.lenientText(forKey: .bio)
        let remoteIDs = container.lenient([String: LossyString].self, forKey: .remoteIDs) ?? [:]
        wikidataID = remoteIDs["wikidata"]?.value
        goodreadsID = remoteIDs["goodreads"]?.value
    }
}

/// One entry of `GET /api/books?bibkeys=…&format=json&jscmd=data`, keyed by bibkey in the answer.
package struct OpenLibraryBooksAPIRecord: Decodable, Sendable {
    /// "/books/OL16262504M".
    package var key: String?
    /// The title as the source writes it.
    package var title: String?
    /// The subtitle, when the source separates it.
    package var subtitle: String?
    /// Author names with their Open Library ids, from `{name, url}` objects.
    package var authors: [(name: String, id: String?)]
    /// Free text: "2002", "October 1, 1996".
    package var publishDate: String?
    /// The page count, read from a number or a string.
    package var numberOfPages: Int?
    /// Publisher names.
    package var publishers: [String]
    /// ISBN-10s as given, unvalidated.
    package var isbn10: [String]
    /// ISBN-13s as given, unvalidated.
    package var isbn13: [String]
    /// Goodreads book ids from `identifiers`.
    package var goodreadsIDs: [String]
    /// The large (else medium) cover URL.
    package var coverURL: String?
    /// Subject headings, in the source's order.
    package var subjects: [String]

    private enum CodingKeys: String, CodingKey {
        case key, title, subtitle, authors, publishers, identifiers, cover, subjects
        case publishDate = "publish_date"
        case numberOfPages = "number_of_pages"
    }

    // Authors, publishers and subjects are `{name, url}` objects in this API.
    private struct Named: Decodable {
        let name: String?
        let url: String?

        private enum CodingKeys: String, CodingKey {
            case name, url
        }

        /// Decodes leniently: unreadable fields become nil or empty.
        init(from decoder: any Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                self.name = MappingSupport.nonBlank(name)
                self.url = nil
            } else {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                name = container.lenientString(forKey: .name)
                url = container.lenientString(forKey: .url)
            }
        }
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = container.lenientString(forKey: .key)
        title = container.lenientString(forKey: .title)
        subtitle = container.lenientString(forKey: .subtitle)
        authors = (container.lenient([Named].self, forKey: .authors) ?? []).compactMap { named in
            named.name.map { ($0, MappingSupport.openLibraryID(from: named.url)) }
        }
        publishDate = container.lenientString(forKey: .publishDate)
        numberOfPages = container.lenientInt(forKey: .numberOfPages)
        publishers = (container.lenient([Named].self, forKey: .publishers) ?? []).compactMap(\.name)
        let identifiers = container.lenient([String: [LossyString]].self, forKey: .identifiers) ?? [:]
        isbn10 = identifiers["isbn_10"]?.compactMap(\.value) ?? []
        isbn13 = identifiers["isbn_13"]?.compactMap(\.value) ?? []
        goodreadsIDs = identifiers["goodreads"]?.compactMap(\.value) ?? []
        let cover = container.lenient([String: LossyString].self, forKey: .cover) ?? [:]
        coverURL = cover["large"]?.value ?? cover["medium"]?.value
        subjects = (container.lenient([Named].self, forKey: .subjects) ?? []).compactMap(\.name)
    }
}
