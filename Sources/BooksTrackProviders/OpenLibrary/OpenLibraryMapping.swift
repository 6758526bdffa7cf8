import BooksTrackCore

/// Maps Open Library records into the canonical DTOs.
package enum OpenLibraryMapping {
    /// The provenance name.
    package static let provider = "openlibrary"
    // Popular works carry hundreds of subject strings; the first ones are the useful ones.
    package static let maximumSubjects = 25

    /// A search doc as a work; nil when it has no title.
    package static func work(from doc: OpenLibrarySearchDoc) -> WorkDTO? {
        guard let title = doc.title else { return nil }
        let authors = doc.authorNames.enumerated().map { index, name in
            AuthorDTO(name: name, openLibraryID: index < doc.authorKeys.count ? MappingSupport.openLibraryID(from: doc.authorKeys[index]) : nil)
        }
        return WorkDTO(
            title: title, subtitle: doc.subtitle, authors: authors, firstPublicationYear: doc.firstPublishYear,
            subjects: Array(doc.subjects.prefix(maximumSubjects)), coverImageURL: MappingSupport.openLibraryCoverURL(id: doc.coverID),
            openLibraryWorkID: MappingSupport.openLibraryID(from: doc.key), primaryProvider: provider, popularity: doc.ratingsCount
        )
    }

    /// An edition record as an edition; `askedISBN` is added because Open Library found the record by it.
    package static func edition(from edition: OpenLibraryEdition, askedISBN: ISBN?) -> EditionDTO {
        let isbns = MappingSupport.isbns(edition.isbn13 + edition.isbn10, including: askedISBN.map { [$0] } ?? [])
        return EditionDTO(
            isbn13: isbns.isbn13, isbn10: isbns.isbn10, title: edition.title, publisher: edition.publishers.first,
            publicationDate: MappingSupport.publicationDate(edition.publishDate),
            pageCount: edition.numberOfPages.flatMap { Bounds.pageCount.contains($0) ? $0 : nil },
            format: edition.physicalFormat.flatMap(EditionFormat.init(parsingBinding:))?.rawValue,
            language: edition.languageKeys.lazy.compactMap(MappingSupport.languageTag(fromOpenLibraryKey:)).first,
            coverImageURL: edition.covers.lazy.compactMap(MappingSupport.openLibraryCoverURL(id:)).first,
            openLibraryEditionID: MappingSupport.openLibraryID(from: edition.key), amazonASIN: edition.amazonIDs.first,
            primaryProvider: provider
        )
    }

    /// An author record as an author; nil when it has no name.
    package static func author(from author: OpenLibraryAuthor) -> AuthorDTO? {
        guard let name = author.name ?? author.personalName else { return nil }
        return AuthorDTO(
            name: name, birthYear: MappingSupport.year(author.birthDate), deathYear: MappingSupport.year(author.deathDate),
            openLibraryID: MappingSupport.openLibraryID(from: author.key), wikidataID: author.wikidataID,
            goodreadsID: author.goodreadsID
        )
    }

    /// The work of an ISBN lookup: the edition, its work record when there is one, and its authors.
    /// Without a work record the work is built from the edition and marked synthetic.
    package static func work(edition: OpenLibraryEdition, work: OpenLibraryWork?, authors: [AuthorDTO], askedISBN: ISBN) -> WorkDTO? {
        let editionDTO = Self.edition(from: edition, askedISBN: askedISBN)
        guard let title = work?.title ?? edition.title else { return nil }
        return WorkDTO(
            title: title, subtitle: work?.subtitle ?? edition.subtitle, authors: authors,
            firstPublicationYear: MappingSupport.year(work?.firstPublishDate),
            description: work?.description ?? edition.description,
            subjects: Array((work?.subjects ?? []).prefix(maximumSubjects)),
            coverImageURL: (work?.covers ?? []).lazy.compactMap(MappingSupport.openLibraryCoverURL(id:)).first
                ?? editionDTO.coverImageURL,
            openLibraryWorkID: MappingSupport.openLibraryID(from: work?.key ?? edition.workKeys.first),
            editions: [editionDTO], primaryProvider: provider, synthetic: work == nil
        )
    }

    /// An `/api/books` entry as a work; synthetic, since that API answers edition data only.
    package static func work(from record: OpenLibraryBooksAPIRecord, isbn: ISBN) -> WorkDTO? {
        guard let title = record.title else { return nil }
        let isbns = MappingSupport.isbns(record.isbn13 + record.isbn10, including: [isbn])
        let cover = MappingSupport.coverURL(record.coverURL)
        let edition = EditionDTO(
            isbn13: isbns.isbn13, isbn10: isbns.isbn10, title: title, publisher: record.publishers.first,
            publicationDate: MappingSupport.publicationDate(record.publishDate),
            pageCount: record.numberOfPages.flatMap { Bounds.pageCount.contains($0) ? $0 : nil }, coverImageURL: cover,
            openLibraryEditionID: MappingSupport.openLibraryID(from: record.key), primaryProvider: provider
        )
        return WorkDTO(
            title: title, subtitle: record.subtitle,
            authors: record.authors.map { AuthorDTO(name: $0.name, openLibraryID: $0.id) },
            subjects: Array(record.subjects.prefix(maximumSubjects)), coverImageURL: cover, editions: [edition],
            primaryProvider: provider, synthetic: true
        )
    }
}
