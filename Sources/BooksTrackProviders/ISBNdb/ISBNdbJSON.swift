// Decodable shapes of ISBNdb API v2 answers (FORMATS.md, "ISBNdb API v2"), read leniently.

/// `GET /book/{isbn}`: `{"book": {…}}`.
package struct ISBNdbBookResponse: Decodable, Sendable {
    /// The book, when the answer holds one.
    package var book: ISBNdbBook?

    private enum CodingKeys: String, CodingKey {
        case book
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        book = try decoder.container(keyedBy: CodingKeys.self).lenient(ISBNdbBook.self, forKey: .book)
    }
}

/// `GET /books/{query}`: `{"total": n, "books": […]}`.
package struct ISBNdbBooksResponse: Decodable, Sendable {
    /// How many books match in all.
    package var total: Int?
    /// The books of this page.
    package var books: [ISBNdbBook]

    private enum CodingKeys: String, CodingKey {
        case total, books
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = container.lenientInt(forKey: .total)
        books = container.lenient([ISBNdbBook].self, forKey: .books) ?? []
    }
}

/// One book (an edition) as ISBNdb describes it.
package struct ISBNdbBook: Decodable, Sendable {
    /// The title as the source writes it.
    package var title: String?
    /// The title with its subtitle (`title_long`).
    package var titleLong: String?
    /// The ISBN the book is filed under, unvalidated.
    package var isbn: String?
    /// ISBN-13s as given, unvalidated.
    package var isbn13: String?
    /// ISBN-10s as given, unvalidated.
    package var isbn10: String?
    /// Author names, in either order ("Rowling, J.K.").
    package var authors: [String]
    /// The publisher's name.
    package var publisher: String?
    /// "1998-09", "2004", sometimes a full timestamp.
    package var datePublished: String?
    /// A number, sometimes written as a string.
    package var pages: Int?
    /// The binding as free text: "Paperback", "Kindle Edition".
    package var binding: String?
    /// A language code: "en", "en_US".
    package var language: String?
    /// The cover image URL.
    package var image: String?
    /// May hold HTML (`<br/>`).
    package var synopsis: String?
    /// Subject headings, in the source's order.
    package var subjects: [String]

    private enum CodingKeys: String, CodingKey {
        case title, isbn, isbn13, isbn10, authors, publisher, pages, binding, language, image, synopsis, overview, subjects
        case titleLong = "title_long"
        case datePublished = "date_published"
    }

    /// Decodes leniently: unreadable fields become nil or empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = container.lenientString(forKey: .title)
        titleLong = container.lenientString(forKey: .titleLong)
        isbn = container.lenientString(forKey: .isbn)
        isbn13 = container.lenientString(forKey: .isbn13)
        isbn10 = container.lenientString(forKey: .isbn10)
        authors = container.lenientStrings(forKey: .authors)
        publisher = container.lenientString(forKey: .publisher)
        datePublished = container.lenientString(forKey: .datePublished)
        pages = container.lenientInt(forKey: .pages)
        binding = container.lenientString(forKey: .binding)
        language = container.lenientString(forKey: .language)
        image = container.lenientString(forKey: .image)
        synopsis = container.lenientString(forKey: .synopsis) ?? container.lenientString(forKey: .overview)
        subjects = container.lenientStrings(forKey: .subjects)
    }
}
