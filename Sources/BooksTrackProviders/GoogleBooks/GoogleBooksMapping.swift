import BooksTrackCore

/// Maps Google Books volumes into the canonical DTOs.
package enum GoogleBooksMapping {
    /// The provenance name.
    package static let provider = "google"

    /// Whether the volume carries `isbn`: Google's `q=isbn:` search is fuzzy and answers unrelated
    /// books for unknown or invalid ISBNs, so only exact identifier matches count.
    package static func volume(_ volume: GoogleBooksVolume, carries isbn: ISBN) -> Bool {
        volume.isbns.contains { ISBN($0) == isbn }
    }

    /// A volume as a synthetic work holding the volume as its one edition; nil without a title.
    package static func work(from volume: GoogleBooksVolume) -> WorkDTO? {
        guard let title = volume.title else { return nil }
        let isbns = MappingSupport.isbns(volume.isbns)
        let cover = MappingSupport.coverURL(volume.thumbnail)
        let edition = EditionDTO(
            isbn13: isbns.isbn13, isbn10: isbns.isbn10, title: title, publisher: volume.publisher,
            publicationDate: MappingSupport.publicationDate(volume.publishedDate),
            pageCount: volume.pageCount.flatMap { Bounds.pageCount.contains($0) ? $0 : nil }, language: volume.language.flatMap(ISO639.languageTag),
            coverImageURL: cover, googleBooksVolumeID: volume.id, primaryProvider: provider
        )
        return WorkDTO(
            title: title, subtitle: volume.subtitle, authors: volume.authors.map { AuthorDTO(name: $0) },
            description: MappingSupport.plainText(fromHTML: volume.description), subjects: volume.categories,
            coverImageURL: cover, googleBooksVolumeIDs: volume.id.map { [$0] } ?? [], editions: [edition],
            primaryProvider: provider, synthetic: true, popularity: volume.ratingsCount
        )
    }
}
