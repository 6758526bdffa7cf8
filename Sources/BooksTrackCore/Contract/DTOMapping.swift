import Foundation

/// Turns the canonical DTOs into library models (the DTO mapper).
public enum DTOMapping {
    /// A new author from its description.
    public static func author(_ dto: AuthorDTO, now: Date) -> Author {
        Author(
            name: dto.name,
            sortName: dto.sortName ?? TextNormalization.sortName(forAuthor: dto.name),
            birthYear: dto.birthYear,
            deathYear: dto.deathYear,
            externalIDs: AuthorExternalIDs(openLibraryID: dto.openLibraryID, goodreadsID: dto.goodreadsID, wikidataID: dto.wikidataID),
            dateCreated: now
        )
    }

    /// A new work from its description, pointing at `authorIDs`. Over-long text is cut to the model's limits.
    public static func work(_ dto: WorkDTO, authorIDs: [Author.ID], now: Date) -> Work {
        let split = TextNormalization.splitSeries(fromTitle: dto.title)
        return Work(
            title: String((dto.seriesName == nil && split.series != nil ? split.title : dto.title).prefix(Work.titleLimit)),
            subtitle: dto.subtitle.map { String($0.prefix(Work.titleLimit)) },
            authorIDs: authorIDs,
            genres: Array(dto.subjects.prefix(20)),
            originalLanguage: dto.originalLanguage,
            firstPublicationYear: dto.firstPublicationYear,
            description: dto.description.map { String($0.prefix(Work.descriptionLimit)) },
            seriesName: dto.seriesName ?? split.series,
            seriesPosition: dto.seriesPosition ?? split.position,
            coverImageURL: dto.coverImageURL.flatMap(URL.init(string:)),
            externalIDs: externalIDs(dto),
            providerTag: dto.primaryProvider,
            isSynthetic: dto.synthetic,
            dateCreated: now
        )
    }

    /// The work-level identifiers a description carries.
    public static func externalIDs(_ dto: WorkDTO) -> WorkExternalIDs {
        WorkExternalIDs(
            openLibraryWorkID: dto.openLibraryWorkID,
            isbndbID: dto.isbndbID,
            googleBooksVolumeIDs: dto.googleBooksVolumeIDs,
            goodreadsWorkIDs: dto.goodreadsWorkIDs
        )
    }

    /// A new edition of `workID` from its description; invalid ISBNs and page counts are dropped.
    public static func edition(_ dto: EditionDTO, workID: Work.ID, now: Date) -> Edition {
        Edition(
            workID: workID,
            isbns: (dto.isbn13 + dto.isbn10).compactMap { ISBN($0) },
            publisher: dto.publisher,
            publicationDate: dto.publicationDate.flatMap { PartialDate(parsing: $0) },
            pageCount: dto.pageCount.flatMap { $0 > 0 ? $0 : nil },
            format: dto.format.flatMap(EditionFormat.init(rawValue:)) ?? .other,
            language: dto.language,
            coverImageURL: dto.coverImageURL.flatMap(URL.init(string:)),
            externalIDs: EditionExternalIDs(
                openLibraryEditionID: dto.openLibraryEditionID,
                isbndbID: dto.isbndbID,
                googleBooksVolumeIDs: dto.googleBooksVolumeID.map { [$0] } ?? [],
                amazonASINs: dto.amazonASIN.map { [$0] } ?? []
            ),
            dateCreated: now
        )
    }
}
