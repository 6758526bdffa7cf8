import BooksTrackCore

/// Merges what several providers said about the same book: fields missing from a higher-priority
/// answer are filled from lower-priority ones, lists are united, and provenance records who helped.
enum WorkMerger {
    /// Merges answers given in priority order (best first) into one work.
    static func merge(_ works: [WorkDTO]) -> WorkDTO? {
        guard var merged = works.first else { return nil }
        var contributors = merged.contributors
        for other in works.dropFirst() {
            if fill(&merged, from: other) {
                for name in other.contributors where !contributors.contains(name) { contributors.append(name) }
            }
        }
        merged.contributors = contributors
        merged.synthetic = works.allSatisfy(\.synthetic)
        if contributors.count > 1 {
            merged.primaryProvider = "orchestrated:" + contributors.joined(separator: "+")
        }
        return merged
    }

    /// Fills `work`'s gaps from `other`; returns true when `other` added anything.
    private static func fill(_ work: inout WorkDTO, from other: WorkDTO) -> Bool {
        var added = false
        func take<T>(_ path: WritableKeyPath<WorkDTO, T?>) {
            if work[keyPath: path] == nil, let value = other[keyPath: path] {
                work[keyPath: path] = value
                added = true
            }
        }
        take(\.subtitle)
        take(\.firstPublicationYear)
        take(\.description)
        take(\.originalLanguage)
        take(\.seriesName)
        take(\.seriesPosition)
        take(\.coverImageURL)
        take(\.openLibraryWorkID)
        take(\.isbndbID)
        take(\.popularity)
        if work.authors.isEmpty, !other.authors.isEmpty {
            work.authors = other.authors
            added = true
        } else {
            for index in work.authors.indices {
                let key = TextNormalization.normalizeAuthor(work.authors[index].name)
                guard let match = other.authors.first(where: { TextNormalization.normalizeAuthor($0.name) == key }) else { continue }
                added = fill(&work.authors[index], from: match) || added
            }
        }
        added = unite(&work.subjects, other.subjects, caseInsensitive: true) || added
        added = unite(&work.googleBooksVolumeIDs, other.googleBooksVolumeIDs) || added
        added = unite(&work.goodreadsWorkIDs, other.goodreadsWorkIDs) || added
        for edition in other.editions {
            let isbns = Set(edition.isbn13)
            if !isbns.isEmpty, let index = work.editions.firstIndex(where: { !isbns.isDisjoint(with: $0.isbn13) }) {
                added = fill(&work.editions[index], from: edition) || added
            } else if isbns.isEmpty || work.editions.isEmpty {
                // An edition without ISBNs cannot be matched; keep it only when there is nothing else.
                if work.editions.isEmpty {
                    work.editions.append(edition)
                    added = true
                }
            } else {
                work.editions.append(edition)
                added = true
            }
        }
        return added
    }

    private static func fill(_ author: inout AuthorDTO, from other: AuthorDTO) -> Bool {
        var added = false
        func take<T>(_ path: WritableKeyPath<AuthorDTO, T?>) {
            if author[keyPath: path] == nil, let value = other[keyPath: path] {
                author[keyPath: path] = value
                added = true
            }
        }
        take(\.sortName)
        take(\.birthYear)
        take(\.deathYear)
        take(\.openLibraryID)
        take(\.wikidataID)
        take(\.goodreadsID)
        return added
    }

    private static func fill(_ edition: inout EditionDTO, from other: EditionDTO) -> Bool {
        var added = false
        func take<T>(_ path: WritableKeyPath<EditionDTO, T?>) {
            if edition[keyPath: path] == nil, let value = other[keyPath: path] {
                edition[keyPath: path] = value
                added = true
            }
        }
        take(\.title)
        take(\.publisher)
        take(\.publicationDate)
        take(\.pageCount)
        take(\.format)
        take(\.language)
        take(\.coverImageURL)
        take(\.openLibraryEditionID)
        take(\.googleBooksVolumeID)
        take(\.isbndbID)
        take(\.amazonASIN)
        added = unite(&edition.isbn13, other.isbn13) || added
        added = unite(&edition.isbn10, other.isbn10) || added
        if added {
            for name in other.contributors where !edition.contributors.contains(name) { edition.contributors.append(name) }
        }
        return added
    }

    private static func unite(_ list: inout [String], _ other: [String], caseInsensitive: Bool = false) -> Bool {
        var seen = Set(list.map { caseInsensitive ? $0.lowercased() : $0 })
        var added = false
        for value in other where seen.insert(caseInsensitive ? value.lowercased() : value).inserted {
            list.append(value)
            added = true
        }
        return added
    }

    /// True when a work has what a reader needs to add it without looking further: authors, a
    /// cover, and an edition with a page count and a publication date or publisher.
    static func isComplete(_ work: WorkDTO) -> Bool {
        guard !work.authors.isEmpty, work.coverImageURL != nil || work.editions.contains(where: { $0.coverImageURL != nil }) else {
            return false
        }
        return work.editions.contains { $0.pageCount != nil && ($0.publicationDate != nil || $0.publisher != nil) }
    }
}
