import BooksTrackCore

/// Maps ISBNdb books into the canonical DTOs.
package enum ISBNdbMapping {
    /// The provenance name.
    package static let provider = "isbndb"

    /// A book as a synthetic work holding the book as its one edition; nil without a title.
    /// `askedISBN` is added because ISBNdb found the book by it.
    package static func work(from book: ISBNdbBook, askedISBN: ISBN? = nil) -> WorkDTO? {
        guard let title = book.title ?? book.titleLong else { return nil }
        let isbns = MappingSupport.isbns([book.isbn13, book.isbn10, book.isbn].compactMap { $0 }, including: askedISBN.map { [$0] } ?? [])
        // ISBNdb has no record ids of its own; the ISBN-13 is how its API addresses a book.
        let isbndbID = isbns.isbn13.first
        let cover = MappingSupport.coverURL(book.image)
        let edition = EditionDTO(
            isbn13: isbns.isbn13, isbn10: isbns.isbn10, title: book.titleLong ?? title, publisher: book.publisher,
            publicationDate: MappingSupport.publicationDate(book.datePublished),
            pageCount: book.pages.flatMap { Bounds.pageCount.contains($0) ? $0 : nil }, format: book.binding.flatMap(EditionFormat.init(parsingBinding:))?.rawValue,
            language: book.language.flatMap(ISO639.languageTag), coverImageURL: cover, isbndbID: isbndbID,
            primaryProvider: provider
        )
        return WorkDTO(
            title: title, authors: book.authors.map { AuthorDTO(name: $0) },
            description: MappingSupport.plainText(fromHTML: book.synopsis), subjects: book.subjects, coverImageURL: cover,
            isbndbID: isbndbID, editions: [edition], primaryProvider: provider, synthetic: true
        )
    }

    /// Whether one of the book's authors is the asked author, however either name is written.
    package static func book(_ book: ISBNdbBook, isBy author: String) -> Bool {
        let asked = Set(TextNormalization.normalizeAuthor(author).split(separator: " "))
        guard !asked.isEmpty else { return true }
        return book.authors.contains { name in
            asked.isSubset(of: Set(TextNormalization.normalizeAuthor(name).split(separator: " ")))
        }
    }
}
